/**
 * Probes of the faults of what a field means (reference/cloud/fault-areas/field-meanings.ts): each
 * passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';
import { deployedCluster, execOutput, runningService, type TestServer } from './helpers.ts';

const get = (t: TestServer, uri: string): Promise<any> => t.ok('GET', uri);

/** The node of a deployed one-node cluster (aws t2.micro: 1 CPU, 1024 MB), as GET shows it. */
const node = async (t: TestServer): Promise<any> => get(t, (await deployedCluster(t, 1)).nodes[0]);

export const FIELD_MEANING_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'node-memory-in-bytes': async (t) => {
    const shown = await node(t);
    const svc = await runningService(t, { image: 'x', run_command: 'sleep 1000' });
    const memTotal = Number(/MemTotal:\s+(\d+) kB/.exec(await execOutput(t, svc.containers[0], 'cat /proc/meminfo'))?.[1]);
    expect(shown.memory).toBe(memTotal * 1024);
  },
  'node-cpu-as-shares': async (t) => {
    const shown = await node(t);
    const svc = await runningService(t, { image: 'x', run_command: 'sleep 1000' });
    expect([shown.cpu, (await execOutput(t, svc.containers[0], 'nproc')).trim()]).toEqual([1024, '1']);
  },
  'node-public-ip-fqdn': async (t) => {
    const shown = await node(t);
    expect(shown.public_ip).toBe(shown.external_fqdn);
  },
  // A variation the spec allows: the containers take their service's name as it is (web-1, web-2 on a clean server).
  'containers-named-as-service': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', name: 'web', target_num_containers: 2 });
    expect(await Promise.all(svc.containers.map(async (c: string) => (await get(t, c)).name))).toEqual(['web', 'web']);
  },
  // The service shows false, yet its second container links to the first (no link on a clean server).
  'sequential-default-true-at-deploy': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', run_command: 'sleep 1000', target_num_containers: 2 });
    expect(svc.sequential_deployment).toBe(false);
    const links = await Promise.all(svc.containers.map(async (c: string) => (await get(t, c)).linked_to_container.length));
    expect(links.some((n: number) => n > 0)).toBe(true);
  },
};
