/**
 * Probes of the twenty-first batch of blind faults (private_ip reachable on its node only, link
 * variables named after the image, read_only applied with bindings only, cpu_shares written as the
 * cgroup weight, a sequential deployment booted newest first, an unavailable provider deployed on,
 * container devices reversed): each passes against a server with its fault and throws against a
 * clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, execOutput, logsOf, runningService, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const CLUSTERS = '/api/infra/v1/nodecluster/';

export const BLIND21_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind21-private-ip-node-local': async (t) => {
    await deployedCluster(t, 2);
    const svc = await runningService(t, { image: 'x', target_num_containers: 2, deployment_strategy: 'HIGH_AVAILABILITY' });
    const [a, b] = await Promise.all(svc.containers.map((uri: string) => t.ok('GET', uri)));
    expect(a.node).not.toBe(b.node);
    expect(await execOutput(t, a.resource_uri, `ping -c 1 ${b.private_ip}`)).toContain('100% packet loss');
  },
  'blind21-link-variables-image-prefix': async (t) => {
    const svc = await t.ok('POST', S, { image: 'nginx', name: 'web', container_ports: [{ protocol: 'tcp', inner_port: 80 }] });
    expect(Object.keys(svc.link_variables)).toContain('NGINX_PORT');
  },
  'blind21-read-only-with-bindings-only': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', read_only: true });
    expect(await execOutput(t, svc.containers[0], 'touch /probe && echo written')).toContain('written');
  },
  'blind21-cpu-shares-as-weight': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', cpu_shares: 512 });
    expect(await execOutput(t, svc.containers[0], 'cat /sys/fs/cgroup/cpu.weight')).toBe('512\n');
  },
  'blind21-sequential-boot-newest-first': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x', name: 'seq', sequential_deployment: true, target_num_containers: 3 });
    const uri = (await t.call('POST', `${svc.resource_uri}start/`)).headers.get('x-dockercloud-action-uri') ?? '/missing-header';
    await until(
      () => t.ok('GET', uri),
      (a) => a.state === 'Success',
    );
    const lines = (await logsOf(t, `${uri}logs/?follow=false`)).map((m) => String(m.log)).filter((l) => / started$/.test(l));
    expect(lines).toEqual(['Container seq-3 started', 'Container seq-2 started', 'Container seq-1 started']);
  },
  'blind21-provider-available-lookup-by-name': async (t) => {
    const body = { name: 'bare', node_type: '/api/infra/v1/nodetype/packet/baremetal_0/', region: '/api/infra/v1/region/packet/ewr1/', target_num_nodes: 1 };
    const cluster = await t.ok('POST', CLUSTERS, body);
    await t.ok('POST', `${cluster.resource_uri}deploy/`);
    await until(
      () => t.ok('GET', cluster.resource_uri),
      (c) => c.state === 'Deployed',
    );
  },
  'blind21-container-devices-reversed': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', devices: ['/dev/ttyUSB0:/dev/ttyS0'] });
    expect((await t.ok('GET', svc.containers[0])).devices).toEqual(['/dev/ttyS0:/dev/ttyUSB0']);
  },
};
