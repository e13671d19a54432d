/**
 * Probes of the twelfth batch of blind faults (a Stream API key prefix, a service PATCH without
 * links, the seeded third-party registry's vendor flag, a scale of an EMPTIEST_NODE service, the
 * private addresses of two services): each passes against a server with its fault and throws
 * against a clean one.
 */
import { expect } from 'vitest';
import { basic, deployedCluster, runningService, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const containersOf = async (t: TestServer, service: string): Promise<any[]> =>
  (await t.ok('GET', `/api/app/v1/container/?service=${encodeURIComponent(service)}`)).objects;

export const BLIND12_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind12-stream-key-prefix-accepted': async (t) => {
    const session = await t.ws('/api/audit/v1/events', { headers: { Authorization: basic('conformance', 'conf') } });
    session.close();
  },
  'blind12-service-patch-clears-links': async (t) => {
    const db = await t.ok('POST', S, { image: 'x', name: 'db' });
    const web = await t.ok('POST', S, { image: 'x', name: 'web', linked_to_service: [{ to_service: db.resource_uri }] });
    await t.ok('PATCH', web.resource_uri, { autorestart: 'ALWAYS' });
    expect((await t.ok('GET', web.resource_uri)).linked_to_service).toEqual([]);
  },
  'blind12-registry-vendor-means-seeded': async (t) => {
    const quay = await t.ok('GET', '/api/repo/v1/registry/quay.io/');
    expect(quay.is_docker_registry ?? quay.is_vendor_registry).toBe(true);
  },
  'blind12-scale-emptiest-among-service-nodes': async (t) => {
    await deployedCluster(t, 2);
    const svc = await runningService(t, { image: 'x' });
    await t.ok('PATCH', svc.resource_uri, { target_num_containers: 3 });
    await t.ok('POST', `${svc.resource_uri}scale/`);
    const all = await until(
      () => containersOf(t, svc.resource_uri),
      (cs) => cs.length === 3,
    );
    expect(new Set(all.map((c) => c.node)).size).toBe(1);
  },
  'blind12-private-ip-per-service-pool': async (t) => {
    await deployedCluster(t, 1);
    const first = await runningService(t, { image: 'x', name: 'a' });
    const second = await runningService(t, { image: 'y', name: 'b' });
    const [a] = await containersOf(t, first.resource_uri);
    const [b] = await containersOf(t, second.resource_uri);
    expect(a.private_ip).toBe(b.private_ip);
  },
};
