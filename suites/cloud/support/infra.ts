import type { CloudContext, StatefulView } from './context.ts';
import type { RemovalOwner } from '../../../harness/check/file-shared.ts';
import { listViews, sameResource, type Json } from './lists.ts';
import type { CloudViews, Node, NodeCluster } from './views.generated.ts';
import { OPERATION } from './operation-requirements.ts';
import { isSuccess, type HttpResponse } from '../../../harness/target/http-transport.ts';
import { type DiskAnswer, takesSize } from './disk-sizes.ts';

export const CATALOG = {
  provider: '/api/infra/v1/provider/',
  region: '/api/infra/v1/region/',
  az: '/api/infra/v1/az/',
  nodetype: '/api/infra/v1/nodetype/',
} as const;
export const CLUSTERS = '/api/infra/v1/nodecluster/';
export const NODES = '/api/infra/v1/node/';

/** Settled states of a deployed cluster (the spec shows no transitions; these end a deploy). */
export const CLUSTER_SETTLED = ['Deployed', 'Partly deployed', 'Empty cluster'];
/** The nodes that are not (being) terminated. */
export const liveNodes = <N extends { state?: unknown }>(nodes: readonly N[]): N[] =>
  nodes.filter((n) => n.state !== 'Terminated' && n.state !== 'Terminating');
const DEPLOY_TIMEOUT_MS = 60_000;

export interface Placement {
  provider: string;
  region: string;
  nodeType: string;
}

/** An available region and a node type offered there, discovered through the catalog. */
export async function placement(ctx: CloudContext): Promise<Placement> {
  const [first] = await placements(ctx);
  return first ?? ctx.skip('the catalog offers no available region with an available node type: no node cluster can be created');
}

/** One placement per available provider. */
export async function onePerProvider(ctx: CloudContext): Promise<Placement[]> {
  const seen = new Set<string>();
  return (await placements(ctx)).filter((p) => !seen.has(p.provider) && seen.add(p.provider));
}

/**
 * Every available provider/region/node type combination the catalog offers, one per region. The
 * catalog is read once per suite file (file-shared.ts), as set-up: it verifies nothing about the
 * check's subject.
 */
export function placements(ctx: CloudContext): Promise<Placement[]> {
  return ctx.setUp(() => ctx.file.placements.get(() => readPlacements(ctx)));
}

async function readPlacements(ctx: CloudContext): Promise<Placement[]> {
  const providers = (await listViews(ctx, 'provider', CATALOG.provider)).filter((p) => p.available !== false);
  const regions = (await listViews(ctx, 'region', CATALOG.region)).filter((r) => r.available !== false);
  const types = (await listViews(ctx, 'node-type', CATALOG.nodetype)).filter((t) => t.available !== false);
  return providers.flatMap((p) =>
    regions
      .filter((r) => sameResource(r.provider, p.resource_uri))
      .flatMap((r) => {
        const type = types.find((t) => Array.isArray(t.regions) && t.regions.some((uri) => sameResource(uri, r.resource_uri)));
        return type ? [{ provider: p.resource_uri, region: r.resource_uri, nodeType: type.resource_uri }] : [];
      }),
  );
}

/** A second placement with another region and node type than `first`, when the catalog has one. */
export async function otherPlacement(ctx: CloudContext, first: Placement): Promise<Placement | undefined> {
  return (await placements(ctx)).find((p) => p.region !== first.region && p.nodeType !== first.nodeType);
}

/**
 * A placement off every first choice of its provider: a region other than the first the provider
 * lists, and a node type other than the provider's first (and other than the catalog's first
 * placement), so nodes given their provider's first region or node type, whatever their cluster's,
 * show. Undefined when no provider offers such a combination.
 */
export async function offDefaultPlacement(ctx: CloudContext): Promise<Placement | undefined> {
  const first = await placement(ctx);
  return ctx.setUp(async () => {
    const providers = await listViews(ctx, 'provider', CATALOG.provider);
    const regions = await listViews(ctx, 'region', CATALOG.region);
    const types = await listViews(ctx, 'node-type', CATALOG.nodetype);
    for (const p of providers.filter((x) => x.available !== false)) {
      const own = <T extends { provider: string }>(all: readonly T[]): T[] => all.filter((x) => x.provider === p.resource_uri);
      const firstRegions = [p.regions?.[0], own(regions)[0]?.resource_uri, first.region];
      const firstTypes = [own(types)[0]?.resource_uri, first.nodeType];
      for (const r of own(regions).filter((x) => x.available !== false && !firstRegions.includes(x.resource_uri))) {
        const type = own(types).find((t) => t.available !== false && !firstTypes.includes(t.resource_uri) && t.regions?.includes(r.resource_uri));
        if (type) return { provider: p.resource_uri, region: r.resource_uri, nodeType: type.resource_uri };
      }
    }
    return undefined;
  });
}

/** A node cluster created (not deployed) for this check; it is terminated afterwards (or when `owner` ends). */
export async function createCluster(ctx: CloudContext, extra: Json = {}, where?: Placement, owner?: RemovalOwner): Promise<NodeCluster> {
  return ctx.create('node-cluster', CLUSTERS, await clusterBody(ctx, extra, where), 'a node cluster', owner);
}

/** The body of a cluster create: a name of the run, the placement given (else the catalog's), and `extra`. */
export async function clusterBody(ctx: CloudContext, extra: Json = {}, where?: Placement): Promise<Json> {
  const at = where ?? (await placement(ctx));
  return { name: ctx.uniqueName('nc'), node_type: at.nodeType, region: at.region, ...extra };
}

/** Deploys a cluster and waits until it has settled. */
export async function deployCluster(ctx: CloudContext, cluster: NodeCluster): Promise<NodeCluster> {
  return (await deployClusterAnswered(ctx, cluster)).cluster;
}

/** Deploys a cluster and waits until it has settled: the settled cluster and the deploy's answer (naming its action). */
export async function deployClusterAnswered(ctx: CloudContext, cluster: NodeCluster): Promise<{ cluster: NodeCluster; res: HttpResponse }> {
  const uri = cluster.resource_uri;
  const res = await ctx.api.post(`${uri}deploy/`);
  ctx.precondition(isSuccess(res.status), `deploy of ${uri} answered ${res.status}: ${res.text().slice(0, 200)}`, OPERATION.clusterDeploy);
  return { cluster: await ctx.waitForState('node-cluster', uri, CLUSTER_SETTLED, DEPLOY_TIMEOUT_MS), res };
}

/** A deployed cluster of `nodes` nodes, for this check only (or for `owner`, which terminates it). */
export async function deployedCluster(ctx: CloudContext, nodes = 1, extra: Json = {}, where?: Placement, owner?: RemovalOwner): Promise<NodeCluster> {
  const cluster = await createCluster(ctx, { target_num_nodes: nodes, ...extra }, where, owner);
  return deployCluster(ctx, cluster);
}

/** The first node of a deployed cluster, once Deployed. */
export async function deployedNode(ctx: CloudContext, extra: Json = {}, where?: Placement): Promise<{ cluster: NodeCluster; node: Node }> {
  const cluster = await deployedCluster(ctx, 1, extra, where);
  const nodes: string[] | undefined = cluster.nodes;
  if (!nodes?.length) return ctx.preconditionUnmet(`the deployed cluster ${cluster.resource_uri} lists no nodes`, OPERATION.clusterDeploy);
  const node = await ctx.waitForState('node', nodes[0]!, ['Deployed'], DEPLOY_TIMEOUT_MS);
  return { cluster, node };
}

/** Waits until the `view` resource at `uri` reaches one of `states`, with the deploy-length timeout. */
export function settle<K extends StatefulView>(ctx: CloudContext, view: K, uri: string, states: readonly string[]): Promise<CloudViews[K]> {
  return ctx.waitForState(view, uri, states, DEPLOY_TIMEOUT_MS);
}

/** Why the checks that make a node's engine daemon unreachable run on the embedded reference only. */
export const REACHABILITY_CONTROL =
  "making a node's engine daemon unreachable needs control of its network, which only the embedded reference offers (a test control, not the API)";

/**
 * The reference target's test control that makes a node's engine daemon (un)reachable. Elsewhere
 * the check ends skipped with that cause: its requirements are unverified there (its check says
 * referenceOnly, so the catalog does not count them covered).
 */
export async function setReachable(ctx: CloudContext, node: Node, reachable: boolean): Promise<void> {
  if (!(await trySetReachable(ctx, node, reachable))) ctx.skip(`unverified on this target: ${REACHABILITY_CONTROL}`);
}

/** The same control, for a check that goes on without it: whether the target offers it. */
export async function trySetReachable(ctx: CloudContext, node: Node, reachable: boolean): Promise<boolean> {
  const path = node.resource_uri.replace(/^\/api\/infra\/v1\//, '/_reference/v1/');
  return (await ctx.api.post(`${path}reachability/`, { reachable })).status === 200;
}

/**
 * What a create with disk `sent` answers on a placement: accepted, and the disk the cluster shows.
 * The cluster is removed at once.
 */
export async function diskAnswer(ctx: CloudContext, at: Pick<Placement, 'region' | 'nodeType'>, sent: number): Promise<DiskAnswer> {
  const res = await ctx.api.post(CLUSTERS, { name: ctx.uniqueName('disk'), node_type: at.nodeType, region: at.region, disk: sent });
  // Too many requests, or the server's own failure, is no answer about the size.
  if (res.status === 429 || res.status >= 500)
    ctx.unverified(`a create with disk ${sent} answered ${res.status}: whether the provider takes it cannot be told`);
  if (res.status >= 300) return { sent, accepted: false };
  const created = res.json<Json>();
  await ctx.api.delete(String(created.resource_uri));
  return { sent, accepted: true, shown: created.disk };
}

/** Sizes a single size is compared with: the smallest listed ones, and the largest. */
const COMPARED = [10, 20, 2000];

/**
 * Whether a provider takes a disk size (disk-sizes.ts): a create with it is accepted and shows it,
 * and a create with another size (the first of COMPARED it accepts) shows another disk. A provider
 * without disk choice may refuse the field or leave it unapplied, showing a disk of its own.
 */
export async function takesDisk(ctx: CloudContext, at: Pick<Placement, 'region' | 'nodeType'>, disk: number): Promise<boolean> {
  const own = await diskAnswer(ctx, at, disk);
  if (!own.accepted || own.shown !== disk) return false;
  for (const other of COMPARED.filter((d) => d !== disk)) {
    const answer = await diskAnswer(ctx, at, other);
    if (answer.accepted) return takesSize([own, answer], disk);
  }
  return false;
}
