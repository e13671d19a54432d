import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { ACTIONS, actionUriOf } from '../support/actions.ts';
import { sharedNodes, createStack, firstContainer, operateAndSettle, runningService, serviceBody, waitForContainers } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { deployedCluster } from '../support/infra.ts';
import { listAll, sameResource } from '../support/lists.ts';
import { OPERATION } from '../support/operation-requirements.ts';

const LIST = 'cloud/action/list';
const id = (rule: string): string => `cloud/action/list/${rule}`;

/** The action URI a call's response names (a missing header is the header rule's breach). */
async function recorded(ctx: CloudContext, call: Promise<HttpResponse>): Promise<string> {
  return actionUriOf(ctx, await call, 'a call on a related object');
}

interface Obj {
  uri: string;
  view: 'stack' | 'service' | 'container';
}
const uris = (objs: readonly Obj[]): string[] => objs.map((o) => o.uri);

/**
 * A stack of two services (two containers and one) started on the shared nodes, and a service
 * outside it with its container: the related sets of a container, a service and the stack all
 * differ, and the outside objects belong to none.
 */
async function relatedStack(ctx: CloudContext): Promise<{ st: Obj; services: [Obj, Obj]; containers: [Obj, Obj, Obj]; outside: Obj[] }> {
  const at = await sharedNodes(ctx);
  const body = { name: ctx.uniqueName('stk').slice(-30), services: [serviceBody(ctx, at, { target_num_containers: 2 }), serviceBody(ctx, at)] };
  const stack = await createStack(ctx, body);
  await operateAndSettle(ctx, stack, 'start');
  const [a, b] = ((await ctx.getJson('stack', stack.resource_uri, 'stack')).services as string[]).map(String);
  const [a1, a2] = await waitForContainers(ctx, { resource_uri: a! }, 2);
  const [b1] = await waitForContainers(ctx, { resource_uri: b! }, 1);
  const other = await runningService(ctx, at);
  const u1 = await firstContainer(ctx, other);
  const ctr = (c: { resource_uri: string } | undefined): Obj => ({ uri: String(c?.resource_uri), view: 'container' });
  return {
    st: { uri: stack.resource_uri, view: 'stack' },
    services: [
      { uri: a!, view: 'service' },
      { uri: b!, view: 'service' },
    ],
    containers: [ctr(a1), ctr(a2), ctr(b1)],
    outside: [{ uri: other.resource_uri, view: 'service' }, ctr(u1)],
  };
}

/**
 * One recorded action on each object, one object at a time, each settled before the next: a
 * PATCH of a stack or service, a stop of a container. Returns the action URI of each object.
 */
async function actOnEach(ctx: CloudContext, objs: readonly Obj[]): Promise<(o: Obj) => string> {
  const actions = new Map<string, string>();
  for (const o of objs) {
    if (o.view === 'container') {
      actions.set(o.uri, await recorded(ctx, ctx.api.post(`${o.uri}stop/`)));
      await ctx.waitForState('container', o.uri, ['Stopped']);
    } else {
      actions.set(o.uri, await recorded(ctx, ctx.api.patch(o.uri, o.view === 'stack' ? {} : { nickname: ctx.uniqueName('rel').slice(-30) })));
      await ctx.waitForState(o.view, o.uri, ['Running', 'Partly running', 'Stopped']);
    }
  }
  return (o) => actions.get(o.uri)!;
}

/**
 * object=<uri>&include_related=<flag> returns exactly the actions on `related` objects: all the
 * `known` actions, and none whose object is outside `related`. Breaches are recorded and the check
 * goes on, so that each combination's requirement is judged on its own.
 */
async function expectRelated(
  ctx: CloudContext,
  object: string,
  flag: 'true' | 'false',
  related: string[],
  known: string[],
  requirement: string,
): Promise<void> {
  const listed = await listAll(ctx, ACTIONS, { object, include_related: flag });
  const outside = listed.filter((a) => !related.some((r) => sameResource(a.object, r)));
  ctx.verify(outside.length === 0, `object=${object}&include_related=${flag} returned actions of unrelated objects`, {
    expected: related,
    actual: outside.map((a) => a.object),
    requirement,
  });
  const missing = known.filter((k) => !listed.some((a) => sameResource(a.resource_uri, k)));
  ctx.verify(missing.length === 0, `object=${object}&include_related=${flag} left out actions of related objects`, {
    expected: known,
    actual: missing,
    requirement,
  });
}

export default [
  cloudCheck({
    id: id('include-related-nodecluster'),
    title:
      "object=<cluster>: include_related=true gives the actions of the cluster and its nodes, of a node its own and its cluster's; false only the object's",
    requirements: [id('include-related-nodecluster'), id('include-related-node'), id('include-related-false'), id('filter-object')],
    endpoint: LIST,
    async run(ctx) {
      // Two nodes: the second one's action belongs to the cluster's related set, not to the first node's.
      const cluster = await deployedCluster(ctx, 2);
      const c = cluster.resource_uri;
      const [n, sibling] = cluster.nodes ?? [];
      if (!n || !sibling) return ctx.preconditionUnmet(`the deployed cluster ${c} of two nodes lists ${cluster.nodes?.length ?? 0}`, OPERATION.clusterDeploy);
      for (const node of [n, sibling]) await ctx.waitForState('node', node, ['Deployed']);
      const onCluster = await recorded(ctx, ctx.api.patch(c, { tags: [{ name: 'conformance-rel' }] }));
      const onNode = await recorded(ctx, ctx.api.patch(n, { nickname: ctx.uniqueName('rel') }));
      const onSibling = await recorded(ctx, ctx.api.patch(sibling, { nickname: ctx.uniqueName('rel') }));
      for (const node of [n, sibling]) await ctx.waitForState('node', node, ['Deployed']);
      await expectRelated(ctx, c, 'true', [c, n, sibling], [onCluster, onNode, onSibling], id('include-related-nodecluster'));
      await expectRelated(ctx, n, 'true', [n, c], [onNode, onCluster], id('include-related-node'));
      await expectRelated(ctx, c, 'false', [c], [onCluster], id('include-related-false'));
      await expectRelated(ctx, n, 'false', [n], [onNode], id('filter-object'));
    },
  }),
  cloudCheck({
    id: id('include-related-stack'),
    title: 'object=<stack|service|container>&include_related=true gives the actions of exactly the related objects (a stack of two services, three containers)',
    requirements: [
      id('include-related-stack'),
      id('include-related-service'),
      id('include-related-container'),
      id('include-related-false'),
      id('object-only-with-include-related'),
    ],
    endpoint: LIST,
    async run(ctx) {
      const { st, services, containers, outside } = await relatedStack(ctx);
      const [a, b] = services;
      const [a1, a2, b1] = containers;
      const act = await actOnEach(ctx, [st, a, b, a1, a2, b1, ...outside]);
      // Related sets of the spec's words: each differs, and the service outside the stack is in none.
      await expectRelated(ctx, a1.uri, 'true', [a1.uri, a.uri, st.uri], [act(a1), act(a), act(st)], id('include-related-container'));
      await expectRelated(ctx, a.uri, 'true', [a1.uri, a2.uri, a.uri, st.uri], [act(a1), act(a2), act(a), act(st)], id('include-related-service'));
      const all = [st, a, b, a1, a2, b1];
      await expectRelated(ctx, st.uri, 'true', uris(all), all.map(act), id('include-related-stack'));
      await expectRelated(ctx, a.uri, 'false', [a.uri], [act(a)], id('include-related-false'));
      // A container of a service outside any stack ("its stack (if any)"): itself and its service only.
      const [loneService, loneContainer] = outside as [Obj, Obj];
      await expectRelated(ctx, loneContainer.uri, 'true', uris(outside), outside.map(act), id('include-related-container'));
      await expectRelated(ctx, loneService.uri, 'true', uris(outside), outside.map(act), id('include-related-service'));
      // A terminated container is still one of its service's and its stack's ("all its containers"): its actions stay related.
      const ended = await recorded(ctx, ctx.api.delete(a2.uri));
      await ctx.waitForState('container', a2.uri, ['Terminated']);
      await expectRelated(ctx, a.uri, 'true', [a1.uri, a2.uri, a.uri, st.uri], [act(a1), act(a2), act(a), act(st), ended], id('include-related-service'));
      await expectRelated(ctx, st.uri, 'true', uris(all), [...all.map(act), ended], id('include-related-stack'));
      const mixed = await ctx.api.get(ACTIONS, { object: st.uri, state: 'Success' });
      ctx.observe(`object combined with state (not shown) answered ${mixed.status}`);
    },
  }),
];
