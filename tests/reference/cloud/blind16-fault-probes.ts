/**
 * Probes of the sixteenth batch of blind faults (a cancel the work does not see, a service terminate
 * that skips containers, the node type zone filter, a retried action's user_agent): each passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { ended } from './blind13-fault-probes.ts';
import { basic, deployedCluster, runningService, settledIn, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const UNENDED = ['In progress', 'Canceling'];

export const BLIND16_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind16-cancel-not-seen-by-work': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x' });
    const uri = (await t.call('POST', `${svc.resource_uri}start/`)).headers.get('x-dockercloud-action-uri') ?? '/missing-header';
    expect((await t.ok('POST', `${uri}cancel/`)).state).toBe('Canceling');
    const done = await until(
      () => t.ok('GET', uri),
      (a) => !UNENDED.includes(a.state),
    );
    expect(done.state).toBe('Success');
  },
  'blind16-service-terminate-skips-every-second': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', run_command: 'sleep 1000', target_num_containers: 2 });
    const both = await until(
      () => t.ok('GET', svc.resource_uri),
      (s) => s.current_num_containers === 2 && s.state === 'Running',
    );
    await ended(t, await t.call('DELETE', svc.resource_uri));
    await settledIn(t, svc.resource_uri, 'Terminated');
    const states: string[] = await Promise.all(both.containers.map(async (c: string) => (await t.ok('GET', c)).state));
    expect(states).toContain('Running');
  },
  'blind16-nodetype-zone-filter-first-zone-only': async (t) => {
    const zones: string[] = (await t.ok('GET', '/api/infra/v1/region/aws/us-east-1/')).availability_zones;
    const listed: any[] = (await t.ok('GET', `/api/infra/v1/nodetype/?availability_zones=${encodeURIComponent(zones[1] ?? '')}`)).objects;
    expect(listed.map((n) => n.name)).not.toContain('t2.micro');
  },
  'blind16-retry-keeps-original-user-agent': async (t) => {
    const created = await ended(t, await t.call('POST', S, { image: 'x' }));
    const agent = 'blind16-retry-probe/1.0';
    const answer = await fetch(`${t.server.url}${created.resource_uri}retry/`, {
      method: 'POST',
      headers: { Authorization: basic('conformance'), 'User-Agent': agent },
    });
    expect(answer.status).toBe(202);
    expect(((await answer.json()) as { user_agent: string }).user_agent).not.toBe(agent);
  },
};
