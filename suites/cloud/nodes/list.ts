import type { CloudContext } from '../support/context.ts';
import { filterCombinationCheck } from '../support/filter-combinations.ts';
import { filterCheck, settledState } from '../support/filters.ts';
import { deployedNode, NODES, otherPlacement, placement, settle } from '../support/infra.ts';

const LIST = 'cloud/node/list';

/**
 * Nodes that every node filter must split: two deployed nodes in different regions with
 * different node types, one upgraded (another engine version), and a terminated one.
 */
async function nodesToSplit(ctx: CloudContext): Promise<void> {
  const first = await placement(ctx);
  const { node } = await deployedNode(ctx, {}, first);
  const other = await otherPlacement(ctx, first);
  if (other) await deployedNode(ctx, {}, other);
  else ctx.observe('the catalog offers a single region and node type: the node_type and region filters cannot split the nodes');
  const upgrade = await ctx.api.post(`${node.resource_uri}${ctx.spell('vendor-upgrade')}/`);
  if (upgrade.status < 300) await settle(ctx, 'node', node.resource_uri, ['Deployed']);
  const { cluster } = await deployedNode(ctx, {}, first);
  await ctx.api.delete(cluster.resource_uri);
  await settle(ctx, 'node-cluster', cluster.resource_uri, ['Terminated']);
}

function filter(param: string, field: string, what: string) {
  const id = `cloud/node/list/filter-${param.replace(/_/g, '-')}`;
  return filterCheck(
    {
      id,
      endpoint: LIST,
      path: NODES,
      param,
      field,
      setup: nodesToSplit,
      // Every state the settled nodes hold, not only the rarest: a filter honoured for one value only passes on that one.
      ...(param === 'state' ? { stable: settledState, everyValue: true } : {}),
    },
    `Query ${param} on the node list returns only the nodes ${what}`,
  );
}

export default [
  filter('uuid', 'uuid', 'with that uuid'),
  filter('state', 'state', 'in that state'),
  filter('node_cluster', 'node_cluster', 'of that node cluster'),
  filter('node_type', 'node_type', 'of that node type'),
  filter('region', 'region', 'in that region'),
  filter('vendor_version', 'vendor_version', 'with that engine version'),
  filterCombinationCheck({
    resource: 'node',
    path: NODES,
    params: ['uuid', 'state', 'node_cluster', 'node_type', 'region', 'vendor_version'],
    setup: nodesToSplit,
  }),
];
