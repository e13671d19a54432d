import type { CloudContext } from '../support/context.ts';
import { deployCluster, createCluster, deployedNode, REACHABILITY_CONTROL, setReachable, settle } from '../support/infra.ts';
import { catchTransitional, caughtIn, stateRowCheck, type StateRow } from '../support/state-rows.ts';
import type { Node } from '../support/views.generated.ts';
import { OPERATION } from '../support/operation-requirements.ts';

type Op = 'terminate' | 'vendor-upgrade' | 'health-check';

const uriOf = (n: Node): string => n.resource_uri;
const STABLE_FIELDS = ['state', 'destroyed_datetime'];
const NODE_END = ['Deployed', 'Unreachable', 'Terminated'];

function operation(op: Op): (ctx: CloudContext, n: Node) => ReturnType<CloudContext['api']['get']> {
  if (op === 'terminate') return (ctx, n) => ctx.api.delete(uriOf(n));
  return (ctx, n) => ctx.api.post(`${uriOf(n)}${ctx.spell(op)}/`);
}

const deployed = async (ctx: CloudContext): Promise<Node> => (await deployedNode(ctx)).node;

export const reachNode: Record<string, (ctx: CloudContext) => Promise<Node>> = {
  deploying: async (ctx) => {
    const cluster = await createCluster(ctx);
    const res = await ctx.api.post(`${cluster.resource_uri}deploy/`);
    ctx.precondition(res.status < 300, `deploy answered ${res.status}`, OPERATION.clusterDeploy);
    const nodes: string[] = (await ctx.getJson('node-cluster', cluster.resource_uri, 'cluster')).nodes ?? [];
    if (!nodes[0]) return ctx.skip('the deploying cluster lists no node yet: Deploying cannot be caught');
    const node = await ctx.getJson('node', nodes[0], 'node');
    if (node.state !== 'Deploying') ctx.skip(`Deploying is transitional and had already passed (state ${String(node.state)})`);
    ctx.defer(async () => void (await deployCluster(ctx, cluster).catch(() => undefined)));
    return caughtIn(ctx, node, res);
  },
  deployed,
  unreachable: async (ctx) => {
    const node = await deployed(ctx);
    await setReachable(ctx, node, false);
    return settle(ctx, 'node', uriOf(node), ['Unreachable']);
  },
  upgrading: async (ctx) => {
    const node = await deployed(ctx);
    return catchTransitional(ctx, 'node', uriOf(node), 'Upgrading', () => operation('vendor-upgrade')(ctx, node));
  },
  terminating: async (ctx) => {
    const node = await deployed(ctx);
    return catchTransitional(ctx, 'node', uriOf(node), 'Terminating', () => operation('terminate')(ctx, node));
  },
  terminated: async (ctx) => {
    const node = await deployed(ctx);
    await operation('terminate')(ctx, node);
    return settle(ctx, 'node', uriOf(node), ['Terminated']);
  },
};

const TRANSITIONAL_END: Record<string, string[]> = { deploying: ['Deployed'], upgrading: ['Deployed'], terminating: ['Terminated'] };

const EFFECT: Record<Op, (ctx: CloudContext, n: Node) => Promise<void>> = {
  terminate: async (ctx, n) =>
    ctx.expectEqual((await settle(ctx, 'node', uriOf(n), ['Terminated'])).state, 'Terminated', 'terminate did not terminate the node'),
  'vendor-upgrade': async (ctx, n) =>
    ctx.expectEqual((await settle(ctx, 'node', uriOf(n), ['Deployed'])).state, 'Deployed', 'the upgraded node is not Deployed again'),
  'health-check': async (ctx, n) => {
    const after = await settle(ctx, 'node', uriOf(n), ['Deployed', 'Unreachable']);
    ctx.expect(after.state === 'Unreachable', `health-check of a node whose engine cannot be reached set ${after.state}`, { expected: 'Unreachable' });
  },
};

const ALLOWED: Record<string, Op[]> = {
  deploying: [],
  deployed: ['terminate', 'vendor-upgrade'],
  unreachable: ['health-check', 'terminate'],
  upgrading: [],
  terminating: [],
  terminated: [],
};
const LABEL: Record<string, string> = {
  deploying: 'Deploying',
  deployed: 'Deployed',
  unreachable: 'Unreachable',
  upgrading: 'Upgrading',
  terminating: 'Terminating',
  terminated: 'Terminated',
};

function row(state: string, op: Op): StateRow<'node'> {
  const allowed = ALLOWED[state]!.includes(op);
  const spelled = op === 'vendor-upgrade' ? 'vendor-upgrade' : op;
  const base = {
    view: 'node' as const,
    id: `cloud/states/node/${state}-${allowed ? 'allows' : 'rejects'}-${spelled}`,
    endpoint: `cloud/node/${op}`,
    reach: reachNode[state]!,
    op: operation(op),
    ...(state === 'unreachable' ? { referenceOnly: REACHABILITY_CONTROL } : {}),
  };
  if (allowed) return { ...base, title: `${LABEL[state]} allows ${op}: it is accepted and takes effect`, effect: EFFECT[op] };
  const end = TRANSITIONAL_END[state];
  if (end) {
    return {
      ...base,
      title: `${LABEL[state]} rejects ${op}: refused, and the node's own work ends as before`,
      afterRefusal: async (ctx, n) => {
        const after = await settle(ctx, 'node', uriOf(n), NODE_END);
        ctx.expect(end.includes(String(after.state)), `after the refused ${op} the node ended ${String(after.state)}`, { expected: end });
      },
    };
  }
  return { ...base, title: `${LABEL[state]} rejects ${op}: refused and nothing changes`, unchangedFields: STABLE_FIELDS };
}

export default Object.keys(ALLOWED).flatMap((state) => (['terminate', 'vendor-upgrade', 'health-check'] as const).map((op) => stateRowCheck(row(state, op))));
