/** Node clusters and nodes (subsystem infra, namespaced). */
import { applyFilters } from '../http/filters.ts';
import { listReply } from '../http/envelope.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { accepted, created, ok } from '../http/replies.ts';
import type { RouteTable } from '../http/router.ts';
import type { CallContext } from '../http/types.ts';
import { bodyObject } from '../http/body.ts';
import type { Node, NodeCluster } from '../state/model.ts';
import {
  NODE_CLUSTER_OPS,
  NODE_CLUSTER_STABLE,
  clusterJson,
  createNodeCluster,
  deployCluster,
  revertDeploy,
  scaleCluster,
  settleCluster,
  terminateCluster,
} from '../state/nodecluster.ts';
import { ENGINE_VERSIONS, NODE_STABLE, healthCheckNode, nodeAllows, nodeJson, stopThroughDaemon, terminateNodes, upgradeNode } from '../state/node.ts';
import { allows } from '../state/states.ts';
import { setState } from '../state/notify.ts';
import { inNamespace } from '../state/store.ts';
import { optBool, optInt, optString, optTags } from '../state/validate.ts';
import { lookup, runVerb, track } from './common.ts';
import type { World } from '../world.ts';

const CLUSTERS = '/api/infra/v1/[ns/]nodecluster/';
const NODES = '/api/infra/v1/[ns/]node/';

const cluster = (ctx: CallContext): NodeCluster => lookup(ctx, ctx.world.store.nodeClusters, 'node cluster');
const node = (ctx: CallContext): Node => lookup(ctx, ctx.world.store.nodes, 'node');

function addClusterRoutes(routes: RouteTable): void {
  routes.add('GET', CLUSTERS, (ctx) => {
    const items = applyFilters(
      ctx.world,
      ctx.req.query,
      inNamespace(ctx.world.store.nodeClusters, ctx.scope.namespace),
      {
        uuid: (c) => c.uuid,
        state: (c) => c.state,
        name: (c) => c.name,
        region: (c) => c.region,
        node_type: (c) => c.node_type,
      },
      'nodecluster',
    );
    return listReply(ctx, items, (c) => clusterJson(ctx.world, c));
  });
  routes.add(
    'POST',
    CLUSTERS,
    (ctx) => {
      const c = createNodeCluster(ctx.world, ctx.scope, bodyObject(ctx.req.body));
      track(ctx, c.resource_uri, c.scope);
      return created(clusterJson(ctx.world, c));
    },
    { action: 'Node Cluster Create' },
  );
  routes.add('GET', `${CLUSTERS}{uuid}/`, (ctx) => ok(clusterJson(ctx.world, cluster(ctx))));
  routes.add(
    'POST',
    `${CLUSTERS}{uuid}/deploy/`,
    (ctx) => {
      const c = cluster(ctx);
      return runVerb(
        ctx,
        c,
        {
          allowed:
            allows(NODE_CLUSTER_OPS, c.state, 'deploy') ||
            (c.state === 'Terminated' && ctx.world.faults.has('terminated-cluster-deployable')) ||
            (c.state === 'Deployed' && ctx.world.faults.has('blind2-deployed-cluster-deploy-accepted')) ||
            // Under `blind8-cluster-scaling-deploy-accepted` the busy states the guard knows are Deploying and Terminating.
            (c.state === 'Scaling' && ctx.world.faults.has('blind8-cluster-scaling-deploy-accepted')),
          what: 'node cluster',
          name: 'deploy',
        },
        (job) => deployCluster(ctx.world, c, job),
        () => revertDeploy(ctx.world, c),
        (x) => clusterJson(ctx.world, x),
      );
    },
    { action: 'Node Cluster Deploy' },
  );
  routes.add(
    'PATCH',
    `${CLUSTERS}{uuid}/`,
    (ctx) => {
      const c = cluster(ctx);
      const body = bodyObject(ctx.req.body);
      const resets = ctx.world.faults.has('cluster-patch-resets-absent');
      const target = optInt(body, 'target_num_nodes') ?? (resets ? 1 : undefined);
      const tags = optTags(body) ?? (resets ? [] : undefined);
      // Under `terminated-cluster-patch-scales` the update has no guard for Terminated: a new target provisions the cluster again.
      const unguarded = c.state === 'Terminated' && ctx.world.faults.has('terminated-cluster-patch-scales');
      if (!NODE_CLUSTER_STABLE.includes(c.state) && !unguarded) throw conflict(`node cluster in state '${c.state}' cannot be updated`);
      // Under `blind27-cluster-patch-empty-tags-kept` an empty list is taken for "no tags sent".
      if (tags && (tags.length > 0 || !ctx.world.faults.has('blind27-cluster-patch-empty-tags-kept'))) {
        c.tags = tags;
        if (!ctx.world.faults.has('cluster-tags-not-propagated')) {
          const nodes = inNamespace(ctx.world.store.nodes, c.scope.namespace).filter((n) => n.clusterUuid === c.uuid);
          // Under `blind24-cluster-tags-merged-into-nodes` each node's list takes the tags in addition to those it had.
          const merged = ctx.world.faults.has('blind24-cluster-tags-merged-into-nodes');
          for (const n of ctx.world.faults.has('cluster-tags-first-node-only') ? nodes.slice(0, 1) : nodes)
            n.tags = merged ? [...new Set([...n.tags, ...tags])] : [...tags];
        }
      }
      const scales = target !== undefined && target !== c.target_num_nodes && c.state !== 'Init' && !ctx.world.faults.has('cluster-scale-ignored');
      if (target !== undefined) c.target_num_nodes = target;
      ctx.call?.runAsync(
        async (job) => (scales ? scaleCluster(ctx.world, c, job) : job.wait('update')),
        () => settleCluster(ctx.world, c),
      );
      return accepted(ctx.world, clusterJson(ctx.world, c));
    },
    { action: 'Node Cluster Update' },
  );
  routes.add(
    'DELETE',
    `${CLUSTERS}{uuid}/`,
    (ctx) => {
      const c = cluster(ctx);
      return runVerb(
        ctx,
        c,
        {
          allowed:
            (allows(NODE_CLUSTER_OPS, c.state, 'terminate') &&
              !(c.state === 'Init' && ctx.world.faults.has('blind2-init-cluster-terminate-refused')) &&
              !(c.state === 'Empty cluster' && ctx.world.faults.has('blind7-cluster-empty-terminate-refused'))) ||
            (WORKING_CLUSTER_STATES.includes(c.state) && ctx.world.faults.has('cluster-terminate-aborts-work')),
          what: 'node cluster',
          name: 'terminate',
        },
        (job) => {
          if (ctx.world.faults.has('cluster-terminate-aborts-work')) abortWorkOn(ctx.world, c.resource_uri);
          return terminateCluster(ctx.world, c, job);
        },
        undefined,
        (x) => clusterJson(ctx.world, x),
      );
    },
    { action: 'Node Cluster Terminate' },
  );
}

/** The cluster states whose work the fault cluster-terminate-aborts-work cuts short. */
const WORKING_CLUSTER_STATES: readonly string[] = ['Deploying', 'Scaling'];

/** Fault cluster-terminate-aborts-work: the work under way on the object (not the terminate itself) ends Failed at once. */
function abortWorkOn(world: World, uri: string): void {
  for (const a of world.store.actions.values()) {
    if (a.object !== uri || !a.abort || a.state !== 'In progress' || a.method === 'DELETE') continue;
    a.state = 'Failed';
    a.end_date = world.clock.now();
    a.abort.abort();
  }
}

function settleOwner(ctx: CallContext, n: Node): void {
  const c = n.clusterUuid ? ctx.world.store.nodeClusters.get(n.clusterUuid) : undefined;
  if (c) settleCluster(ctx.world, c);
}

/** The one-node answers of the fault blind27-node-get-cached, with the state each was made in. */
const nodeDetailCache = new WeakMap<Node, { state: string; json: unknown }>();

function addNodeRoutes(routes: RouteTable, spell: (text: string) => string): void {
  routes.add('GET', NODES, (ctx) => {
    const items = applyFilters(
      ctx.world,
      ctx.req.query,
      inNamespace(ctx.world.store.nodes, ctx.scope.namespace),
      {
        uuid: (n) => n.uuid,
        state: (n) => n.state,
        // Under `blind8-node-filter-cluster-by-uuid` the filter reads the stored key, the cluster's uuid.
        node_cluster: (n) =>
          n.clusterUuid && ctx.world.faults.has('blind8-node-filter-cluster-by-uuid')
            ? n.clusterUuid
            : n.clusterUuid
              ? ctx.world.store.nodeClusters.get(n.clusterUuid)?.resource_uri
              : null,
        node_type: (n) => n.node_type,
        region: (n) => n.region,
        [ctx.world.spell('vendor_version')]: (n) => (ctx.world.faults.has('blind-node-version-filter-initial') ? ENGINE_VERSIONS.initial : n.engine.version),
      },
      'node',
    );
    return listReply(ctx, items, (n) => nodeJson(ctx.world, n));
  });
  routes.add('GET', `${NODES}{uuid}/`, (ctx) => {
    const n = node(ctx);
    // Under `blind26-node-get-terminated-404` the one-node lookup reads the live nodes only (the list still shows terminated ones).
    if (n.state === 'Terminated' && ctx.world.faults.has('blind26-node-get-terminated-404')) throw notFound('node');
    if (!ctx.world.faults.has('blind27-node-get-cached')) return ok(nodeJson(ctx.world, n));
    // Under `blind27-node-get-cached` the answer is cached at the node's first GET and dropped only when its state changes.
    const cached = nodeDetailCache.get(n);
    if (cached && cached.state === n.state) return ok(cached.json);
    const json = nodeJson(ctx.world, n);
    nodeDetailCache.set(n, { state: n.state, json });
    return ok(json);
  });
  routes.add(
    'PATCH',
    `${NODES}{uuid}/`,
    (ctx) => {
      const n = node(ctx);
      const body = bodyObject(ctx.req.body);
      const nickname = optString(body, 'nickname');
      const tags = optTags(body);
      if (!NODE_STABLE.includes(n.state)) throw conflict(`node in state '${n.state}' cannot be updated`);
      if (nickname !== undefined && !ctx.world.faults.has('node-nickname-update-ignored')) n.nickname = nickname;
      // Under `blind19-node-patch-empty-tags-kept` an empty list is taken for "no tags sent".
      const emptyKept = tags?.length === 0 && ctx.world.faults.has('blind19-node-patch-empty-tags-kept');
      if (tags && !emptyKept) n.tags = ctx.world.faults.has('node-tags-appended') ? [...n.tags, ...tags] : tags;
      if (ctx.world.faults.has('node-patch-resets-omitted')) {
        if (nickname === undefined) n.nickname = n.external_fqdn;
        if (!tags) n.tags = [];
      }
      ctx.call?.runAsync((job) => job.wait('update'));
      return accepted(ctx.world, nodeJson(ctx.world, n));
    },
    { action: 'Node Update' },
  );
  routes.add(
    'POST',
    `${NODES}{uuid}/${spell('vendor-upgrade')}/`,
    (ctx) => {
      const n = node(ctx);
      return runVerb(
        ctx,
        n,
        { allowed: nodeAllows(ctx.world, n, 'vendor-upgrade'), what: 'node', name: 'vendor-upgrade' },
        (job) => upgradeNode(ctx.world, n, job),
        () => setState(ctx.world, n, 'Deployed'),
        (x) => nodeJson(ctx.world, x),
      );
    },
    { action: 'Node Upgrade' },
  );
  routes.add(
    'POST',
    `${NODES}{uuid}/health-check/`,
    (ctx) => {
      const n = node(ctx);
      return runVerb(
        ctx,
        n,
        { allowed: nodeAllows(ctx.world, n, 'health-check'), what: 'node', name: 'health-check' },
        (job) => healthCheckNode(ctx.world, n, job),
        undefined,
        (x) => nodeJson(ctx.world, x),
      );
    },
    { action: 'Node Health Check' },
  );
  routes.add(
    'DELETE',
    `${NODES}{uuid}/`,
    (ctx) => {
      const n = node(ctx);
      // Under `blind30-unreachable-node-terminate-fails` the work first stops the node's containers through its engine daemon.
      const throughDaemon = n.state === 'Unreachable' && ctx.world.faults.has('blind30-unreachable-node-terminate-fails');
      return runVerb(
        ctx,
        n,
        { allowed: nodeAllows(ctx.world, n, 'terminate'), what: 'node', name: 'terminate' },
        async (job) => {
          if (throughDaemon) await stopThroughDaemon(ctx.world, n, job);
          await terminateNodes(ctx.world, [n], job);
          settleOwner(ctx, n);
        },
        throughDaemon ? () => setState(ctx.world, n, 'Unreachable') : undefined,
        (x) => nodeJson(ctx.world, x),
      );
    },
    { action: 'Node Terminate' },
  );
  // Test control of the reference target (not part of the API): the node's engine daemon stops or
  // starts answering; an unreachable Deployed node turns Unreachable at once.
  routes.add('POST', `/_reference/v1/[ns/]node/{uuid}/reachability/`, (ctx) => {
    const n = node(ctx);
    const reachable = optBool(bodyObject(ctx.req.body), 'reachable');
    if (reachable === undefined) throw badRequest('reachable (boolean) is required');
    n.reachable = reachable;
    if (!reachable && n.state === 'Deployed') setState(ctx.world, n, 'Unreachable');
    return ok(nodeJson(ctx.world, n));
  });
}

export function addInfraRoutes(routes: RouteTable, spell: (text: string) => string): void {
  addClusterRoutes(routes);
  addNodeRoutes(routes, spell);
}
