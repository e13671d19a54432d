import fc from 'fast-check';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { compareFiltered, confirmMissing, fieldMatches, filterCheck, settledState } from '../support/filters.ts';
import { CLUSTER_SETTLED, CLUSTERS, createCluster, deployedCluster, otherPlacement, placement, settle } from '../support/infra.ts';
import { expectShownAsGot, listAll, type Json } from '../support/lists.ts';

const LIST = 'cloud/nodecluster/list';
const RETURNS = 'cloud/nodecluster/list/returns-node-clusters';
/** Fields of a created cluster that its GET and its entry in the list show alike. */
const SHOWN = ['disk', 'target_num_nodes', 'current_num_nodes', 'deployed_datetime', 'destroyed_datetime'];
const FILTERS = ['uuid', 'state', 'name', 'region', 'node_type'] as const;

/** Clusters of this check that every filter must split: two states (Init, Terminated), two regions and node types. */
async function ensureTwo(ctx: CloudContext): Promise<void> {
  const first = await placement(ctx);
  await createCluster(ctx, {}, first);
  const gone = await createCluster(ctx, {}, (await otherPlacement(ctx, first)) ?? first);
  await ctx.api.delete(gone.resource_uri);
  await settle(ctx, 'node-cluster', gone.resource_uri, ['Terminated']);
}

/**
 * For the state filter, also a deployed cluster whose node is terminated: a state of two words
 * (Empty cluster on the reference; where it settles is not shown), whose value carries a space.
 */
async function ensureStates(ctx: CloudContext): Promise<void> {
  await ensureTwo(ctx);
  const cluster = await deployedCluster(ctx, 1);
  for (const node of cluster.nodes ?? []) {
    await ctx.api.delete(node);
    await settle(ctx, 'node', node, ['Terminated']);
  }
  await settle(ctx, 'node-cluster', cluster.resource_uri, [...CLUSTER_SETTLED, 'Init', 'Terminated']);
}

function filter(param: (typeof FILTERS)[number], what: string) {
  const id = `cloud/nodecluster/list/filter-${param.replace('_', '-')}`;
  const byState = param === 'state' ? { stable: settledState, setup: ensureStates, everyValue: true } : { setup: ensureTwo };
  return filterCheck({ id, endpoint: LIST, path: CLUSTERS, param, ...byState }, `Query ${param} on the node cluster list returns only the clusters ${what}`);
}

export default [
  cloudCheck({
    id: RETURNS,
    title: 'The node cluster list returns a list of node cluster objects',
    endpoint: LIST,
    async run(ctx) {
      const cluster = await createCluster(ctx);
      const objects = await listAll(ctx, CLUSTERS);
      objects.forEach((o, i) => ctx.expectView('node-cluster', o, `node cluster #${i}`, RETURNS));
      const listed = objects.find((o) => o.uuid === cluster.uuid);
      ctx.expect(listed !== undefined, 'a cluster just created is not listed', { requirement: RETURNS });
      if (listed) expectShownAsGot(ctx, listed, await ctx.getJson('node-cluster', cluster.resource_uri), SHOWN, `GET ${CLUSTERS}`, RETURNS);
    },
  }),
  filter('uuid', 'with that uuid'),
  filter('state', 'in that state'),
  filter('name', 'of that name'),
  filter('region', 'in that region'),
  filter('node_type', 'of that node type'),
  cloudCheck({
    id: 'cloud/nodecluster/list/filter-combinations',
    title: 'Random combinations of the node cluster list filters agree with the filters applied to the full list',
    requirements: FILTERS.map((f) => `cloud/nodecluster/list/filter-${f.replace('_', '-')}`),
    endpoint: LIST,
    async run(ctx) {
      const mine = await createCluster(ctx);
      const full = await listAll(ctx, CLUSTERS);
      const pool = full.length ? full : [mine];
      const stable = (o: Json): boolean => settledState(o) || o.uuid === mine.uuid;
      const query = fc.record(Object.fromEntries(FILTERS.map((f) => [f, fc.option(fc.constantFrom(...pool.map((o) => String(o[f]))), { nil: undefined })])), {
        requiredKeys: [],
      });
      ctx.usedSeed = ctx.seed;
      await fc
        .assert(
          fc.asyncProperty(query, async (q) => {
            const wanted = Object.entries(q).filter((e): e is [string, string] => typeof e[1] === 'string');
            const filtered = await listAll(ctx, CLUSTERS, Object.fromEntries(wanted));
            const matches = (o: Json): boolean => wanted.every(([f, v]) => fieldMatches(o[f], v));
            const outcome = compareFiltered(full, filtered, matches, (o) => stable(o) || !wanted.some(([f]) => f === 'state'));
            outcome.missing = await confirmMissing(ctx, CLUSTERS, Object.fromEntries(wanted), outcome.missing, matches);
            return outcome.extra.length === 0 && outcome.missing.length === 0;
          }),
          { seed: ctx.seed, numRuns: 12, endOnFailure: true },
        )
        .catch((err: Error) =>
          ctx.fail(
            `a combination of node cluster filters disagrees with the filters applied to the full list: ${err.message.split('\n').slice(0, 3).join(' ')}`,
          ),
        );
    },
  }),
];
