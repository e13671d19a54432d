/**
 * Probes of the twenty-fourth batch of blind faults (net host dropped for a service with ports, a
 * container's stdin_open set with tty, exit code 0 shown as null, service log sources spelled as
 * engine names, cluster tags merged into its nodes' lists, redeploy skipping Stopped containers,
 * the container state filter over live containers only): each passes against a server with its
 * fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, logsOf, runningService, settledIn, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const CONTAINERS = '/api/app/v1/container/';
const HEADER = 'x-dockercloud-action-uri';

export const BLIND24_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind24-net-host-with-ports-bridged': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', net: 'host', container_ports: [{ protocol: 'tcp', inner_port: 80 }] });
    const outputs = await logsOf(t, `${svc.containers[0]}exec/?command=${encodeURIComponent('cat /proc/net/dev')}`);
    const text = outputs.map((m) => String(m.output)).join('');
    expect(text).toContain('eth0');
    expect(text).not.toContain('docker0');
  },
  'blind24-container-stdin-open-with-tty': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', tty: true });
    expect(svc.stdin_open).toBe(false);
    const container = await t.ok('GET', svc.containers[0]);
    expect(container.tty).toBe(true);
    expect(container.stdin_open).toBe(true);
  },
  'blind24-exit-code-zero-null': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    await t.ok('POST', `${svc.containers[0]}stop/`);
    const stopped = await settledIn(t, svc.containers[0], 'Stopped');
    expect(stopped.exit_code).toBeNull();
  },
  'blind24-service-log-source-engine-name': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', name: 'web' });
    const sources = (await logsOf(t, `${svc.resource_uri}logs/?follow=false`)).map((m) => m.source);
    expect(sources.length).toBeGreaterThan(0);
    expect(new Set(sources)).toEqual(new Set(['/web-1']));
  },
  'blind24-cluster-tags-merged-into-nodes': async (t) => {
    const cluster = await deployedCluster(t, 1, { tags: [{ name: 'a' }] });
    await t.ok('PATCH', cluster.resource_uri, { tags: [{ name: 'b' }] });
    const patched = await t.ok('GET', cluster.resource_uri);
    expect(patched.tags).toEqual([{ name: 'b' }]);
    const node = await t.ok('GET', (patched.nodes as string[])[0]!);
    expect(node.tags).toEqual([{ name: 'a' }, { name: 'b' }]);
  },
  'blind24-redeploy-skips-stopped-containers': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', target_num_containers: 2 });
    const second = (svc.containers as string[])[1]!;
    await t.ok('POST', `${second}stop/`);
    await settledIn(t, second, 'Stopped');
    await t.ok('PATCH', svc.resource_uri, { container_envvars: [{ key: 'K', value: 'v' }] });
    const uri = (await t.call('POST', `${svc.resource_uri}redeploy/`)).headers.get(HEADER) ?? '/missing-header';
    const ended = await until(
      () => t.ok('GET', uri),
      (a) => a.state === 'Success' || a.state === 'Failed',
    );
    expect(ended.state).toBe('Success');
    const container = await t.ok('GET', second);
    expect(container.state).toBe('Stopped');
    expect(container.synchronized).toBe(false);
  },
  'blind24-container-state-filter-live-only': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    await t.ok('DELETE', svc.containers[0]);
    await settledIn(t, svc.containers[0], 'Terminated');
    const all = await t.ok('GET', CONTAINERS);
    expect((all.objects as { resource_uri: string }[]).some((c) => c.resource_uri === svc.containers[0])).toBe(true);
    const terminated = await t.ok('GET', `${CONTAINERS}?state=Terminated`);
    expect(terminated.objects).toHaveLength(0);
  },
};
