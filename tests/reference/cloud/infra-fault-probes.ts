/**
 * Probes of the faults added for the action, node cluster and node checks: each passes against a
 * server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, execOutput, NODE_TYPE, REGION, runningService, settledIn, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const ACTIONS = '/api/audit/v1/action/';
const get = (t: TestServer, uri: string): Promise<any> => t.ok('GET', uri);

export const INFRA_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'actions-newest-first': async (t) => {
    const first = (await t.call('POST', '/api/app/v1/service/', { image: 'x' })).headers.get('x-dockercloud-action-uri');
    const second = (await t.call('POST', '/api/app/v1/service/', { image: 'y' })).headers.get('x-dockercloud-action-uri');
    const listed = (await get(t, ACTIONS)).objects.map((a: any) => a.resource_uri);
    expect(listed.indexOf(second)).toBeLessThan(listed.indexOf(first));
  },
  'date-filter-exclusive': async (t) => {
    await t.ok('POST', '/api/app/v1/service/', { image: 'x' });
    const [first] = (await get(t, ACTIONS)).objects;
    const listed = (await get(t, `${ACTIONS}?start_date__gte=${encodeURIComponent(first.start_date)}`)).objects;
    expect(listed.map((a: any) => a.uuid)).not.toContain(first.uuid);
  },
  'action-state-filter-split-on-space': async (t) => {
    // A start of ten containers one after another: In progress for a while (ten container starts).
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', '/api/app/v1/service/', { image: 'x', run_command: 'sleep 1000', sequential_deployment: true, target_num_containers: 10 });
    const start = (await t.call('POST', `${svc.resource_uri}start/`)).headers.get('x-dockercloud-action-uri');
    const listed = (await get(t, `${ACTIONS}?state=${encodeURIComponent('In progress')}`)).objects.map((a: any) => a.resource_uri);
    expect(listed).not.toContain(start);
  },
  'get-recorded-without-header': async (t) => {
    const cluster = await t.ok('POST', '/api/infra/v1/nodecluster/', { name: 'c', node_type: NODE_TYPE, region: REGION });
    expect((await t.call('GET', cluster.resource_uri)).headers.get('x-dockercloud-action-uri')).toBeNull();
    const listed = (await get(t, `${ACTIONS}?object=${cluster.resource_uri}`)).objects;
    expect(listed.map((a: any) => a.method)).toContain('GET');
  },
  'reads-not-recorded': async (t) => {
    const cluster = await t.ok('POST', '/api/infra/v1/nodecluster/', { name: 'c', node_type: NODE_TYPE, region: REGION });
    expect((await t.call('GET', cluster.resource_uri)).headers.get('x-dockercloud-action-uri')).toBeNull();
    const listed = (await get(t, `${ACTIONS}?object=${cluster.resource_uri}`)).objects;
    expect(listed.map((a: any) => a.method)).toEqual(['POST']);
  },
  'cluster-tags-not-propagated': async (t) => {
    const cluster = await deployedCluster(t, 1, { tags: [{ name: 'old' }] });
    await t.ok('PATCH', cluster.resource_uri, { tags: [{ name: 'new' }] });
    expect((await get(t, cluster.nodes[0])).tags).toEqual([{ name: 'old' }]);
  },
  'cluster-tags-first-node-only': async (t) => {
    const cluster = await deployedCluster(t, 2, { tags: [{ name: 'old' }] });
    await t.ok('PATCH', cluster.resource_uri, { tags: [{ name: 'new' }] });
    expect((await get(t, cluster.nodes[1])).tags).toEqual([{ name: 'old' }]);
  },
  'cluster-patch-resets-absent': async (t) => {
    const cluster = await deployedCluster(t, 2, { tags: [{ name: 'kept' }] });
    const answer = await t.ok('PATCH', cluster.resource_uri, { nickname: 'n' });
    expect([answer.target_num_nodes, answer.tags]).toEqual([1, []]);
  },
  'terminated-cluster-deployable': async (t) => {
    const cluster = await deployedCluster(t, 1);
    await t.ok('DELETE', cluster.resource_uri);
    await until(
      () => get(t, cluster.resource_uri),
      (c) => c.state === 'Terminated',
    );
    expect((await t.call('POST', `${cluster.resource_uri}deploy/`)).status).toBe(202);
  },
  'terminated-cluster-patch-scales': async (t) => {
    const cluster = await t.ok('POST', '/api/infra/v1/nodecluster/', { name: 'c', node_type: NODE_TYPE, region: REGION });
    await t.ok('DELETE', cluster.resource_uri);
    await settledIn(t, cluster.resource_uri, 'Terminated');
    expect((await t.call('PATCH', cluster.resource_uri, { target_num_nodes: 2 })).status).toBe(202);
    const back = await settledIn(t, cluster.resource_uri, 'Deployed');
    expect((await Promise.all(back.nodes.map((n: string) => get(t, n)))).map((n) => n.state)).toEqual(['Deployed', 'Deployed']);
  },
  'node-disk-fixed-20': async (t) => {
    const cluster = await deployedCluster(t, 1);
    expect([cluster.disk, (await get(t, cluster.nodes[0])).disk]).toEqual([60, 20]);
  },
  'node-disk-fixed-250': async (t) => {
    const cluster = await deployedCluster(t, 1, { disk: 2000 });
    expect([cluster.disk, (await get(t, cluster.nodes[0])).disk]).toEqual([2000, 250]);
  },
  // A variation the spec allows: digitalocean takes disk sent and shows its node type's own disk (refused on a clean server).
  'disk-unavailable-left-unapplied': async (t) => {
    const at = { node_type: '/api/infra/v1/nodetype/digitalocean/512mb/', region: '/api/infra/v1/region/digitalocean/lon1/' };
    const sent = await t.ok('POST', '/api/infra/v1/nodecluster/', { name: 'do', ...at, disk: 100 });
    const leftOut = await t.ok('POST', '/api/infra/v1/nodecluster/', { name: 'do', ...at });
    expect([sent.disk, leftOut.disk]).toEqual([20, 20]);
  },
  'cluster-nodes-separate-networks': async (t) => {
    await deployedCluster(t, 2);
    const svc = await runningService(t, { image: 'x', run_command: 'sleep 1000', net: 'host', deployment_strategy: 'EVERY_NODE' });
    const [a, b] = svc.containers;
    const address = (await execOutput(t, b, 'hostname -i')).trim();
    expect(address).toMatch(/^10\./);
    expect(await execOutput(t, a, `ping -c 1 ${address}`)).toContain('100% packet loss');
  },
};
