/**
 * Probes of the twenty-sixth batch of blind faults (a zone's region URI without its provider, the
 * events path needing a trailing slash, EVERY_NODE skipping nodes busy with other services, the
 * region name filter dropped beside provider, a terminated node's GET answering 404, a region's
 * node types joined by provider, a container's outer_port as a string): each passes against a
 * server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, runningService, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const NODES = '/api/infra/v1/node/';

export const BLIND26_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind26-az-region-uri-no-provider': async (t) => {
    const zone = await t.ok('GET', '/api/infra/v1/az/aws/us-east-1/us-east-1a/');
    expect(zone.region).toBe('/api/infra/v1/region/us-east-1/');
    expect((await t.call('GET', zone.region)).status).toBe(404);
  },
  'blind26-events-path-trailing-slash-required': async (t) => {
    const slashed = await t.ws('/api/audit/v1/events/');
    slashed.close();
    await expect(t.ws('/api/audit/v1/events')).rejects.toMatchObject({ status: 404 });
  },
  'blind26-every-node-skips-busy-nodes': async (t) => {
    await deployedCluster(t, 2);
    await runningService(t, { image: 'x', name: 'plain' });
    const every = await runningService(t, { image: 'y', name: 'every', deployment_strategy: 'EVERY_NODE' });
    expect(every.containers).toHaveLength(1);
  },
  'blind26-region-name-filter-dropped-with-provider': async (t) => {
    expect((await t.ok('GET', '/api/infra/v1/region/?name=lon1')).objects).toHaveLength(1);
    const both = await t.ok('GET', '/api/infra/v1/region/?name=lon1&provider=/api/infra/v1/provider/digitalocean/');
    expect((both.objects as { name: string }[]).map((r) => r.name).sort()).toEqual(['lon1', 'nyc3', 'sfo1']);
  },
  'blind26-node-get-terminated-404': async (t) => {
    await deployedCluster(t, 1);
    const node = (await t.ok('GET', NODES)).objects[0];
    await t.ok('DELETE', node.resource_uri);
    await until(
      () => t.ok('GET', `${NODES}?state=Terminated`),
      (l) => l.objects.some((n: { resource_uri: string }) => n.resource_uri === node.resource_uri),
    );
    expect((await t.call('GET', node.resource_uri)).status).toBe(404);
  },
  'blind26-region-node-types-of-provider': async (t) => {
    const sfo1 = await t.ok('GET', '/api/infra/v1/region/digitalocean/sfo1/');
    expect(sfo1.node_types).toContain('/api/infra/v1/nodetype/digitalocean/2gb/');
    const twoGb = await t.ok('GET', '/api/infra/v1/nodetype/digitalocean/2gb/');
    expect(twoGb.regions).not.toContain(sfo1.resource_uri);
  },
  'blind26-container-outer-port-string': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', container_ports: [{ protocol: 'tcp', inner_port: 80, published: true }] });
    const container = await t.ok('GET', svc.containers[0]);
    expect(typeof container.container_ports[0].outer_port).toBe('string');
    expect(container.container_ports[0].endpoint_uri).toContain(`:${container.container_ports[0].outer_port}/`);
  },
};
