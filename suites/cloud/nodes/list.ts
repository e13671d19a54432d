import { filterCheck } from '../support/filters.ts';
import { deployedNode, NODES } from '../support/infra.ts';
import type { Json } from '../support/lists.ts';

const LIST = 'cloud/node/list';
const finalState = (o: Json): boolean => o.state === 'Terminated';

function filter(param: string, field: string, what: string) {
  const id = `cloud/node/list/filter-${param.replace(/_/g, '-')}`;
  return filterCheck({
    id, endpoint: LIST, path: NODES, param, field,
    setup: async (ctx) => void (await deployedNode(ctx)),
    ...(param === 'state' ? { stable: finalState } : {}),
  }, `Query ${param} on the node list returns only the nodes ${what}`);
}

export default [
  filter('uuid', 'uuid', 'with that uuid'),
  filter('state', 'state', 'in that state'),
  filter('node_cluster', 'node_cluster', 'of that node cluster'),
  filter('node_type', 'node_type', 'of that node type'),
  filter('region', 'region', 'in that region'),
  filter('vendor_version', 'vendor_version', 'with that engine version'),
];
