/**
 * Probes of the faults added for the stack, service, container, deployment and Stream checks:
 * each passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { action, deployedCluster, execOutput, runningService, settledIn, until, type TestServer, stoppedContainer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const get = (t: TestServer, uri: string): Promise<any> => t.ok('GET', uri);

/** Two deployed nodes; a first service's two containers load the first one (it alone carries tag `busy`). */
async function loadedNodes(t: TestServer): Promise<{ idle: string }> {
  const cluster = await deployedCluster(t, 2, { tags: [{ name: 'all' }] });
  const [busy, idle] = cluster.nodes as [string, string];
  await t.ok('PATCH', busy, { tags: [{ name: 'all' }, { name: 'busy' }] });
  await runningService(t, { image: 'x', tags: ['all', 'busy'], target_num_containers: 2 });
  return { idle };
}

/** The first container of a started service whose command exits 3, once Stopped. */
const exitedContainer = (t: TestServer, extra: Record<string, unknown>): Promise<any> =>
  stoppedContainer(t, { image: 'x', run_command: 'echo hi; exit 3', ...extra });

export const APP_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'placement-first-node': async (t) => {
    const { idle } = await loadedNodes(t);
    const svc = await runningService(t, { image: 'x', tags: ['all'] });
    expect((await get(t, svc.containers[0])).node).not.toBe(idle);
  },
  'placement-counts-stopped': async (t) => {
    // The first node runs none of its two containers (stopped), the second runs one: the fault counts the stopped ones.
    const cluster = await deployedCluster(t, 2, { tags: [{ name: 'all' }] });
    const [first, second] = cluster.nodes as [string, string];
    await t.ok('PATCH', first, { tags: [{ name: 'all' }, { name: 'first' }] });
    await t.ok('PATCH', second, { tags: [{ name: 'all' }, { name: 'second' }] });
    const stopped = await runningService(t, { image: 'x', tags: ['all', 'first'], target_num_containers: 2 });
    await t.ok('POST', `${stopped.resource_uri}stop/`);
    await settledIn(t, stopped.resource_uri, 'Stopped');
    await runningService(t, { image: 'x', tags: ['all', 'second'] });
    const svc = await runningService(t, { image: 'x', tags: ['all'] });
    expect((await get(t, svc.containers[0])).node).toBe(second);
  },
  'high-availability-scale-emptiest': async (t) => {
    const { idle } = await loadedNodes(t);
    const svc = await runningService(t, { image: 'x', tags: ['all'], deployment_strategy: 'HIGH_AVAILABILITY', target_num_containers: 2 });
    await t.ok('PATCH', svc.resource_uri, { target_num_containers: 4 });
    await t.ok('POST', `${svc.resource_uri}scale/`);
    const scaled = await until(
      () => get(t, svc.resource_uri),
      (s) => s.state === 'Running' && s.containers.length === 4,
    );
    const nodes = await Promise.all(scaled.containers.map(async (c: string) => (await get(t, c)).node));
    expect(nodes.filter((n) => n === idle)).toHaveLength(3);
  },
  'stack-start-one-container-each': async (t) => {
    await deployedCluster(t, 1);
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 's', services: [{ name: 'web', image: 'x', target_num_containers: 2 }] });
    await t.ok('POST', `${stack.resource_uri}start/`);
    await settledIn(t, stack.resource_uri, 'Running');
    const svc = await get(t, (await get(t, stack.resource_uri)).services[0]);
    expect([svc.target_num_containers, svc.containers.length]).toEqual([2, 1]);
  },
  'placement-ignores-tags': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x', tags: ['nowhere'] });
    await t.ok('POST', `${svc.resource_uri}start/`);
    await settledIn(t, svc.resource_uri, 'Running');
  },
  'every-node-skips-new-nodes': async (t) => {
    const cluster = await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', deployment_strategy: 'EVERY_NODE' });
    await t.ok('PATCH', cluster.resource_uri, { target_num_nodes: 2 });
    await until(
      () => get(t, cluster.resource_uri),
      (x) => x.current_num_nodes === 2 && x.state === 'Deployed',
    );
    await new Promise((r) => setTimeout(r, 200));
    expect((await get(t, svc.resource_uri)).current_num_containers).toBe(1);
  },
  'sequential-no-links': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', sequential_deployment: true, target_num_containers: 2 });
    const second = await get(t, svc.containers[1]);
    expect(second.linked_to_container).toEqual([]);
  },
  'sequential-scale-unlinked': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', sequential_deployment: true, target_num_containers: 1 });
    await t.ok('PATCH', svc.resource_uri, { target_num_containers: 2 });
    await t.ok('POST', `${svc.resource_uri}scale/`);
    await settledIn(t, svc.resource_uri, 'Running');
    const second = await get(t, (await get(t, svc.resource_uri)).containers[1]);
    expect(second.linked_to_container).toEqual([]);
  },
  'autorestart-ignored': async (t) => {
    const c = await exitedContainer(t, { autorestart: 'ALWAYS' });
    const seen = new Set<string>();
    for (let i = 0; i < 30; i++) {
      seen.add((await get(t, c.resource_uri)).state);
      await new Promise((r) => setTimeout(r, 15));
    }
    expect([...seen]).toEqual(['Stopped']);
  },
  'container-terminate-reversible': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    await t.ok('DELETE', svc.containers[0]);
    await settledIn(t, svc.containers[0], 'Terminated');
    expect((await t.call('POST', `${svc.containers[0]}start/`)).status).toBe(202);
  },
  'terminated-service-patch-scales': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x', run_command: 'sleep 1000' });
    await t.ok('DELETE', svc.resource_uri);
    await settledIn(t, svc.resource_uri, 'Terminated');
    expect((await t.call('PATCH', svc.resource_uri, { target_num_containers: 2 })).status).toBe(202);
    expect((await settledIn(t, svc.resource_uri, 'Running')).running_num_containers).toBe(2);
  },
  'terminated-stack-patch-scales': async (t) => {
    await deployedCluster(t, 1);
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 'st', services: [{ image: 'x', name: 'web', run_command: 'sleep 1000' }] });
    await t.ok('DELETE', stack.resource_uri);
    await settledIn(t, stack.resource_uri, 'Terminated');
    expect((await t.call('PATCH', stack.resource_uri, { services: [{ name: 'web', target_num_containers: 2 }] })).status).toBe(202);
    expect((await settledIn(t, stack.services[0], 'Running')).running_num_containers).toBe(2);
  },
  'redeploy-config-first-container-only': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', target_num_containers: 2 });
    await t.ok('PATCH', svc.resource_uri, { working_dir: '/new' });
    await settledIn(t, svc.resource_uri, 'Running');
    await t.ok('POST', `${svc.resource_uri}redeploy/`);
    await settledIn(t, svc.resource_uri, 'Running');
    const dirs = await Promise.all(svc.containers.map(async (c: string) => (await get(t, c)).working_dir));
    expect(dirs.sort()).toEqual(['/', '/new']);
  },
  'redeploy-keeps-old-config': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    await t.ok('PATCH', svc.resource_uri, { working_dir: '/new' });
    await settledIn(t, svc.resource_uri, 'Running');
    await t.ok('POST', `${svc.resource_uri}redeploy/`);
    await settledIn(t, svc.resource_uri, 'Running');
    expect((await get(t, svc.containers[0])).working_dir).toBe('/');
  },
  'link-variables-not-injected': async (t) => {
    await deployedCluster(t, 1);
    const db = await runningService(t, { image: 'x', name: 'db', container_envvars: [{ key: 'K', value: 'v' }] });
    const web = await runningService(t, { image: 'x', linked_to_service: [{ to_service: db.resource_uri }] });
    expect((await get(t, web.containers[0])).container_envvars.map((e: any) => e.key)).not.toContain('DB_ENV_K');
  },
  'linked-from-missing': async (t) => {
    const db = await t.ok('POST', S, { image: 'x', name: 'db' });
    await t.ok('POST', S, { image: 'x', linked_to_service: [{ to_service: db.resource_uri }] });
    expect((await get(t, db.resource_uri)).linked_from_service).toEqual([]);
  },
  'stack-export-empty': async (t) => {
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 's', services: [{ image: 'x' }] });
    expect(await get(t, `${stack.resource_uri}export/`)).toEqual({});
  },
  'logs-follow-false-ignored': async (t) => {
    const c = await exitedContainer(t, {});
    const s = await t.ws(`${c.resource_uri}logs/?follow=false`);
    const closed = await Promise.race([s.closed.then(() => true), new Promise((r) => setTimeout(() => r(false), 300))]);
    s.close();
    expect(closed).toBe(false);
  },
  'exec-stdin-ignored': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    const s = await t.ws(`${svc.containers[0]}exec/`);
    s.send('echo hi\n');
    await new Promise((r) => setTimeout(r, 200));
    s.close();
    expect(s.messages).toEqual([]);
  },
  'event-filters-ignored': async (t) => {
    const events = await t.ws('/api/audit/v1/events?type=container');
    await events.waitFor((m) => m.type === 'auth');
    await t.ok('POST', S, { image: 'x' });
    await events.waitFor((m) => m.type === 'service', 1000);
    events.close();
  },
  'states-not-enforced': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x' });
    expect((await t.call('POST', `${svc.resource_uri}stop/`)).status).toBe(202);
  },
  'terminated-not-listed': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x' });
    await t.ok('DELETE', svc.resource_uri);
    await settledIn(t, svc.resource_uri, 'Terminated');
    expect((await get(t, S)).objects).toHaveLength(0);
  },
  'service-create-unvalidated': async (t) => expect((await t.call('POST', S, { image: 'x', net: 'overlay' })).status).toBe(201),
  'item-fields-checked-first-only': async (t) =>
    expect((await t.call('POST', S, { image: 'x', container_envvars: [{ key: 'K', value: 'v' }, { value: 'v' }] })).status).toBe(201),
  'service-update-unvalidated': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x' });
    expect((await t.call('PATCH', svc.resource_uri, { net: 'overlay' })).status).toBe(202);
  },
  'service-defaults-off': async (t) => expect((await t.ok('POST', S, { image: 'x' })).net).toBe('host'),
  'dates-never-set': async (t) => {
    await deployedCluster(t, 1);
    expect((await runningService(t, { image: 'x' })).started_datetime).toBeNull();
  },
  'redeploy-noop': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', bindings: [{ container_path: '/d' }] });
    const volume = async (): Promise<unknown> => (await t.ok('GET', svc.containers[0])).bindings[0].volume;
    const before = await volume();
    const uri = `/api/app/v1/service/${svc.uuid}/`;
    // Without the fault a redeploy with new volumes gives the container another one.
    await t.ok('POST', `${uri}redeploy/?reuse_volumes=false`);
    await settledIn(t, uri, 'Running');
    expect(await volume()).toBe(before);
  },
  'service-start-date-first-only': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    const uri = `/api/app/v1/service/${svc.uuid}/`;
    await t.ok('POST', `${uri}stop/`);
    await settledIn(t, uri, 'Stopped');
    // Dates have second resolution: the second start comes in a later second.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await t.ok('POST', `${uri}start/`);
    expect((await settledIn(t, uri, 'Running')).started_datetime).toBe(svc.started_datetime);
  },
  'stack-services-ignored': async (t) => expect((await t.ok('POST', '/api/app/v1/stack/', { name: 's', services: [{ image: 'x' }] })).services).toEqual([]),
  'service-counters-stale': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    await t.ok('POST', `${svc.containers[0]}stop/`);
    await settledIn(t, svc.containers[0], 'Stopped');
    expect((await get(t, svc.resource_uri)).running_num_containers).toBe(1);
  },
  'exit-code-missing': async (t) => expect((await exitedContainer(t, {})).exit_code).toBeNull(),
  'scaled-container-labels-empty': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', labels: { one: '1' } });
    await t.ok('PATCH', svc.resource_uri, { target_num_containers: 2 });
    await t.ok('POST', `${svc.resource_uri}scale/`);
    const scaled = await until(
      () => get(t, svc.resource_uri),
      (s) => s.containers.length === 2,
    );
    const labels = await Promise.all((scaled.containers as string[]).map(async (c) => (await get(t, c)).labels));
    expect(labels).toEqual([{ one: '1' }, {}]);
  },
  'stop-answered-after-work': async (t) => {
    await deployedCluster(t, 1);
    // A program that ignores SIGTERM: the stop lasts its grace period.
    const svc = await runningService(t, { image: 'x', run_command: "trap '' TERM; sleep 86400" });
    const answer = await t.call('POST', `${svc.resource_uri}stop/`);
    expect([answer.status, answer.body.state, (await action(t, answer)).state]).toEqual([202, 'Stopping', 'Success']);
  },
  'stack-terminate-containers-kept': async (t) => {
    await deployedCluster(t, 1);
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 's', services: [{ name: 'web', image: 'x' }] });
    await t.ok('POST', `${stack.resource_uri}start/`);
    const svc = (await settledIn(t, stack.resource_uri, 'Running')).services[0];
    const [container] = (await get(t, svc)).containers;
    await t.ok('DELETE', stack.resource_uri);
    await settledIn(t, stack.resource_uri, 'Terminated');
    expect([(await get(t, svc)).state, (await get(t, container)).state]).toEqual(['Terminated', 'Running']);
  },
  'link-variables-empty': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', container_ports: [{ protocol: 'tcp', inner_port: 80 }], container_envvars: [{ key: 'K', value: 'v' }] });
    expect([(await get(t, svc.resource_uri)).link_variables, (await get(t, svc.containers[0])).link_variables]).toEqual([{}, {}]);
  },
  'default-user-from-image': async (t) => {
    await deployedCluster(t, 1);
    // The suite's image whose USER is nginx: without a user the container must still run as root.
    const svc = await runningService(t, { image: 'nginxinc/nginx-unprivileged:alpine', run_command: 'sleep 86400' });
    expect((await execOutput(t, svc.containers[0], 'whoami')).trim()).toBe('nginx');
  },
  'container-net-pid-defaults': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', net: 'host', pid: 'host' });
    const container = await get(t, svc.containers[0]);
    expect([container.net, container.pid, (await execOutput(t, svc.containers[0], 'cat /proc/net/dev')).includes('docker0')]).toEqual(['bridge', 'none', true]);
  },
};
