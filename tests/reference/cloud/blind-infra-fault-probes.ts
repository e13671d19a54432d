/**
 * Probes of the blind faults of actions, node clusters, nodes and auth: each passes against a
 * server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, type TestServer, endedAction } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const ACTIONS = '/api/audit/v1/action/';
const CLUSTERS = '/api/infra/v1/nodecluster/';
const get = (t: TestServer, uri: string): Promise<any> => t.ok('GET', uri);
const listed = async (t: TestServer, query: string): Promise<any[]> => (await get(t, `${ACTIONS}?${query}`)).objects;
const relatedTo = (uri: string): string => `object=${encodeURIComponent(uri)}&include_related=true`;
/** Waits for the action that answered a request to end, and returns it. */
const reachability = (t: TestServer, node: any, reachable: boolean): Promise<any> =>
  t.ok('POST', `${node.resource_uri.replace('/api/infra/v1/', '/_reference/v1/')}reachability/`, { reachable });
const CLUSTER = { name: 'c1', node_type: '/api/infra/v1/nodetype/aws/t2.micro/', region: '/api/infra/v1/region/aws/us-east-1/' };
/**
 * A deploy whose start_date and end_date (whole seconds) differ: started 100 ms before a second
 * turns, its 150 ms of simulated work end in the next second (tried again if the start came late).
 */
async function deployAcrossASecond(t: TestServer): Promise<any> {
  for (let attempt = 0; ; attempt++) {
    const cluster = await t.ok('POST', CLUSTERS, CLUSTER);
    await new Promise((r) => setTimeout(r, (1900 - (Date.now() % 1000)) % 1000));
    const deploy = await endedAction(t, await t.call('POST', `${cluster.resource_uri}deploy/`));
    if (deploy.start_date !== deploy.end_date || attempt === 4) return deploy;
  }
}
const firstNode = async (t: TestServer): Promise<any> => get(t, (await deployedCluster(t, 1)).nodes[0]);

export const BLIND_INFRA_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind-action-log-timestamp-ms': async (t) => {
    const cluster = await t.ok('POST', CLUSTERS, CLUSTER);
    const deploy = await endedAction(t, await t.call('POST', `${cluster.resource_uri}deploy/`));
    const s = await t.ws(`${ACTIONS}${deploy.uuid}/logs/`);
    const line = await s.waitFor((m) => m.timestamp !== undefined);
    s.close();
    // Unix seconds are about 1.8e9, milliseconds about 1.8e12: a tenth of now in ms lies between.
    expect(line.timestamp).toBeGreaterThan(Date.now() / 10);
  },
  'blind-action-state-filter-failed-ignored': async (t) => {
    await t.call('POST', CLUSTERS, {});
    await deployedCluster(t, 1);
    expect((await listed(t, 'state=Failed')).map((a) => a.state)).toContain('Success');
  },
  'blind-end-date-filter-reads-start': async (t) => {
    const deploy = await deployAcrossASecond(t);
    expect((await listed(t, `end_date__gte=${encodeURIComponent(deploy.end_date)}`)).map((a) => a.uuid)).not.toContain(deploy.uuid);
  },
  'blind-include-related-stack-no-containers': async (t) => {
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 's', services: [{ image: 'busybox:1', name: 'a' }] });
    await deployedCluster(t, 1);
    await endedAction(t, await t.call('POST', `${stack.resource_uri}start/`));
    const svc = await get(t, stack.services[0]);
    await endedAction(t, await t.call('POST', `${svc.containers[0]}stop/`));
    const objects = (await listed(t, relatedTo(stack.resource_uri))).map((a) => a.object);
    expect(objects).not.toContain(svc.containers[0]);
  },
  'blind-include-related-node-no-cluster': async (t) => {
    const cluster = await deployedCluster(t, 1);
    const objects = (await listed(t, relatedTo(cluster.nodes[0]))).map((a) => a.object);
    expect(objects).not.toContain(cluster.resource_uri);
  },
  'blind-failed-not-retriable-flag': async (t) => {
    const failed = await endedAction(t, await t.call('POST', CLUSTERS, {}));
    expect(failed.state).toBe('Failed');
    expect(failed.can_be_retried).toBe(false);
    expect((await t.call('POST', `${failed.resource_uri}retry/`)).status).toBe(202);
  },
  'blind-region-zones-of-provider': async (t) => {
    const zones: string[] = (await get(t, '/api/infra/v1/region/aws/eu-west-1/')).availability_zones;
    expect(zones.some((z) => !z.includes('eu-west-1'))).toBe(true);
  },
  'blind-cluster-nickname-empty': async (t) => expect((await t.ok('POST', CLUSTERS, CLUSTER)).nickname).toBe(''),
  'blind-cluster-target-default-0': async (t) => expect((await t.ok('POST', CLUSTERS, CLUSTER)).target_num_nodes).toBe(0),
  'blind-cluster-scale-down-ignored': async (t) => {
    const cluster = await deployedCluster(t, 2);
    await endedAction(t, await t.call('PATCH', cluster.resource_uri, { target_num_nodes: 1 }));
    await new Promise((r) => setTimeout(r, 300));
    const nodes = await Promise.all(cluster.nodes.map((uri: string) => get(t, uri)));
    expect(nodes.map((n) => n.state)).toEqual(['Deployed', 'Deployed']);
  },
  'blind-cluster-terminate-keeps-nodes': async (t) => {
    const cluster = await deployedCluster(t, 1);
    await endedAction(t, await t.call('DELETE', cluster.resource_uri));
    await new Promise((r) => setTimeout(r, 300));
    expect((await get(t, cluster.nodes[0])).state).toBe('Deployed');
  },
  'blind-health-check-stays-unreachable': async (t) => {
    const node = await firstNode(t);
    await reachability(t, node, false);
    await reachability(t, node, true);
    await endedAction(t, await t.call('POST', `${node.resource_uri}health-check/`));
    await new Promise((r) => setTimeout(r, 200));
    expect((await get(t, node.resource_uri)).state).toBe('Unreachable');
  },
  'blind-unreachable-node-upgrade-allowed': async (t) => {
    const node = await firstNode(t);
    await reachability(t, node, false);
    expect((await get(t, node.resource_uri)).state).toBe('Unreachable');
    expect((await t.call('POST', `${node.resource_uri}docker-upgrade/`)).status).toBe(202);
  },
  'blind-node-version-filter-initial': async (t) => {
    const node = await firstNode(t);
    await endedAction(t, await t.call('POST', `${node.resource_uri}docker-upgrade/`));
    const version = (await get(t, node.resource_uri)).docker_version;
    expect(version).not.toBe(node.docker_version);
    expect((await get(t, `/api/infra/v1/node/?docker_version=${encodeURIComponent(version)}`)).objects).toHaveLength(0);
  },
  'blind-auth-key-unchecked': async (t) => expect((await t.call('GET', '/api/infra/v1/provider/', undefined, { key: 'wrong' })).status).toBe(200),
};
