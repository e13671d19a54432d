/**
 * Probes of the seventh batch of blind faults (list paging, stack and cluster state guards, a
 * running container's exit_code, a new service's state spelling, foreign namespaces, canceled
 * actions, Stream API keys): each passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { action, basic, deployedCluster, runningService, settledIn, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';

export const BLIND7_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind7-list-next-on-full-last-page': async (t) => {
    const total: number = (await t.ok('GET', '/api/infra/v1/provider/')).meta.total_count;
    expect((await t.ok('GET', `/api/infra/v1/provider/?limit=${total}`)).meta.next).not.toBeNull();
  },
  'blind7-stack-terminated-redeploy-accepted': async (t) => {
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 's' });
    await t.ok('DELETE', stack.resource_uri);
    await settledIn(t, stack.resource_uri, 'Terminated');
    expect((await t.call('POST', `${stack.resource_uri}redeploy/`)).status).toBe(202);
  },
  'blind7-container-exit-code-zero-while-running': async (t) => {
    await deployedCluster(t, 1);
    const container: string = (await runningService(t, { image: 'x', run_command: 'sleep 1000' })).containers[0];
    expect((await t.ok('GET', container)).exit_code).toBe(0);
  },
  'blind7-cluster-empty-terminate-refused': async (t) => {
    const cluster = await deployedCluster(t, 0);
    expect(cluster.state).toBe('Empty cluster');
    expect((await t.call('DELETE', cluster.resource_uri)).status).toBe(409);
  },
  'blind7-service-not-running-capitalised': async (t) => expect((await t.ok('POST', S, { image: 'x' })).state).toBe('Not Running'),
  'blind7-namespace-foreign-read-as-empty': async (t) => {
    const listed = await t.call('GET', '/api/app/v1/conformance2/service/');
    expect(listed.status).toBe(200);
    expect(listed.body.objects).toEqual([]);
  },
  'blind7-action-cancel-ends-failed': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x' });
    const started = await action(t, await t.call('POST', `${svc.resource_uri}start/`));
    await t.ok('POST', `${started.resource_uri}cancel/`);
    const ended = await until(
      () => t.ok('GET', started.resource_uri),
      (a) => a.state !== 'In progress' && a.state !== 'Canceling',
    );
    expect(ended.state).toBe('Failed');
  },
  'blind7-stream-wrong-key-accepted': async (t) => {
    const session = await t.ws('/api/audit/v1/events', { headers: { Authorization: basic('conformance', 'wrong') } });
    session.close();
  },
};
