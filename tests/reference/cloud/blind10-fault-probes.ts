/**
 * Probes of the tenth batch of blind faults (a cluster's node count after a node's terminate, a
 * container's working_dir after a service update, EMPTIEST_NODE beside another service, the
 * stream of a container's earlier log lines, a stack start of a Partly running service, the
 * settings of a scaled container): each passes against a server with its fault and throws against
 * a clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, logsOf, runningService, settledIn, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const containersOf = async (t: TestServer, service: string): Promise<any[]> =>
  (await t.ok('GET', `/api/app/v1/container/?service=${encodeURIComponent(service)}`)).objects;

export const BLIND10_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind10-cluster-node-count-keeps-terminated': async (t) => {
    const cluster = await deployedCluster(t, 2);
    const node: string = cluster.nodes[0];
    await t.ok('DELETE', node);
    await settledIn(t, node, 'Terminated');
    expect((await t.ok('GET', cluster.resource_uri)).current_num_nodes).toBe(2);
  },
  'blind10-container-working-dir-from-service': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', working_dir: '/first' });
    await t.ok('PATCH', svc.resource_uri, { working_dir: '/second' });
    expect((await containersOf(t, svc.resource_uri))[0].working_dir).toBe('/second');
  },
  'blind10-emptiest-counts-own-service-only': async (t) => {
    await deployedCluster(t, 2);
    const busy = await runningService(t, { image: 'x', target_num_containers: 3, deployment_strategy: 'HIGH_AVAILABILITY' });
    const busyNodes = new Set((await containersOf(t, busy.resource_uri)).map((c) => c.node));
    expect(busyNodes.size).toBe(2);
    const counts = new Map<string, number>();
    for (const c of await containersOf(t, busy.resource_uri)) counts.set(c.node, (counts.get(c.node) ?? 0) + 1);
    const fullest = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const other = await runningService(t, { image: 'y' });
    expect((await containersOf(t, other.resource_uri)).map((c) => c.node)).toEqual([fullest]);
  },
  'blind10-container-log-tail-stream-lost': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', run_command: 'echo oops >&2' });
    const [c] = await containersOf(t, svc.resource_uri);
    const lines = await until(
      () => logsOf(t, `${c.resource_uri}logs/?follow=false`),
      (l) => l.some((x: any) => x.log === 'oops'),
    );
    expect(lines.find((x: any) => x.log === 'oops').streamType).toBe('stdout');
  },
  'blind10-stack-start-skips-added-service': async (t) => {
    await deployedCluster(t, 1);
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 'st', services: [{ name: 'web', image: 'x' }] });
    await t.ok('POST', `${stack.resource_uri}start/`);
    await settledIn(t, stack.resource_uri, 'Running');
    await t.ok('POST', `${stack.resource_uri}stop/`);
    await settledIn(t, stack.resource_uri, 'Stopped');
    await t.ok('PATCH', stack.resource_uri, { services: [{ name: 'db', image: 'y' }] });
    await t.ok('POST', `${stack.resource_uri}start/`);
    const settled = await until(
      () => t.ok('GET', stack.resource_uri),
      (s) => s.state === 'Running' || s.state === 'Partly running',
    );
    expect(settled.state).toBe('Partly running');
  },
  'blind10-scaled-container-cloned-from-first': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', container_envvars: [{ key: 'B10', value: 'old' }] });
    await t.ok('PATCH', svc.resource_uri, { container_envvars: [{ key: 'B10', value: 'new' }], target_num_containers: 2 });
    await t.ok('POST', `${svc.resource_uri}scale/`);
    const all = await until(
      () => containersOf(t, svc.resource_uri),
      (cs) => cs.length === 2,
    );
    const values = all.map((c) => c.container_envvars.find((e: any) => e.key === 'B10')?.value);
    expect(values).toEqual(['old', 'old']);
  },
};
