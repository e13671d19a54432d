/**
 * Probes of the fifteenth batch of blind faults (a retried action's is_user_action, a stack's
 * synchronized after a service redeploy, a service's synchronized after a scale-up, can_be_retried
 * while Canceling): each passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { ended } from './blind13-fault-probes.ts';
import { deployedCluster, runningService, settledIn, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';

export const BLIND15_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind15-retried-action-not-user-action': async (t) => {
    const created = await ended(t, await t.call('POST', S, { image: 'x' }));
    const retried = await t.call('POST', `${created.resource_uri}retry/`);
    expect(retried.status).toBe(202);
    expect(retried.body.is_user_action).toBe(false);
  },
  'blind15-stack-sync-restored-by-stack-redeploy-only': async (t) => {
    await deployedCluster(t, 1);
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 's', services: [{ name: 'a', image: 'x' }] });
    await ended(t, await t.call('POST', `${stack.resource_uri}start/`));
    const running = await settledIn(t, stack.resource_uri, 'Running');
    const service: string = running.services[0];
    await t.ok('PATCH', service, { working_dir: '/second' });
    await ended(t, await t.call('POST', `${service}redeploy/`));
    expect((await settledIn(t, service, 'Running')).synchronized).toBe(true);
    expect((await t.ok('GET', stack.resource_uri)).synchronized).toBe(false);
  },
  'blind15-service-synchronized-newest-container': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    await t.ok('PATCH', svc.resource_uri, { target_num_containers: 2 });
    await ended(t, await t.call('POST', `${svc.resource_uri}scale/`));
    const scaled = await until(
      () => t.ok('GET', svc.resource_uri),
      (s) => s.current_num_containers === 2 && s.state === 'Running',
    );
    expect(scaled.synchronized).toBe(true);
  },
  'blind15-canceling-shows-retriable': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x' });
    const uri = (await t.call('POST', `${svc.resource_uri}start/`)).headers.get('x-dockercloud-action-uri') ?? '/missing-header';
    const canceling = await t.ok('POST', `${uri}cancel/`);
    expect(canceling.state).toBe('Canceling');
    expect(canceling.can_be_retried).toBe(true);
  },
};
