import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { filterCombinationCheck } from '../support/filter-combinations.ts';
import { filterCheck, settledState } from '../support/filters.ts';
import { CLUSTER_SETTLED, CLUSTERS, createCluster, deployedCluster, otherPlacement, placement, settle } from '../support/infra.ts';
import { expectShownAsGot, listAll } from '../support/lists.ts';

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
  // Filters given together all apply, on this check's two clusters (Init and Terminated, two placements) among the others.
  filterCombinationCheck({ resource: 'nodecluster', path: CLUSTERS, params: FILTERS, setup: ensureTwo }),
];
