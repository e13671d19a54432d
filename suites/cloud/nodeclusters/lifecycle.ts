import { createService, live, containersOf, operate, serviceBody, settled, tagNames } from '../support/app.ts';
import { ENDS, expectActionSucceeded, finishedActionOf, IN_PROGRESS, SUCCEEDS } from '../support/actions.ts';
import { expect202, expectCreatedInProgress } from '../support/async-op.ts';
import { cloudCheck } from '../support/check.ts';
import { CLUSTER_SETTLED, CLUSTERS, createCluster, deployCluster, deployedCluster, liveNodes, NODES, offDefaultPlacement, settle } from '../support/infra.ts';
import { expectListedAsGot, listAll, sameResource, uriOf } from '../support/lists.ts';
import { expectAtSpecPath } from '../support/spec-paths.ts';
import { dateMs, expectNullDates, expectRunDates } from '../support/run-dates.ts';
import { OPERATION } from '../support/operation-requirements.ts';
import type { CloudContext } from '../support/context.ts';
import type { Node, NodeCluster } from '../support/views.generated.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const R = {
  get: 'cloud/nodecluster/get/returns-node-cluster',
  deploys: 'cloud/nodecluster/deploy/deploys',
  deploy202: 'cloud/nodecluster/deploy/202-async',
  belong: 'cloud/nodecluster/get/nodes-belong',
  share: 'cloud/nodecluster/get/nodes-share-type-and-region',
  carryTags: 'cloud/nodecluster/get/nodes-carry-cluster-tags',
  current: 'cloud/nodecluster/get/current-equals-target-when-deployed',
  dates: 'cloud/nodecluster/get/datetimes-track-operations',
  scale: 'cloud/nodecluster/update/scale-target',
  update202: 'cloud/nodecluster/update/202',
  scale202: 'cloud/nodecluster/update/scale-202-async',
  updateOutside: 'cloud/states/nodecluster/update-not-in-table',
  tags: 'cloud/nodecluster/update/tags-replace',
  terminates: 'cloud/nodecluster/terminate/terminates-nodes',
  terminate202: 'cloud/nodecluster/terminate/202-async',
  recent: 'cloud/nodecluster/list/recently-terminated',
};

const DATES = ['deployed_datetime', 'destroyed_datetime'] as const;
const KEPT_TAG = 'conformance-kept';

/** The nodes a cluster lists, each as its GET shows it. */
async function nodesOf(ctx: CloudContext, cluster: NodeCluster): Promise<Node[]> {
  return Promise.all((cluster.nodes ?? []).map((n) => ctx.getJson('node', n, 'node')));
}

/**
 * The nodes of a cluster: `known` (as it listed them) and those the node list, filtered by node_cluster, names as its
 * own (a list that holds recently terminated nodes), each once.
 */
async function nodesOfCluster(ctx: CloudContext, uri: string, known: readonly string[]): Promise<string[]> {
  const listed = (await listAll(ctx, NODES, { node_cluster: uri })).filter((n) => sameResource(n.node_cluster, uri)).map(uriOf);
  const found: string[] = [];
  for (const n of [...known, ...listed]) if (!found.some((f) => sameResource(f, n))) found.push(n);
  return found;
}

/** current_num_nodes is the actual count: the cluster's nodes that are not terminated. */
function expectActualCount(ctx: CloudContext, cluster: NodeCluster, nodes: readonly Node[], what: string): void {
  const actual = liveNodes(nodes).length;
  ctx.expect(cluster.current_num_nodes === actual, `${what} has current_num_nodes ${String(cluster.current_num_nodes)}, not its ${actual} node(s)`, {
    expected: actual,
    actual: {
      current_num_nodes: cluster.current_num_nodes,
      target_num_nodes: cluster.target_num_nodes,
      nodes: nodes.map((n) => `${n.resource_uri}: ${n.state}`),
    },
    requirement: R.current,
  });
}

export default [
  cloudCheck({
    id: R.get,
    title: 'GET of one node cluster returns it',
    endpoint: 'cloud/nodecluster/get',
    async run(ctx) {
      const cluster = await createCluster(ctx);
      const got = ctx.expectView('node-cluster', await ctx.getJson('node-cluster', cluster.resource_uri, 'the cluster'), 'GET node cluster', R.get);
      ctx.expectEqual(got.uuid, cluster.uuid, 'GET returns another cluster', R.get);
      ctx.expectEqual(got.name, cluster.name, 'GET returns another cluster', R.get);
      await expectAtSpecPath(ctx, 'nodecluster', cluster, R.get);
    },
  }),
  cloudCheck({
    id: R.deploys,
    title: 'deploy deploys a created cluster: it leaves Init and gets target_num_nodes nodes in its region (202, action ends Success)',
    requirements: [R.deploys, R.deploy202, IN_PROGRESS],
    endpoint: 'cloud/nodecluster/deploy',
    async run(ctx) {
      const cluster = await createCluster(ctx, { target_num_nodes: 2 });
      const uri = cluster.resource_uri;
      const res = await ctx.api.post(`${uri}deploy/`);
      ctx.expect(isSuccess(res.status), `deploy answered ${res.status}`, { requirement: R.deploys });
      await expectCreatedInProgress(ctx, res, uri, 'deploy', R.deploy202);
      const done = await settle(ctx, 'node-cluster', uri, CLUSTER_SETTLED);
      const nodes = await Promise.all(((done.nodes as string[]) ?? []).map((n) => ctx.getJson('node', n, 'node')));
      ctx.expectEqual(liveNodes(nodes).length, 2, 'the deployed cluster does not have target_num_nodes live nodes', R.deploys);
      for (const n of nodes)
        ctx.expect(sameResource(n.region, cluster.region), `node ${n.resource_uri} is not in the cluster's region`, { requirement: R.deploys });
      expect202(ctx, res, 'deploy', R.deploy202);
      const action = await finishedActionOf(ctx, res, 'deploy');
      ctx.expect(action.state === 'Success' || action.state === 'Failed', `the deploy action ended ${String(action.state)}`, { requirement: R.deploy202 });
    },
  }),
  cloudCheck({
    id: R.belong,
    title:
      "A cluster's nodes belong to it and share its node type and region; current_num_nodes is the actual count of its nodes " +
      '(none before deploy, target_num_nodes once Deployed, one fewer after a node is terminated)',
    requirements: [R.belong, R.share, R.current],
    endpoint: 'cloud/nodecluster/get',
    async run(ctx) {
      // Before deploy the cluster has no node, while its target is 2: a count that echoes target_num_nodes shows.
      const created = await createCluster(ctx, { target_num_nodes: 2 });
      expectActualCount(ctx, created, [], 'a created cluster (Init)');
      const cluster = await deployCluster(ctx, created);
      const nodes = await nodesOf(ctx, cluster);
      ctx.expect(nodes.length > 0, 'a deployed cluster lists no nodes', { requirement: R.belong });
      for (const n of nodes) {
        ctx.expect(sameResource(n.node_cluster, cluster.resource_uri), `node ${n.resource_uri} names node_cluster ${String(n.node_cluster)}`, {
          requirement: R.belong,
        });
        ctx.expect(
          sameResource(n.node_type, cluster.node_type) && sameResource(n.region, cluster.region),
          `node ${n.resource_uri} has another node type or region than its cluster`,
          { expected: [cluster.node_type, cluster.region], actual: [n.node_type, n.region], requirement: R.share },
        );
      }
      if (cluster.state === 'Deployed')
        ctx.expectEqual(cluster.current_num_nodes, cluster.target_num_nodes, 'a Deployed cluster has current_num_nodes other than target_num_nodes', R.current);
      expectActualCount(ctx, cluster, nodes, `a ${String(cluster.state)} cluster`);
      // One node terminated: the cluster has one node fewer than its target, and its count says so.
      const gone = liveNodes(nodes)[0];
      if (!gone) return;
      await ctx.setUp(async () => {
        await ctx.api.delete(gone.resource_uri);
        await settle(ctx, 'node', gone.resource_uri, ['Terminated']);
      }, OPERATION.nodeTerminate);
      const after = await settle(ctx, 'node-cluster', cluster.resource_uri, [...CLUSTER_SETTLED, 'Init']);
      expectActualCount(ctx, after, await nodesOf(ctx, after), `a ${String(after.state)} cluster one of whose nodes was terminated`);
    },
  }),
  cloudCheck({
    id: `${R.share}/off-default-placement`,
    title:
      "A cluster in a region and node type that are not its provider's first ones: its nodes are in the cluster's region and of its node type, " +
      "not the provider's first (or the catalog's)",
    requirements: [R.share],
    endpoint: 'cloud/nodecluster/get',
    async run(ctx) {
      const at = await offDefaultPlacement(ctx);
      if (!at)
        return ctx.unverified(
          "the catalog offers no available region and node type besides each provider's first ones: nodes given their provider's first region or type " +
            "would carry their cluster's values anyway",
        );
      const cluster = await deployCluster(ctx, await createCluster(ctx, { target_num_nodes: 2 }, at));
      ctx.precondition(
        sameResource(cluster.node_type, at.nodeType) && sameResource(cluster.region, at.region),
        `the cluster created in ${at.region} (${at.nodeType}) shows ${String(cluster.region)} (${String(cluster.node_type)})`,
        'cloud/nodecluster/create/echoes-body',
      );
      const nodes = await nodesOf(ctx, cluster);
      ctx.precondition(nodes.length > 0, `the deployed cluster ${cluster.resource_uri} lists no nodes`, R.belong);
      for (const n of nodes)
        ctx.expect(
          sameResource(n.node_type, cluster.node_type) && sameResource(n.region, cluster.region),
          `node ${n.resource_uri} of a cluster in ${at.region} (${at.nodeType}) has another node type or region`,
          { expected: [cluster.node_type, cluster.region], actual: [n.node_type, n.region], requirement: R.share },
        );
    },
  }),
  cloudCheck({
    id: R.carryTags,
    title: "A cluster's tags identify its nodes: a cluster created with two tags gives both to each of its nodes, and a service with one of them deploys there",
    endpoint: 'cloud/nodecluster/get',
    async run(ctx) {
      // Tags of this check only: no other node carries them, so the service can run on this cluster's nodes alone.
      const [first, second] = [ctx.uniqueName('ctag-a'), ctx.uniqueName('ctag-b')];
      const cluster = await deployedCluster(ctx, 2, { tags: [{ name: first }, { name: second }] });
      const uris = cluster.nodes ?? [];
      ctx.precondition(uris.length >= 2, `the deployed cluster lists ${uris.length} node(s), not 2`, OPERATION.clusterDeploy);
      const nodes = await Promise.all(uris.map((n) => settle(ctx, 'node', n, ['Deployed'])));
      for (const n of nodes) {
        const names = tagNames(n.tags);
        ctx.expect(names.includes(first) && names.includes(second), `node ${n.resource_uri} does not carry the tags its cluster was created with`, {
          expected: [first, second].sort(),
          actual: names,
          requirement: R.carryTags,
        });
      }
      // A service tagged with one of the cluster's tags deploys onto the cluster's nodes (and only there: no other node has it).
      const svc = await createService(ctx, serviceBody(ctx, undefined, { tags: [{ name: second }], target_num_containers: 2 }));
      const res = await operate(ctx, svc.resource_uri, 'start');
      ctx.expect(isSuccess(res.status), `start of a service tagged with a tag of the cluster answered ${res.status}`, { requirement: R.carryTags });
      await new Promise((r) => setTimeout(r, 50));
      const after = await settled(ctx, 'service', svc.resource_uri);
      const placed = live(await containersOf(ctx, svc));
      ctx.expect(after.state === 'Running' && placed.length === 2, `a service tagged ${second} did not run its 2 containers on the cluster's nodes`, {
        expected: { state: 'Running', containers: 2 },
        actual: { state: after.state, containers: placed.map((c) => `${c.resource_uri}: ${c.state}`) },
        requirement: R.carryTags,
      });
      for (const c of placed)
        ctx.expect(
          uris.some((n) => sameResource(c.node, n)),
          `container ${c.resource_uri} of a service tagged ${second} runs on ${String(c.node)}, not on a node of the cluster`,
          { expected: uris, actual: c.node, requirement: R.carryTags },
        );
    },
  }),
  cloudCheck({
    id: R.dates,
    title: 'deployed_datetime is null until deploy and then set; destroyed_datetime is null until terminate',
    endpoint: 'cloud/nodecluster/get',
    async run(ctx) {
      const since = Date.now();
      const cluster = await createCluster(ctx);
      expectNullDates(ctx, cluster, DATES, 'a created cluster', R.dates);
      const deployed = await deployCluster(ctx, cluster);
      expectRunDates(ctx, deployed, ['deployed_datetime'], since, 'a deployed cluster', R.dates);
      expectNullDates(ctx, deployed, ['destroyed_datetime'], 'a deployed cluster', R.dates);
      await expectListedAsGot(ctx, CLUSTERS, deployed, DATES, R.dates);
      await ctx.api.delete(cluster.resource_uri);
      const gone = await settle(ctx, 'node-cluster', cluster.resource_uri, ['Terminated']);
      expectRunDates(ctx, gone, ['destroyed_datetime'], dateMs(deployed.deployed_datetime), 'a terminated cluster', R.dates);
      await expectListedAsGot(ctx, CLUSTERS, gone, DATES, R.dates);
    },
  }),
  cloudCheck({
    id: R.scale,
    title:
      'PATCH target_num_nodes sets the scale target and the cluster scales to it, up and down (asynchronous: 202, action created In progress, ends Success); ' +
      'once settled, current_num_nodes counts its nodes',
    requirements: [R.scale, R.scale202, R.update202, R.updateOutside, R.tags, R.current, IN_PROGRESS, ENDS, SUCCEEDS],
    endpoint: 'cloud/nodecluster/update',
    async run(ctx) {
      // Created with a tag: tags is optional, so a PATCH of the target alone must leave it (a target resetting absent fields to [] shows).
      const cluster = await deployedCluster(ctx, 1, { tags: [{ name: KEPT_TAG }] });
      const uri = cluster.resource_uri;
      const res = await ctx.api.patch(uri, { target_num_nodes: 2 });
      ctx.expect(isSuccess(res.status), `PATCH target_num_nodes answered ${res.status}`, { requirement: R.scale });
      ctx.observe(`PATCH of a ${String(cluster.state)} cluster answered ${res.status} (the state table does not list update)`);
      await expectCreatedInProgress(ctx, res, uri, 'PATCH target_num_nodes');
      await new Promise((r) => setTimeout(r, 100));
      const done = await settle(ctx, 'node-cluster', uri, CLUSTER_SETTLED);
      ctx.expectEqual(done.target_num_nodes, 2, 'target_num_nodes is not the value PATCHed', R.scale);
      const nodes = await Promise.all(((done.nodes as string[]) ?? []).map((n) => ctx.getJson('node', n, 'node')));
      ctx.expectEqual(liveNodes(nodes).length, 2, 'the cluster did not scale to the new target', R.scale);
      // "may differ while scaling": settled, the count is the actual one again (a count a scale never updates shows here).
      expectActualCount(ctx, done, nodes, `a ${String(done.state)} cluster scaled up by PATCH`);
      ctx.expectEqual(tagNames(done.tags), [KEPT_TAG], 'a PATCH without tags changed the tags of the cluster', R.tags);
      expect202(ctx, res, 'PATCH target_num_nodes', R.scale202);
      ctx.expectStatus(res, 202, 'PATCH (facts: 202 with the cluster in its new state)', R.update202);
      await expectActionSucceeded(ctx, res, 'PATCH target_num_nodes');
      // Down as well as up: a smaller target terminates nodes, not only the target field.
      const down = await ctx.api.patch(uri, { target_num_nodes: 1 });
      ctx.expect(isSuccess(down.status), `PATCH target_num_nodes down answered ${down.status}`, { requirement: R.scale });
      await expectCreatedInProgress(ctx, down, uri, 'PATCH target_num_nodes down');
      await new Promise((r) => setTimeout(r, 100));
      const shrunk = await settle(ctx, 'node-cluster', uri, CLUSTER_SETTLED);
      ctx.expectEqual(shrunk.target_num_nodes, 1, 'target_num_nodes is not the value PATCHed down', R.scale);
      const left = await Promise.all(((shrunk.nodes as string[]) ?? []).map((n) => ctx.getJson('node', n, 'node')));
      ctx.expectEqual(liveNodes(left).length, 1, 'the cluster did not scale down to the new target', R.scale);
      expectActualCount(ctx, shrunk, left, `a ${String(shrunk.state)} cluster scaled down by PATCH`);
      expect202(ctx, down, 'PATCH target_num_nodes down', R.scale202);
      await expectActionSucceeded(ctx, down, 'PATCH target_num_nodes down');
    },
  }),
  cloudCheck({
    id: R.tags,
    title: 'PATCH tags replaces the tag list of the cluster and of its nodes (with another list, then the empty list), and its action ends Success',
    requirements: [R.tags, R.scale, ENDS, SUCCEEDS],
    endpoint: 'cloud/nodecluster/update',
    async run(ctx) {
      // Two nodes: every node of the cluster gets the new list, not only the first; and target_num_nodes 2 (not the
      // default 1) must survive a PATCH that leaves it out, as must the nodes.
      const cluster = await deployedCluster(ctx, 2, { tags: [{ name: 'conformance-old' }] });
      const uri = cluster.resource_uri;
      const res = await ctx.api.patch(uri, { tags: [{ name: 'conformance-new' }] });
      ctx.expect(isSuccess(res.status), `PATCH tags answered ${res.status}`, { requirement: R.tags });
      const done = await settle(ctx, 'node-cluster', uri, CLUSTER_SETTLED);
      ctx.expectEqual(tagNames(done.tags), ['conformance-new'], 'the cluster tags were not replaced', R.tags);
      ctx.expectEqual(done.target_num_nodes, 2, 'a PATCH without target_num_nodes changed the scale target', R.scale);
      const nodes = (done.nodes as string[]) ?? [];
      const live = liveNodes(await Promise.all(nodes.map((n) => ctx.getJson('node', n, 'node'))));
      ctx.expectEqual(live.length, 2, 'a PATCH of tags alone changed the number of live nodes', R.scale);
      for (const n of nodes) {
        const names = tagNames((await ctx.getJson('node', n, 'node')).tags);
        ctx.expect(names.includes('conformance-new') && !names.includes('conformance-old'), `the tags of node ${n} were not replaced`, {
          expected: ['conformance-new'],
          actual: names,
          requirement: R.tags,
        });
      }
      await expectActionSucceeded(ctx, res, 'PATCH tags');
      // The empty list replaces the list too: no tag of the cluster's may stay, on it or on its nodes.
      const clear = await ctx.api.patch(uri, { tags: [] });
      ctx.expect(isSuccess(clear.status), `PATCH tags [] answered ${clear.status}`, { requirement: R.tags });
      const cleared = await settle(ctx, 'node-cluster', uri, CLUSTER_SETTLED);
      ctx.expectEqual(tagNames(cleared.tags), [], 'the cluster tags were not replaced by the empty list', R.tags);
      for (const n of nodes) {
        const names = tagNames((await ctx.getJson('node', n, 'node')).tags);
        ctx.expect(!names.includes('conformance-new'), `the tags of node ${n} were not replaced by the empty list`, {
          expected: 'conformance-new gone',
          actual: names,
          requirement: R.tags,
        });
      }
    },
  }),
  cloudCheck({
    id: R.terminates,
    title: 'DELETE terminates all nodes and the cluster (202, action ends Success); the cluster is still listed',
    requirements: [R.terminates, R.terminate202, R.recent, IN_PROGRESS],
    endpoint: 'cloud/nodecluster/terminate',
    async run(ctx) {
      const cluster = await deployedCluster(ctx, 2);
      const uri = cluster.resource_uri;
      // The nodes are those the cluster had before the DELETE: what a terminated cluster still lists is not shown.
      const before: string[] = cluster.nodes ?? [];
      ctx.precondition(before.length > 0, `the deployed cluster ${uri} lists no nodes`, OPERATION.clusterDeploy);
      const res = await ctx.api.delete(uri);
      ctx.expect(isSuccess(res.status), `DELETE answered ${res.status}`, { requirement: R.terminates });
      await expectCreatedInProgress(ctx, res, uri, 'terminate', R.terminate202);
      const done = await settle(ctx, 'node-cluster', uri, ['Terminated']);
      // The list a client reads (no filter): the terminated cluster is there, shown Terminated.
      const listed = (await listAll(ctx, CLUSTERS)).find((c) => c.uuid === cluster.uuid);
      ctx.expect(listed !== undefined, 'a cluster just terminated (state Terminated) is no longer listed', { requirement: R.recent });
      ctx.expectEqual(listed?.state, 'Terminated', 'the listed terminated cluster is not Terminated', R.recent);
      for (const n of await nodesOfCluster(ctx, uri, [...before, ...(done.nodes ?? [])])) {
        ctx.expectEqual((await ctx.getJson('node', n, 'node')).state, 'Terminated', `node ${n} of a terminated cluster is not Terminated`, R.terminates);
      }
      expect202(ctx, res, 'terminate', R.terminate202);
      const action = await finishedActionOf(ctx, res, 'terminate');
      ctx.expect(action.state === 'Success' || action.state === 'Failed', `the terminate action ended ${String(action.state)}`, {
        requirement: R.terminate202,
      });
    },
  }),
];
