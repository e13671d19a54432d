/**
 * Probes of the thirteenth batch of blind faults (privileged after a redeploy, the aws iam provider
 * option, a read-only volume binding, the user of an exec, an exec of an unknown container): each
 * passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { action, deployedCluster, logsOf, NODE_TYPE, REGION, runningService, settledIn, until, type Answer, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

/** Waits for the action that answered a request to end, and returns it. */
export const ended = (t: TestServer, answer: Answer): Promise<any> =>
  until(
    () => action(t, answer),
    (a) => !['Pending', 'In progress', 'Canceling'].includes(a.state),
  );
/** The outputs of a one-shot exec in a container. */
const execOutputs = async (t: TestServer, container: string, command: string): Promise<string[]> =>
  (await logsOf(t, `${container}exec/?command=${encodeURIComponent(command)}`)).map((m) => String(m.output));

export const BLIND13_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind13-privileged-lost-on-redeploy': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', privileged: true });
    await ended(t, await t.call('POST', `${svc.resource_uri}redeploy/`));
    const redeployed = await settledIn(t, svc.resource_uri, 'Running');
    expect((await t.ok('GET', redeployed.containers[0])).privileged).toBe(false);
  },
  'blind13-provider-options-iam-dropped': async (t) => {
    const provider_options = { vpc: { id: 'vpc-1', subnets: ['s-1'], security_groups: ['g-1'] }, iam: { instance_profile_name: 'p' } };
    const cluster = await t.ok('POST', '/api/infra/v1/nodecluster/', { name: 'c', node_type: NODE_TYPE, region: REGION, provider_options });
    expect(cluster.provider_options.iam).toBeUndefined();
  },
  'blind13-binding-readonly-host-path-only': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', bindings: [{ container_path: '/data', rewritable: false }] });
    expect(await execOutputs(t, svc.containers[0], 'touch /data/f')).toEqual(['EOF']);
  },
  'blind13-exec-user-root': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', user: 'nobody' });
    expect(await execOutputs(t, svc.containers[0], 'whoami')).toEqual(['root\n', 'EOF']);
  },
  'blind13-exec-missing-container-upgraded': async (t) => {
    const outputs = await execOutputs(t, '/api/app/v1/container/00000000-0000-4000-8000-000000000000/', 'echo hi');
    expect(outputs.at(-1)).toBe('EOF');
  },
};
