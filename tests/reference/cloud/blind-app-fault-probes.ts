/**
 * Probes of the blind faults of registries, repositories, stacks, services, containers, lists,
 * logs and dates: each passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, logsOf, runningService, settledIn, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const STACKS = '/api/app/v1/stack/';
const get = (t: TestServer, uri: string): Promise<any> => t.ok('GET', uri);

/** Sends a request and waits until the action it started has ended. */
async function done(t: TestServer, method: string, path: string, body?: unknown): Promise<any> {
  const answer = await t.call(method, path, body);
  const uri = answer.headers.get('x-dockercloud-action-uri');
  if (uri) {
    await until(
      () => get(t, uri),
      (a) => !['Pending', 'In progress', 'Canceling'].includes(a.state),
    );
  }
  return answer.body;
}

/** A started stack of the given services, with its services once they all run. */
async function startedStack(t: TestServer, services: Record<string, unknown>[]): Promise<any> {
  await deployedCluster(t, 1);
  const stack = await t.ok('POST', STACKS, { name: 's', services });
  await done(t, 'POST', `${stack.resource_uri}start/`);
  for (const uri of stack.services) await settledIn(t, uri, 'Running');
  return stack;
}

export const BLIND_APP_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind-registry-vendor-filter-false-all': async (t) => {
    const hosts = (await get(t, '/api/repo/v1/registry/?is_docker_registry=false')).objects.map((r: any) => r.host);
    expect(hosts).toContain('registry.hub.docker.com');
  },
  'blind-repository-never-in-use': async (t) => {
    await t.ok('POST', '/api/repo/v1/repository/', { name: 'quay.io/x/y', username: 'u', password: 'p' });
    await t.ok('POST', S, { image: 'quay.io/x/y:1', name: 'y' });
    expect((await get(t, '/api/repo/v1/repository/quay.io/x/y/')).in_use).toBe(false);
  },
  'blind-stack-stop-skips-last': async (t) => {
    const stack = await startedStack(t, [
      { image: 'x', name: 'a' },
      { image: 'x', name: 'b' },
    ]);
    await done(t, 'POST', `${stack.resource_uri}stop/`);
    await settledIn(t, stack.services[0], 'Stopped');
    await new Promise((r) => setTimeout(r, 200));
    expect((await get(t, stack.services[1])).state).toBe('Running');
  },
  'blind-stack-redeploy-reuse-default-false': async (t) => {
    const stack = await startedStack(t, [{ image: 'x', name: 'a', bindings: [{ container_path: '/data' }] }]);
    const svc = await get(t, stack.services[0]);
    const before = (await get(t, svc.containers[0])).bindings[0].volume;
    await done(t, 'POST', `${stack.resource_uri}redeploy/`);
    const after = await settledIn(t, stack.services[0], 'Running');
    expect((await get(t, after.containers[0])).bindings[0].volume).not.toBe(before);
  },
  'blind-service-scale-down-ignored': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', target_num_containers: 2 });
    await t.ok('PATCH', svc.resource_uri, { target_num_containers: 1 });
    await done(t, 'POST', `${svc.resource_uri}scale/`);
    await new Promise((r) => setTimeout(r, 200));
    expect((await get(t, svc.resource_uri)).current_num_containers).toBe(2);
  },
  'blind-service-tags-appended': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x', tags: [{ name: 'a' }] });
    await t.ok('PATCH', svc.resource_uri, { tags: [{ name: 'b' }] });
    expect((await get(t, svc.resource_uri)).tags.map((x: any) => x.name)).toEqual(['a', 'b']);
  },
  'blind-stopped-count-zero': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    await done(t, 'POST', `${svc.resource_uri}stop/`);
    const stopped = await settledIn(t, svc.resource_uri, 'Stopped');
    expect(stopped.stopped_num_containers).toBe(0);
  },
  'blind-partly-running-start-refused': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', target_num_containers: 2 });
    await done(t, 'POST', `${svc.containers[0]}stop/`);
    await settledIn(t, svc.resource_uri, 'Partly running');
    expect((await t.call('POST', `${svc.resource_uri}start/`)).status).toBe(409);
  },
  'blind-stopped-container-stop-accepted': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    await done(t, 'POST', `${svc.containers[0]}stop/`);
    await settledIn(t, svc.containers[0], 'Stopped');
    expect((await t.call('POST', `${svc.containers[0]}stop/`)).status).toBe(202);
  },
  'blind-container-name-filter-prefix': async (t) => {
    await deployedCluster(t, 1);
    await runningService(t, { image: 'x', name: 'web', target_num_containers: 2 });
    expect((await get(t, '/api/app/v1/container/?name=web')).objects).toHaveLength(2);
  },
  'blind-list-offset-skips-one': async (t) => {
    const names = (await get(t, '/api/infra/v1/region/?limit=0')).objects.map((r: any) => r.name);
    const page = (await get(t, '/api/infra/v1/region/?limit=2&offset=2')).objects.map((r: any) => r.name);
    expect(page).toEqual(names.slice(3, 5));
  },
  'blind-logs-tail-off-by-one': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', run_command: 'echo a; echo b; echo c; sleep 60' });
    await new Promise((r) => setTimeout(r, 300));
    expect(await logsOf(t, `${svc.containers[0]}logs/?tail=2&follow=false`)).toHaveLength(1);
  },
  'blind-service-log-source-service': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', name: 'web', run_command: 'echo hi; sleep 60' });
    await new Promise((r) => setTimeout(r, 300));
    const sources = (await logsOf(t, `${svc.resource_uri}logs/?follow=false`)).map((m) => m.source);
    expect(sources.length).toBeGreaterThan(0);
    expect(new Set(sources)).toEqual(new Set(['web']));
  },
  'blind-date-gmt-zone': async (t) => {
    const answer = await t.call('POST', S, { image: 'x' });
    expect((await get(t, answer.headers.get('x-dockercloud-action-uri') ?? '/missing-header')).start_date).toMatch(/ GMT$/);
  },
};
