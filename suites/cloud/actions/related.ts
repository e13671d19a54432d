import { ACTIONS } from '../support/actions.ts';
import { sharedNodes, createStack, firstContainer, operateAndSettle, serviceBody } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { deployedNode } from '../support/infra.ts';
import { listAll, sameResource } from '../support/lists.ts';

const LIST = 'cloud/action/list';
const id = (rule: string): string => `cloud/action/list/${rule}`;

/** The action URI a call's response names (a precondition of these checks). */
async function recorded(ctx: CloudContext, call: Promise<{ headers: Record<string, string>; status: number }>): Promise<string> {
  const res = await call;
  const uri = res.headers[ctx.actionHeader];
  if (!uri) ctx.fail(`precondition: a call answered ${res.status} without the action header`);
  return uri!;
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
    title: "object=<cluster>: include_related=true gives the actions of the cluster and its nodes; false only the cluster's",
    requirements: [id('include-related-nodecluster'), id('include-related-node'), id('include-related-false'), id('filter-object')],
    endpoint: LIST,
    async run(ctx) {
      const { cluster, node } = await deployedNode(ctx);
      const c = cluster.resource_uri;
      const n = node.resource_uri;
      const onCluster = await recorded(ctx, ctx.api.patch(c, { tags: [{ name: 'conformance-rel' }] }));
      const onNode = await recorded(ctx, ctx.api.patch(n, { nickname: ctx.uniqueName('rel') }));
      await ctx.waitForState('node', n, ['Deployed']);
      await expectRelated(ctx, c, 'true', [c, n], [onCluster, onNode], id('include-related-nodecluster'));
      await expectRelated(ctx, n, 'true', [n, c], [onNode, onCluster], id('include-related-node'));
      await expectRelated(ctx, c, 'false', [c], [onCluster], id('include-related-false'));
      await expectRelated(ctx, n, 'false', [n], [onNode], id('filter-object'));
    },
  }),
  cloudCheck({
    id: id('include-related-stack'),
    title: 'object=<stack|service|container>&include_related=true gives the actions of exactly the related objects',
    requirements: [id('include-related-stack'), id('include-related-service'), id('include-related-container'), id('object-only-with-include-related')],
    endpoint: LIST,
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const stack = await createStack(ctx, { name: ctx.uniqueName('stk').slice(-30), services: [serviceBody(ctx, at)] });
      const st = stack.resource_uri;
      await operateAndSettle(ctx, stack, 'start');
      const svc = String(((await ctx.getJson('stack', st, 'stack')).services as string[])[0]);
      const ctr = String((await firstContainer(ctx, await ctx.getJson('service', svc, 'service'))).resource_uri);
      const onStack = await recorded(ctx, ctx.api.patch(st, {}));
      await ctx.waitForState('stack', st, ['Running', 'Partly running']);
      const onService = await recorded(ctx, ctx.api.patch(svc, { nickname: 'conformance-rel' }));
      await ctx.waitForState('service', svc, ['Running', 'Partly running']);
      const onContainer = await recorded(ctx, ctx.api.post(`${ctr}stop/`));
      await ctx.waitForState('container', ctr, ['Stopped']);
      await expectRelated(ctx, ctr, 'true', [ctr, svc, st], [onContainer, onService, onStack], id('include-related-container'));
      await expectRelated(ctx, svc, 'true', [ctr, svc, st], [onContainer, onService, onStack], id('include-related-service'));
      await expectRelated(ctx, st, 'true', [ctr, svc, st], [onContainer, onService, onStack], id('include-related-stack'));
      const mixed = await ctx.api.get(ACTIONS, { object: st, state: 'Success' });
      ctx.observe(`object combined with state (not shown) answered ${mixed.status}`);
    },
  }),
];
