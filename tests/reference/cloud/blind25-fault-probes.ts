/**
 * Probes of the twenty-fifth batch of blind faults (node type zones null without zones, in_use
 * counting running services only, roles shown after the first deploy, asynchronous DELETE answered
 * 204, the default name from the image's second path segment, the container name filter reading the
 * service's name, container start taking the first Stopped container): each passes against a
 * server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { action, deployedCluster, runningService, settledIn, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const CONTAINERS = '/api/app/v1/container/';
const REPOSITORIES = '/api/repo/v1/repository/';

export const BLIND25_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind25-nodetype-zones-null-when-none': async (t) => {
    const aws = await t.ok('GET', '/api/infra/v1/nodetype/aws/t2.micro/');
    expect((aws.availability_zones as string[]).length).toBeGreaterThan(0);
    const one = await t.ok('GET', '/api/infra/v1/nodetype/digitalocean/512mb/');
    expect(one.availability_zones).toBeNull();
    const listed = await t.ok('GET', '/api/infra/v1/nodetype/?name=512mb');
    expect(listed.objects[0].availability_zones).toBeNull();
  },
  'blind25-repository-in-use-running-only': async (t) => {
    const repo = await t.ok('POST', REPOSITORIES, { name: 'quay.io/team/app', username: 'u', password: 'p' });
    await t.ok('POST', S, { image: 'quay.io/team/app:1' });
    expect((await t.ok('GET', repo.resource_uri)).in_use).toBe(false);
    await deployedCluster(t, 1);
    await runningService(t, { image: 'quay.io/team/app:2', name: 'web' });
    expect((await t.ok('GET', repo.resource_uri)).in_use).toBe(true);
  },
  'blind25-service-roles-shown-after-deploy': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x', roles: ['global'] });
    expect(svc.roles).toEqual([]);
    expect((await t.ok('GET', svc.resource_uri)).roles).toEqual([]);
    await deployedCluster(t, 1);
    await t.ok('POST', `${svc.resource_uri}start/`);
    const running = await settledIn(t, svc.resource_uri, 'Running');
    expect(running.roles).toEqual(['global']);
  },
  'blind25-async-delete-204': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x' });
    const answer = await t.call('DELETE', svc.resource_uri);
    expect(answer.status).toBe(204);
    expect(answer.body).toBeUndefined();
    const a = await action(t, answer);
    expect(a.action).toBe('Service Terminate');
    await settledIn(t, svc.resource_uri, 'Terminated');
  },
  'blind25-service-name-second-segment': async (t) => {
    expect((await t.ok('POST', S, { image: 'library/nginx:1.9' })).name).toBe('nginx');
    expect((await t.ok('POST', S, { image: 'quay.io/team/app:1' })).name).toBe('team');
  },
  'blind25-container-name-filter-service-name': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', name: 'web', target_num_containers: 2 });
    expect((await t.ok('GET', `${CONTAINERS}?name=web-1`)).objects).toHaveLength(0);
    const byService = await t.ok('GET', `${CONTAINERS}?name=web`);
    expect((byService.objects as { resource_uri: string }[]).map((c) => c.resource_uri).sort()).toEqual([...svc.containers].sort());
  },
  'blind25-container-start-first-stopped': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', target_num_containers: 2 });
    const [first, second] = svc.containers as string[];
    await t.ok('POST', `${svc.resource_uri}stop/`);
    await settledIn(t, svc.resource_uri, 'Stopped');
    const answer = await t.call('POST', `${second}start/`);
    expect(answer.status).toBe(202);
    await until(
      () => action(t, answer),
      (a) => a.state === 'Success' || a.state === 'Failed',
    );
    expect((await settledIn(t, first!, 'Running')).state).toBe('Running');
    expect((await t.ok('GET', second!)).state).toBe('Stopped');
  },
};
