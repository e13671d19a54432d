/**
 * Probes of the faults in what host_path and volumes_from bindings mount: each passes against a server with its fault
 * and throws against a clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, logsOf, runningService, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

/** What a command run by exec in the container prints. */
const execIn = async (t: TestServer, container: string, command: string): Promise<string> =>
  (await logsOf(t, `${container}exec/?command=${encodeURIComponent(command)}`)).map((m) => String(m.output)).join('');

/** A container of a service binding /d, the container of a service with volumes_from it, and what the first wrote in /d. */
async function volumesFromRead(t: TestServer): Promise<string> {
  await deployedCluster(t, 1);
  const source = await runningService(t, { image: 'x', bindings: [{ container_path: '/d' }] });
  const mounting = await runningService(t, { image: 'x', bindings: [{ volumes_from: source.resource_uri }] });
  await execIn(t, source.containers[0], 'echo shared > /d/f');
  return execIn(t, mounting.containers[0], 'cat /d/f');
}

export const BINDING_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'host-path-not-mounted': async (t) => {
    await deployedCluster(t, 1);
    const a = await runningService(t, { image: 'x', bindings: [{ host_path: '/srv', container_path: '/a' }] });
    const b = await runningService(t, { image: 'x', bindings: [{ host_path: '/srv', container_path: '/b' }] });
    await execIn(t, a.containers[0], 'echo shared > /a/f');
    expect(await execIn(t, b.containers[0], 'cat /b/f')).not.toContain('shared');
  },
  'volumes-from-ignored': async (t) => expect(await volumesFromRead(t)).not.toContain('shared'),
  'volumes-from-copied-at-deploy': async (t) => expect(await volumesFromRead(t)).not.toContain('shared'),
};
