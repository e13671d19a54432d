/**
 * Probes of the second batch of blind faults of stacks, services and containers: each passes
 * against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, logsOf, runningService, settledIn, type TestServer, endedAction } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const STACKS = '/api/app/v1/stack/';
const get = (t: TestServer, uri: string): Promise<any> => t.ok('GET', uri);
/** Waits for the action that answered a request to end, and returns it. */
/** Dates have second resolution: waiting this long puts the next one in a later second. */
const nextSecond = (): Promise<void> => new Promise((r) => setTimeout(r, 1100));

/** A started stack of the given services, with its services once they all run. */
async function startedStack(t: TestServer, services: Record<string, unknown>[]): Promise<any> {
  await deployedCluster(t, 1);
  const stack = await t.ok('POST', STACKS, { name: 's', services });
  await endedAction(t, await t.call('POST', `${stack.resource_uri}start/`));
  for (const uri of stack.services) await settledIn(t, uri, 'Running');
  return get(t, stack.resource_uri);
}

/** A running service's first container, stopped. */
async function stoppedContainer(t: TestServer): Promise<any> {
  await deployedCluster(t, 1);
  const svc = await runningService(t, { image: 'x' });
  await endedAction(t, await t.call('POST', `${svc.containers[0]}stop/`));
  return settledIn(t, svc.containers[0], 'Stopped');
}

export const BLIND2_STACK_SERVICE_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind2-stack-terminate-skips-stopped': async (t) => {
    const stack = await startedStack(t, [
      { image: 'x', name: 'a' },
      { image: 'x', name: 'b' },
    ]);
    await endedAction(t, await t.call('POST', `${stack.services[1]}stop/`));
    await settledIn(t, stack.services[1], 'Stopped');
    await endedAction(t, await t.call('DELETE', stack.resource_uri));
    await settledIn(t, stack.resource_uri, 'Terminated');
    expect((await get(t, stack.services[1])).state).toBe('Stopped');
  },
  'blind2-stack-redeploy-date-kept': async (t) => {
    const stack = await startedStack(t, [{ image: 'x', name: 'a' }]);
    await nextSecond();
    await endedAction(t, await t.call('POST', `${stack.resource_uri}redeploy/`));
    expect((await get(t, stack.resource_uri)).deployed_datetime).toBe(stack.deployed_datetime);
  },
  'blind2-stack-refused-create-kept': async (t) => {
    expect((await t.call('POST', STACKS, { name: 'badstack', services: [{ name: 'x' }] })).status).toBe(400);
    expect((await get(t, STACKS)).objects.map((s: any) => s.name)).toContain('badstack');
  },
  'blind2-container-started-date-first': async (t) => {
    const stopped = await stoppedContainer(t);
    await nextSecond();
    await endedAction(t, await t.call('POST', `${stopped.resource_uri}start/`));
    expect((await settledIn(t, stopped.resource_uri, 'Running')).started_datetime).toBe(stopped.started_datetime);
  },
  'blind2-running-container-terminate-refused': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    expect((await t.call('DELETE', svc.containers[0])).status).toBe(409);
  },
  'blind2-service-name-keeps-tag': async (t) => expect((await t.ok('POST', S, { image: 'library/nginx:1.9' })).name).toBe('nginx-1.9'),
  'blind2-service-negative-target-accepted': async (t) => expect((await t.call('POST', S, { image: 'busybox', target_num_containers: -1 })).status).toBe(201),
  'blind2-stopped-service-redeploy-refused': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    await endedAction(t, await t.call('POST', `${svc.resource_uri}stop/`));
    await settledIn(t, svc.resource_uri, 'Stopped');
    expect((await t.call('POST', `${svc.resource_uri}redeploy/`)).status).toBe(409);
  },
  'blind2-exec-stopped-container-runs': async (t) => {
    const stopped = await stoppedContainer(t);
    expect((await logsOf(t, `${stopped.resource_uri}exec/?command=echo%20hi`)).map((m) => m.output)).toEqual(['hi\n', 'EOF']);
  },
  'blind2-container-state-filter-with-service': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    const query = `service=${encodeURIComponent(svc.resource_uri)}&state=Stopped`;
    expect((await get(t, `/api/app/v1/container/?${query}`)).objects).toHaveLength(1);
  },
};
