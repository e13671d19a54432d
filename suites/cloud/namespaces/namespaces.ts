import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { CLUSTERS, placement } from '../support/infra.ts';
import { listAll, sameResource, type Json } from '../support/lists.ts';
import { EVENTS } from '../support/streams.ts';
import { CREATES } from '../support/operation-requirements.ts';

const R = {
  segment: 'cloud/namespaces/optional-segment',
  caller: 'cloud/namespaces/default-to-caller',
  owner: 'cloud/namespaces/identifies-owner',
  org: 'cloud/namespaces/organization',
  orgPermissions: 'cloud/auth/organization-permissions-not-shown',
  events: 'cloud/namespaces/events-segment',
};

/** A node cluster created at `path` (a namespaced collection), terminated after the check. */
async function clusterAt(ctx: CloudContext, path: string, api = ctx.api, onRefused?: (status: number) => void): Promise<Json | undefined> {
  const at = await placement(ctx);
  const res = await api.post(path, { name: ctx.uniqueName('ns'), node_type: at.nodeType, region: at.region });
  if (res.status >= 300) {
    onRefused?.(res.status);
    return undefined;
  }
  const created = ctx.expectJson<Json>(res, 'create');
  ctx.defer(async () => void (await api.delete(String(created.resource_uri))));
  return created;
}

const has = (items: Json[], c: Json): boolean => items.some((i) => i.uuid === c.uuid);

export default [
  cloudCheck({
    id: R.caller,
    title: "Without the namespace segment the namespace is the caller's: a cluster created either way is found the other way",
    requirements: [R.caller, R.segment],
    endpoint: 'cloud/nodecluster/list',
    async run(ctx) {
      const own = ctx.namespaced(CLUSTERS, ctx.api.credentials!.user);
      const plain = await clusterAt(ctx, CLUSTERS);
      const spelled = await clusterAt(ctx, own);
      if (!plain) return ctx.preconditionUnmet('create without the namespace segment failed', CREATES['node-cluster']);
      ctx.expect(!!spelled, `POST ${own} (the caller's own namespace) was refused`, { requirement: R.segment });
      ctx.expect(has(await listAll(ctx, own), plain), "a cluster created without the segment is not listed in the caller's namespace", {
        requirement: R.caller,
      });
      ctx.expect(has(await listAll(ctx, CLUSTERS), spelled!), "a cluster created in the caller's namespace is not listed without the segment", {
        requirement: R.caller,
      });
      const get = await ctx.api.get(`${own}${String(plain.uuid)}/`);
      ctx.expectStatus(get, 200, "GET of the cluster through the caller's namespace", R.segment);
    },
  }),
  cloudCheck({
    id: R.owner,
    title: "The namespace identifies the owner: another user's namespace is refused, and lists show only the owner's resources",
    endpoint: 'cloud/nodecluster/list',
    async run(ctx) {
      const second = ctx.secondUser();
      const theirs = await clusterAt(ctx, CLUSTERS, second);
      if (!theirs) return ctx.preconditionUnmet('the second user could not create a node cluster', CREATES['node-cluster']);
      const mine = await listAll(ctx, CLUSTERS);
      ctx.expect(!has(mine, theirs), "the first user's list holds the second user's cluster", { requirement: R.owner });
      const foreign = ctx.namespaced(CLUSTERS, second.credentials!.user);
      const list = await ctx.api.get(foreign);
      const leaked = list.status === 200 && has(ctx.listObjects(list, 'foreign list'), theirs);
      ctx.expect(list.status >= 400 && !leaked, `GET ${foreign} (another user's namespace) answered ${list.status}`, {
        expected: 'refused (403)',
        actual: list.status,
        requirement: R.owner,
      });
      const at = await placement(ctx);
      const write = await ctx.api.post(foreign, { name: ctx.uniqueName('intrude'), node_type: at.nodeType, region: at.region });
      if (write.status < 300) ctx.defer(async () => void (await ctx.api.delete(String(write.json<Json>().resource_uri))));
      ctx.expect(write.status >= 400, `POST ${foreign} answered ${write.status}`, { expected: 'refused (403)', actual: write.status, requirement: R.owner });
      const direct = await ctx.api.get(`${CLUSTERS}${String(theirs.uuid)}/`);
      ctx.expect(direct.status >= 400, `the first user can GET the second user's cluster (${direct.status})`, { requirement: R.owner });
    },
  }),
  cloudCheck({
    id: R.org,
    title: 'A namespace may name an organization of the caller: resources created there belong to it and are listed there',
    requirements: [R.org, R.orgPermissions],
    endpoint: 'cloud/nodecluster/create',
    async run(ctx) {
      const org = ctx.organization();
      const path = ctx.namespaced(CLUSTERS, org);
      const created = await clusterAt(ctx, path, ctx.api, (status) =>
        // A 403 is the organization's permissions, which the spec does not show: the rule cannot be seen, not broken.
        status === 403
          ? ctx.unverified(`POST ${path} answered 403: the run's user may not create in organization ${org} (permissions there are not shown)`)
          : undefined,
      );
      ctx.expect(!!created, `POST ${path} (the organization's namespace) was refused`, { requirement: R.org });
      ctx.expect(has(await listAll(ctx, path), created!), "a cluster created in the organization's namespace is not listed there", { requirement: R.org });
      ctx.expect(!has(await listAll(ctx, CLUSTERS), created!), "a cluster of the organization is listed in the caller's own namespace", { requirement: R.org });
      ctx.expect(String(created!.resource_uri).includes(`/${org}/`), `its resource_uri ${created!.resource_uri} does not name the organization`, {
        requirement: R.org,
      });
      const got = await ctx.api.get(String(created!.resource_uri));
      ctx.expectStatus(got, 200, 'GET of the organization cluster', R.org);
      ctx.expect(sameResource(got.json<Json>().resource_uri, created!.resource_uri), 'GET returns another cluster', { requirement: R.org });
      ctx.observe(`the first user may create and read in organization ${org}`);
    },
  }),
  cloudCheck({
    id: R.events,
    title: 'facts: the events endpoint accepts the namespace segment and a trailing /',
    endpoint: 'cloud/events',
    async run(ctx) {
      for (const path of [ctx.namespaced(EVENTS, ctx.api.credentials!.user), `${EVENTS}/`]) {
        const session = await ctx.api.openStream(path);
        ctx.defer(() => session.close());
        ctx.expectEqual(session.status, 101, `the events upgrade at ${path} was not accepted`, R.events);
      }
    },
  }),
];
