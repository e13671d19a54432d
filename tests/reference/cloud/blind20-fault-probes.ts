/**
 * Probes of the twentieth batch of blind faults (a service's relatives without its terminated
 * containers, the region provider filter read as a name, an action found by a uuid prefix,
 * VENDOR_AUTH without its scheme, linked_from_service reversed, dns_search copied from dns): each
 * passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { basic, deployedCluster, runningService, settledIn, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const ACTIONS = '/api/audit/v1/action/';

export const BLIND20_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind20-related-service-live-containers-only': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    const container = svc.containers[0];
    await t.ok('DELETE', container);
    await settledIn(t, container, 'Terminated');
    const listed = await t.ok('GET', `${ACTIONS}?object=${svc.resource_uri}&include_related=true`);
    expect(listed.objects.map((a: any) => a.object)).not.toContain(container);
  },
  'blind20-region-provider-filter-by-name': async (t) => {
    const listed = await t.ok('GET', '/api/infra/v1/region/?provider=/api/infra/v1/provider/aws/');
    expect(listed.objects).toEqual([]);
  },
  'blind20-action-get-uuid-prefix': async (t) => {
    await t.ok('POST', S, { image: 'x' });
    const [first] = (await t.ok('GET', ACTIONS)).objects;
    expect((await t.call('GET', `${ACTIONS}${first.uuid.slice(0, 8)}/`)).status).toBe(200);
  },
  'blind20-vendor-auth-credentials-only': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', roles: ['global'] });
    const env = (await t.ok('GET', svc.containers[0])).container_envvars;
    expect(env.map((e: any) => e.value)).toContain(basic('conformance').replace(/^Basic /, ''));
  },
  'blind20-linked-from-service-reversed': async (t) => {
    const db = await t.ok('POST', S, { image: 'redis', name: 'db' });
    await t.ok('POST', S, { image: 'nginx', name: 'web', linked_to_service: [{ to_service: db.resource_uri, name: 'db' }] });
    expect((await t.ok('GET', db.resource_uri)).linked_from_service[0].from_service).toBe(db.resource_uri);
  },
  'blind20-container-dns-search-from-dns': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', dns: ['8.8.8.8'], dns_search: ['example.com'] });
    expect((await t.ok('GET', svc.containers[0])).dns_search).toEqual(['8.8.8.8']);
  },
};
