/**
 * Probes of the fourteenth batch of blind faults (a private_ip reused after a terminate, the
 * service list's stack filter, the logs of a synchronous call's action, a repository PATCH with
 * one credential): each passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { action, deployedCluster, runningService, settledIn, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const REPOSITORIES = '/api/repo/v1/repository/';

/** The private_ip of each container that is not Terminated. */
const liveAddresses = async (t: TestServer): Promise<string[]> =>
  (await t.ok('GET', '/api/app/v1/container/')).objects.filter((c: any) => c.state !== 'Terminated').map((c: any) => c.private_ip);

export const BLIND14_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind14-private-ip-count-reused-after-terminate': async (t) => {
    await deployedCluster(t, 1);
    const first = await runningService(t, { image: 'x', name: 'a', target_num_containers: 2 });
    await t.ok('DELETE', first.containers[0]);
    await settledIn(t, first.containers[0], 'Terminated');
    await runningService(t, { image: 'y', name: 'b' });
    const addresses = await liveAddresses(t);
    expect(new Set(addresses).size).toBeLessThan(addresses.length);
  },
  'blind14-service-stack-filter-last-segment': async (t) => {
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 'st', services: [{ name: 'web', image: 'x' }] });
    const listed = (await t.ok('GET', `/api/app/v1/service/?stack=${encodeURIComponent(stack.resource_uri)}`)).objects;
    expect(listed).toEqual([]);
  },
  'blind14-action-logs-sync-404': async (t) => {
    const made = await action(t, await t.call('POST', REPOSITORIES, { name: 'quay.io/b14/logs', username: 'u', password: 'p' }));
    await expect(t.ws(`${made.resource_uri}logs/?follow=false`)).rejects.toThrow(/404/);
  },
  'blind14-repository-patch-requires-both': async (t) => {
    const repo = await t.ok('POST', REPOSITORIES, { name: 'quay.io/b14/patch', username: 'u', password: 'p' });
    expect((await t.call('PATCH', repo.resource_uri, { password: 'p2' })).status).toBe(400);
  },
};
