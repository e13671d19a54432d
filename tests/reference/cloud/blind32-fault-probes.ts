/**
 * Probes of the thirty-second batch of blind faults (a cancel's Canceling not stored, service counters
 * written by service operations only, the provider name filter looked up as the detail, a synchronous
 * action queued Pending behind an asynchronous one, a digest kept in the default service name, a
 * health-check that probes the host, a stack redeploy reading reuse_volumes as a truthy string): each
 * passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { action, deployedCluster, NODE_TYPE, REGION, runningService, settledIn, type TestServer, endedAction } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';

export const BLIND32_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind32-canceling-not-stored': async (t) => {
    const cluster = await t.ok('POST', '/api/infra/v1/nodecluster/', { name: 'cn', node_type: NODE_TYPE, region: REGION, target_num_nodes: 1 });
    const deploy = await action(t, await t.call('POST', `${cluster.resource_uri}deploy/`));
    expect((await t.ok('POST', `${deploy.resource_uri}cancel/`)).state).toBe('Canceling');
    expect((await t.ok('GET', deploy.resource_uri)).state).toBe('In progress');
  },
  'blind32-service-counts-from-service-ops': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'busybox', name: 'cnt', run_command: 'sleep 1000' });
    await t.ok('POST', `${svc.containers[0]}stop/`);
    await settledIn(t, svc.containers[0], 'Stopped');
    const stopped = await settledIn(t, svc.resource_uri, 'Stopped');
    expect([stopped.running_num_containers, stopped.stopped_num_containers]).toEqual([1, 0]);
  },
  'blind32-provider-name-filter-lookup-404': async (t) => {
    expect((await t.call('GET', '/api/infra/v1/provider/?name=nonexistent')).status).toBe(404);
  },
  'blind32-sync-action-pending-behind-async': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'busybox', name: 'pd' });
    await t.ok('POST', `${svc.resource_uri}start/`);
    const read = await t.call('GET', svc.resource_uri);
    expect(read.status).toBe(200);
    expect((await action(t, read)).state).toBe('Pending');
  },
  'blind32-service-name-digest-kept': async (t) => {
    const svc = await t.ok('POST', S, { image: `busybox@sha256:${'a'.repeat(64)}` });
    expect(svc.name).toBe('busybox-sha256');
  },
  'blind32-health-check-probes-host': async (t) => {
    const cluster = await deployedCluster(t, 1);
    const node = await t.ok('GET', cluster.nodes[0]);
    await t.ok('POST', `${node.resource_uri.replace('/api/infra/v1/', '/_reference/v1/')}reachability/`, { reachable: false });
    expect((await endedAction(t, await t.call('POST', `${node.resource_uri}health-check/`))).state).toBe('Success');
    expect((await t.ok('GET', node.resource_uri)).state).toBe('Deployed');
  },
  'blind32-stack-redeploy-reuse-false-truthy': async (t) => {
    await deployedCluster(t, 1);
    const stack = await t.ok('POST', '/api/app/v1/stack/', {
      name: 'rv',
      services: [{ image: 'busybox', name: 'db', run_command: 'sleep 1000', bindings: [{ container_path: '/data' }] }],
    });
    await t.ok('POST', `${stack.resource_uri}start/`);
    await settledIn(t, stack.resource_uri, 'Running');
    const container = (await t.ok('GET', stack.services[0])).containers[0];
    const volume = async (): Promise<string> => (await t.ok('GET', container)).bindings[0].volume;
    const before = await volume();
    expect((await endedAction(t, await t.call('POST', `${stack.resource_uri}redeploy/?reuse_volumes=false`))).state).toBe('Success');
    expect(await volume()).toBe(before);
  },
};
