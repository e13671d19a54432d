/**
 * Probes of the eighth batch of blind faults (a refused call's end date, a Scaling cluster's
 * deploy, a followed log of an ended action, stack stop, the node_cluster filter, a registry's
 * port, node upgrade, a service image's type, the cancel answer): each passes against a server
 * with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { action, deployedCluster, runningService, settledIn, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const ENDED: ReadonlySet<string> = new Set(['Success', 'Failed', 'Canceled']);
const ended = (t: TestServer, uri: string): Promise<any> =>
  until(
    () => t.ok('GET', uri),
    (a) => ENDED.has(a.state),
  );

export const BLIND8_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind8-action-end-date-null-refused-call': async (t) => {
    expect((await t.call('POST', S, {})).status).toBe(400);
    const failed: any[] = (await t.ok('GET', '/api/audit/v1/action/?state=Failed')).objects;
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.map((a) => a.end_date)).toContain(null);
  },
  'blind8-cluster-scaling-deploy-accepted': async (t) => {
    const cluster = await deployedCluster(t, 1);
    await t.ok('PATCH', cluster.resource_uri, { target_num_nodes: 2 });
    expect((await t.call('POST', `${cluster.resource_uri}deploy/`)).status).toBe(202);
  },
  'blind8-action-logs-follow-ended-stays-open': async (t) => {
    const deploy = await ended(t, (await action(t, await t.call('POST', `${(await t.ok('POST', S, { image: 'x' })).resource_uri}start/`))).resource_uri);
    const session = await t.ws(`${deploy.resource_uri}logs/`);
    const outcome = await Promise.race([session.closed.then(() => 'closed'), new Promise((r) => setTimeout(() => r('open'), 1000))]);
    session.close();
    expect(outcome).toBe('open');
  },
  'blind8-stack-stop-services-not-awaited': async (t) => {
    await deployedCluster(t, 1);
    // Two services of two containers: their stops outlast the read of the ended action even on a loaded machine.
    const services = ['web', 'db'].map((name) => ({ name, image: 'x', target_num_containers: 2 }));
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 's', services });
    await t.ok('POST', `${stack.resource_uri}start/`);
    await settledIn(t, stack.resource_uri, 'Running');
    await ended(t, (await action(t, await t.call('POST', `${stack.resource_uri}stop/`))).resource_uri);
    const states: string[] = (await t.ok('GET', '/api/app/v1/container/')).objects.map((c: any) => c.state);
    expect(states.filter((s) => s !== 'Stopped')).not.toEqual([]);
  },
  'blind8-node-filter-cluster-by-uuid': async (t) => {
    const cluster = await deployedCluster(t, 1);
    expect((await t.ok('GET', `/api/infra/v1/node/?node_cluster=${encodeURIComponent(cluster.resource_uri)}`)).objects).toEqual([]);
  },
  'blind8-registry-added-port-default': async (t) => {
    await t.ok('POST', '/api/repo/v1/repository/', { name: 'myreg.example.com:5000/org/app', username: 'u', password: 'p' });
    const added = (await t.ok('GET', '/api/repo/v1/registry/')).objects.find((r: any) => r.host.startsWith('myreg'));
    expect(added.port).toBe(443);
  },
  'blind8-upgrade-starts-stopped-containers': async (t) => {
    await deployedCluster(t, 1);
    const container: string = (await runningService(t, { image: 'x', target_num_containers: 2 })).containers[0];
    await t.ok('POST', `${container}stop/`);
    const stopped = await settledIn(t, container, 'Stopped');
    await ended(t, (await action(t, await t.call('POST', `${stopped.node}docker-upgrade/`))).resource_uri);
    expect((await t.ok('GET', container)).state).toBe('Running');
  },
  'blind8-service-image-non-string-coerced': async (t) => expect((await t.call('POST', S, { image: 42 })).status).toBe(201),
  'blind8-cancel-answers-previous-state': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x' });
    const started = await action(t, await t.call('POST', `${svc.resource_uri}start/`));
    expect((await t.ok('POST', `${started.resource_uri}cancel/`)).state).toBe('In progress');
  },
};
