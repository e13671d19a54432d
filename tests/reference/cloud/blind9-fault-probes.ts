/**
 * Probes of the ninth batch of blind faults (an empty stack's terminate date, the provider list,
 * a scaled container's variables, the Canceling event, a string cpu_shares, a binding's volume per
 * container, the repository name filter, the scheme's case on the stream upgrade): each passes
 * against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { basic, deployedCluster, runningService, settledIn, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const ENDED: ReadonlySet<string> = new Set(['Success', 'Failed', 'Canceled']);
const containersOf = async (t: TestServer, service: string): Promise<any[]> =>
  (await t.ok('GET', `/api/app/v1/container/?service=${encodeURIComponent(service)}`)).objects;

export const BLIND9_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind9-stack-empty-terminate-no-destroyed-date': async (t) => {
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 'empty' });
    await t.ok('DELETE', stack.resource_uri);
    expect((await settledIn(t, stack.resource_uri, 'Terminated')).destroyed_datetime).toBeNull();
  },
  'blind9-provider-list-available-only': async (t) => {
    const listed: any[] = (await t.ok('GET', '/api/infra/v1/provider/')).objects;
    expect(listed.filter((p) => p.available === false)).toEqual([]);
  },
  'blind9-scaled-container-envvars-dropped': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', container_envvars: [{ key: 'A9', value: 'one' }] });
    await t.ok('PATCH', svc.resource_uri, { target_num_containers: 2 });
    await t.ok('POST', `${svc.resource_uri}scale/`);
    const all = await until(
      () => containersOf(t, svc.resource_uri),
      (cs) => cs.length === 2,
    );
    expect(all.filter((c) => !c.container_envvars.some((e: any) => e.key === 'A9'))).toHaveLength(1);
  },
  'blind9-canceling-not-announced': async (t) => {
    await deployedCluster(t, 1);
    const session = await t.ws('/api/audit/v1/events');
    const svc = await t.ok('POST', S, { image: 'x' });
    const uri = (await t.call('POST', `${svc.resource_uri}start/`)).headers.get('x-dockercloud-action-uri') ?? '/missing-header';
    expect((await t.ok('POST', `${uri}cancel/`)).state).toBe('Canceling');
    await session.waitFor((m) => m.type === 'action' && m.resource_uri === uri && ENDED.has(m.state));
    session.close();
    const states: string[] = session.messages.filter((m) => m.type === 'action' && m.resource_uri === uri).map((m) => m.state);
    expect(states).not.toContain('Canceling');
  },
  'blind9-cpu-shares-string-kept': async (t) => expect((await t.call('POST', S, { image: 'x', cpu_shares: '512' })).body.cpu_shares).toBe('512'),
  'blind9-binding-volume-shared-by-containers': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', target_num_containers: 2, bindings: [{ container_path: '/data' }] });
    const volumes: string[] = (await containersOf(t, svc.resource_uri)).map((c) => c.bindings[0].volume);
    expect(volumes).toHaveLength(2);
    expect(volumes[0]).toBe(volumes[1]);
  },
  'blind9-repository-name-filter-path-only': async (t) => {
    await t.ok('POST', '/api/repo/v1/repository/', { name: 'registry.example.com/team/app', username: 'u', password: 'p' });
    const full = encodeURIComponent('registry.example.com/team/app');
    expect((await t.ok('GET', `/api/repo/v1/repository/?name=${full}`)).objects).toEqual([]);
  },
  'blind9-stream-basic-scheme-case-sensitive': async (t) => {
    const lower = basic('conformance').replace(/^Basic/, 'basic');
    await expect(t.ws('/api/audit/v1/events', { headers: { Authorization: lower } })).rejects.toMatchObject({ status: 401 });
  },
};
