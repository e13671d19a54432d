import type { CloudContext } from '../support/context.ts';
import { CLUSTER_SETTLED, createCluster, deployedCluster, liveNodes, settle } from '../support/infra.ts';
import type { NodeCluster } from '../support/views.generated.ts';
import { catchTransitional, stateRowCheck, type StateRow } from '../support/state-rows.ts';

const uriOf = (c: NodeCluster): string => c.resource_uri;
const deploy = (ctx: CloudContext, c: NodeCluster) => ctx.api.post(`${uriOf(c)}deploy/`);
const terminate = (ctx: CloudContext, c: NodeCluster) => ctx.api.delete(uriOf(c));
const STABLE_FIELDS = ['state', 'nodes', 'target_num_nodes', 'destroyed_datetime'];

/** A deployed cluster with some (or all) of its nodes terminated, if the target settles it in `state`. */
async function withNodesGone(ctx: CloudContext, nodes: number, gone: number, state: string): Promise<NodeCluster> {
  const cluster = await deployedCluster(ctx, nodes);
  for (const node of (cluster.nodes ?? []).slice(0, gone)) {
    await ctx.api.delete(node);
    await settle(ctx, 'node', node, ['Terminated']);
  }
  const now = await settle(ctx, 'node-cluster', uriOf(cluster), [...CLUSTER_SETTLED, 'Init', 'Terminated']);
  if (now.state !== state)
    ctx.skip(`could not bring a cluster to ${state}: terminating ${gone} of its ${nodes} node(s) left it ${String(now.state)} (transitions are not shown)`);
  return now;
}

export const reachCluster = {
  init: (ctx: CloudContext) => createCluster(ctx),
  deploying: async (ctx: CloudContext) => {
    const c = await createCluster(ctx);
    return catchTransitional(ctx, 'node-cluster', uriOf(c), 'Deploying', () => deploy(ctx, c));
  },
  deployed: async (ctx: CloudContext) => {
    const c = await deployedCluster(ctx, 1);
    if (c.state !== 'Deployed') ctx.skip(`a deployed cluster settled ${String(c.state)}, not Deployed`);
    return c;
  },
  partly: (ctx: CloudContext) => withNodesGone(ctx, 2, 1, 'Partly deployed'),
  empty: (ctx: CloudContext) => withNodesGone(ctx, 1, 1, 'Empty cluster'),
  scaling: async (ctx: CloudContext) => {
    const c = await deployedCluster(ctx, 1);
    return catchTransitional(ctx, 'node-cluster', uriOf(c), 'Scaling', () => ctx.api.patch(uriOf(c), { target_num_nodes: 2 }));
  },
  terminating: async (ctx: CloudContext) => {
    const c = await deployedCluster(ctx, 1);
    return catchTransitional(ctx, 'node-cluster', uriOf(c), 'Terminating', () => terminate(ctx, c));
  },
  terminated: async (ctx: CloudContext) => {
    const c = await createCluster(ctx);
    await terminate(ctx, c);
    return settle(ctx, 'node-cluster', uriOf(c), ['Terminated']);
  },
};

/** After a refused operation during transitional work: the work ends as it would have. */
function endsIn(states: string[]): (ctx: CloudContext, c: NodeCluster) => Promise<void> {
  return async (ctx, c) => {
    const end = await settle(ctx, 'node-cluster', uriOf(c), [...CLUSTER_SETTLED, 'Terminated', 'Init']);
    ctx.expect(states.includes(String(end.state)), `after the refused operation the cluster ended ${String(end.state)}`, { expected: states });
  };
}

/**
 * After a refused terminate during a deploy or a scale: the work ends as it would have, and the
 * refusal terminated nothing (Partly deployed, which a deploy may end in, does not hide a node it took).
 */
async function nothingTerminated(ctx: CloudContext, c: NodeCluster): Promise<void> {
  await endsIn(['Deployed', 'Partly deployed'])(ctx, c);
  const end = await ctx.getJson('node-cluster', uriOf(c), 'the cluster after the refused terminate');
  const nodes = await Promise.all((end.nodes ?? []).map((n) => ctx.getJson('node', n, 'a node of the cluster')));
  const gone = nodes.filter((n) => liveNodes([n]).length === 0).map((n) => n.resource_uri);
  ctx.expect(gone.length === 0 && end.destroyed_datetime == null, `the refused terminate terminated ${gone.length} node(s) of the cluster`, {
    expected: 'no node terminated, destroyed_datetime null',
    actual: { terminated: gone, destroyed_datetime: end.destroyed_datetime },
  });
}

const terminatedEffect = async (ctx: CloudContext, c: NodeCluster): Promise<void> => {
  const end = await settle(ctx, 'node-cluster', uriOf(c), ['Terminated']);
  ctx.expectEqual(end.state, 'Terminated', 'terminate did not terminate the cluster');
};
const deployedEffect = async (ctx: CloudContext, c: NodeCluster): Promise<void> => {
  const end = await settle(ctx, 'node-cluster', uriOf(c), CLUSTER_SETTLED);
  ctx.expect(end.state !== 'Init', 'deploy left the cluster in Init');
};

const id = (row: string): string => `cloud/states/nodecluster/${row}`;
const DEPLOY = 'cloud/nodecluster/deploy';
const TERMINATE = 'cloud/nodecluster/terminate';

const rows: StateRow<'node-cluster'>[] = [
  {
    view: 'node-cluster',
    id: id('init-allows-deploy'),
    endpoint: DEPLOY,
    title: 'Init allows deploy: it is accepted and deploys the cluster',
    reach: reachCluster.init,
    op: deploy,
    effect: deployedEffect,
  },
  {
    view: 'node-cluster',
    id: id('init-allows-terminate'),
    endpoint: TERMINATE,
    title: 'Init allows terminate: it is accepted and terminates the cluster',
    reach: reachCluster.init,
    op: terminate,
    effect: terminatedEffect,
  },
  {
    view: 'node-cluster',
    id: id('deploying-rejects-deploy'),
    endpoint: DEPLOY,
    title: 'Deploying rejects deploy: refused, and the deploy under way ends as before',
    reach: reachCluster.deploying,
    op: deploy,
    afterRefusal: endsIn(['Deployed', 'Partly deployed']),
  },
  {
    view: 'node-cluster',
    id: id('deploying-rejects-terminate'),
    endpoint: TERMINATE,
    title: 'Deploying rejects terminate: refused, the deploy ends as before and no node is terminated',
    reach: reachCluster.deploying,
    op: terminate,
    afterRefusal: nothingTerminated,
  },
  {
    view: 'node-cluster',
    id: id('deployed-rejects-deploy'),
    endpoint: DEPLOY,
    title: 'Deployed rejects deploy: refused and nothing changes',
    reach: reachCluster.deployed,
    op: deploy,
    unchangedFields: STABLE_FIELDS,
  },
  {
    view: 'node-cluster',
    id: id('deployed-allows-terminate'),
    endpoint: TERMINATE,
    title: 'Deployed allows terminate: it is accepted and terminates the cluster',
    reach: reachCluster.deployed,
    op: terminate,
    effect: terminatedEffect,
  },
  {
    view: 'node-cluster',
    id: id('partly-deployed-rejects-deploy'),
    endpoint: DEPLOY,
    title: 'Partly deployed rejects deploy: refused and nothing changes',
    reach: reachCluster.partly,
    op: deploy,
    unchangedFields: STABLE_FIELDS,
  },
  {
    view: 'node-cluster',
    id: id('partly-deployed-allows-terminate'),
    endpoint: TERMINATE,
    title: 'Partly deployed allows terminate: it is accepted and terminates the cluster',
    reach: reachCluster.partly,
    op: terminate,
    effect: terminatedEffect,
  },
  {
    view: 'node-cluster',
    id: id('scaling-rejects-deploy'),
    endpoint: DEPLOY,
    title: 'Scaling rejects deploy: refused, and the scaling ends as before',
    reach: reachCluster.scaling,
    op: deploy,
    afterRefusal: endsIn(['Deployed', 'Partly deployed']),
  },
  {
    view: 'node-cluster',
    id: id('scaling-rejects-terminate'),
    endpoint: TERMINATE,
    title: 'Scaling rejects terminate: refused, the scaling ends as before and no node is terminated',
    reach: reachCluster.scaling,
    op: terminate,
    afterRefusal: nothingTerminated,
  },
  {
    view: 'node-cluster',
    id: id('terminating-rejects-deploy'),
    endpoint: DEPLOY,
    title: 'Terminating rejects deploy: refused, and the cluster ends Terminated',
    reach: reachCluster.terminating,
    op: deploy,
    afterRefusal: endsIn(['Terminated']),
  },
  {
    view: 'node-cluster',
    id: id('terminating-rejects-terminate'),
    endpoint: TERMINATE,
    title: 'Terminating rejects terminate: refused, and the cluster ends Terminated',
    reach: reachCluster.terminating,
    op: terminate,
    afterRefusal: endsIn(['Terminated']),
  },
  {
    view: 'node-cluster',
    id: id('terminated-rejects-deploy'),
    endpoint: DEPLOY,
    title: 'Terminated rejects deploy: refused and the cluster stays Terminated (termination is not reversible)',
    reach: reachCluster.terminated,
    op: deploy,
    unchangedFields: STABLE_FIELDS,
    also: ['cloud/nodecluster/terminate/not-reversible'],
  },
  {
    view: 'node-cluster',
    id: id('terminated-rejects-terminate'),
    endpoint: TERMINATE,
    title: 'Terminated rejects terminate: refused and nothing changes',
    reach: reachCluster.terminated,
    op: terminate,
    unchangedFields: STABLE_FIELDS,
  },
  {
    view: 'node-cluster',
    id: id('empty-cluster-rejects-deploy'),
    endpoint: DEPLOY,
    title: 'Empty cluster rejects deploy: refused and nothing changes',
    reach: reachCluster.empty,
    op: deploy,
    unchangedFields: STABLE_FIELDS,
  },
  {
    view: 'node-cluster',
    id: id('empty-cluster-allows-terminate'),
    endpoint: TERMINATE,
    title: 'Empty cluster allows terminate: it is accepted and terminates the cluster',
    reach: reachCluster.empty,
    op: terminate,
    effect: terminatedEffect,
  },
];

export default rows.map(stateRowCheck);
