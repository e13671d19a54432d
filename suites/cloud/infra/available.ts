/**
 * Spec: Provider, "available B (available for new node deployments)". On a provider that shows
 * available false no new node gets deployed. How the service turns such a deployment down is not
 * shown: an error answer to the create or to the deploy, or a deploy action that ends Failed, all
 * do; a cluster there that reaches a deployed state, or a node of it that does, is the breach.
 */
import { ENDS, finishedActionOf, isSuccess } from '../support/actions.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { CATALOG, CLUSTERS } from '../support/infra.ts';
import { listAll, sameResource, type Json } from '../support/lists.ts';

const AVAILABLE = 'cloud/provider/available';
/** Cluster states of a cluster that has deployed nodes (a deployment still under way, or one that failed, is none of them). */
const DEPLOYED = ['Deployed', 'Partly deployed'];
/** Node states of a node that has been deployed. */
const NODE_DEPLOYED = ['Deployed', 'Unreachable', 'Upgrading'];

/** A region and a node type offered there, of a provider that shows available false. */
async function unavailablePlacement(ctx: CloudContext): Promise<{ provider: string; region: string; nodeType: string } | undefined> {
  const [providers, regions, types] = await ctx.setUp(() => Promise.all([CATALOG.provider, CATALOG.region, CATALOG.nodetype].map((p) => listAll(ctx, p))));
  for (const p of providers!.filter((o) => o.available === false)) {
    for (const r of regions!.filter((o) => sameResource(o.provider, p.resource_uri))) {
      const t = types!.find((o) => Array.isArray(o.regions) && o.regions.some((u) => sameResource(u, r.resource_uri)));
      if (t) return { provider: String(p.resource_uri), region: String(r.resource_uri), nodeType: String(t.resource_uri) };
    }
  }
  return undefined;
}

/** No cluster named `name` is deployed, nor any node of it. */
async function expectNothingDeployed(ctx: CloudContext, name: string, provider: string): Promise<void> {
  const clusters = (await listAll(ctx, CLUSTERS)).filter((c) => c.name === name);
  const nodes: Json[] = [];
  for (const c of clusters) for (const n of (c.nodes as string[] | undefined) ?? []) nodes.push(await ctx.getJson('node', n, 'a node of the cluster'));
  const deployed = nodes.filter((n) => NODE_DEPLOYED.includes(String(n.state))).map((n) => `${String(n.resource_uri)} (${String(n.state)})`);
  const states = clusters.map((c) => String(c.state)).filter((s) => DEPLOYED.includes(s));
  ctx.expect(deployed.length === 0 && states.length === 0, `a node cluster on provider ${provider}, which shows available false, was deployed`, {
    expected: 'no node deployed (the create or the deploy refused, or its action ended Failed)',
    actual: { cluster_states: clusters.map((c) => c.state), nodes: deployed },
    requirement: AVAILABLE,
  });
}

export default [
  cloudCheck({
    id: AVAILABLE,
    title: 'available false means not available for new node deployments: a node cluster created and deployed there gets no deployed node',
    endpoint: 'cloud/nodecluster/deploy',
    async run(ctx) {
      const at = await unavailablePlacement(ctx);
      if (!at) return ctx.notApplicable('no provider of the catalog shows available false with a region and a node type: nothing to deploy on');
      const name = ctx.uniqueName('unavailable');
      const res = await ctx.api.post(CLUSTERS, { name, node_type: at.nodeType, region: at.region });
      const uri = isSuccess(res.status) ? res.json<Json>().resource_uri : undefined;
      if (typeof uri === 'string') {
        ctx.defer(async () => void (await ctx.api.delete(uri)));
        const deploy = await ctx.api.post(`${uri}deploy/`);
        ctx.observe(`create on ${at.provider} answered ${res.status}, its deploy ${deploy.status}`);
        if (isSuccess(deploy.status)) ctx.observe(`the deploy action ended ${(await finishedActionOf(ctx, deploy, 'deploy', 60_000, ENDS)).state}`);
      } else ctx.observe(`create on ${at.provider} answered ${res.status}`);
      await expectNothingDeployed(ctx, name, at.provider);
    },
  }),
];
