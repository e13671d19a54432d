import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_TYPE, REGION, deployedCluster, startTestServer, until, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const CLUSTERS = '/api/infra/v1/nodecluster/';
const get = (uri: string): Promise<any> => t.ok('GET', uri);

describe('catalog', () => {
  it('lists providers, regions, zones and node types that reference each other', async () => {
    const providers = (await get('/api/infra/v1/provider/')).objects;
    expect(providers.map((p: any) => p.name)).toEqual(expect.arrayContaining(['aws', 'digitalocean']));
    const aws = await get('/api/infra/v1/provider/aws/');
    const region = await get(aws.regions[0]);
    expect(region.provider).toBe(aws.resource_uri);
    expect(region.availability_zones.length).toBeGreaterThan(0);
    const zone = await get(region.availability_zones[0]);
    expect(zone.region).toBe(region.resource_uri);
    const type = await get(region.node_types[0]);
    expect(type.regions).toContain(region.resource_uri);
    const lon = await get('/api/infra/v1/region/digitalocean/lon1/');
    expect(lon.availability_zones).toEqual([]);
  });

  it('filters by name and provider, and answers 404 for unknown entries', async () => {
    const regions = await get('/api/infra/v1/region/?provider=/api/infra/v1/provider/digitalocean/');
    expect(regions.objects.every((r: any) => r.provider === '/api/infra/v1/provider/digitalocean/')).toBe(true);
    expect(regions.meta.total_count).toBe(3);
    expect((await get('/api/infra/v1/provider/?name=aws')).objects).toHaveLength(1);
    expect((await t.call('GET', '/api/infra/v1/provider/nope/')).status).toBe(404);
  });
});

describe('node clusters', () => {
  it('creates in Init with the documented defaults (201)', async () => {
    const answer = await t.call('POST', CLUSTERS, { name: 'defaults', node_type: NODE_TYPE, region: REGION });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      state: 'Init',
      disk: 60,
      nickname: 'defaults',
      target_num_nodes: 1,
      current_num_nodes: 0,
      tags: [],
      nodes: [],
      deployed_datetime: null,
    });
  });

  it('validates name, node type, region and the per-provider disk rules', async () => {
    const post = (body: object) => t.call('POST', CLUSTERS, { name: 'x', node_type: NODE_TYPE, region: REGION, ...body });
    expect((await t.call('POST', CLUSTERS, { node_type: NODE_TYPE, region: REGION })).status).toBe(400);
    expect((await post({ node_type: '/api/infra/v1/nodetype/aws/nope/' })).status).toBe(400);
    expect((await post({ disk: 33 })).status).toBe(400);
    expect((await post({ disk: 75 })).body.disk).toBe(75);
    const doBody = { node_type: '/api/infra/v1/nodetype/digitalocean/1gb/', region: '/api/infra/v1/region/digitalocean/lon1/' };
    expect((await post({ ...doBody, disk: 20 })).status).toBe(400);
    expect((await post(doBody)).status).toBe(201);
    expect(
      (await post({ provider_options: { vpc: { id: 'vpc-1', subnets: ['s-1'], security_groups: ['sg-1'] }, iam: { instance_profile_name: 'p' } } })).status,
    ).toBe(201);
    expect((await post({ provider_options: { vpc: { subnets: 'no' } } })).status).toBe(400);
  });

  it('deploys Init → Deploying (202) → Deployed, creating its nodes', async () => {
    const c = await t.ok('POST', CLUSTERS, { name: 'deploy', node_type: NODE_TYPE, region: REGION, target_num_nodes: 2, tags: [{ name: 'web' }] });
    const answer = await t.call('POST', `${CLUSTERS}${c.uuid}/deploy/`);
    expect(answer.status).toBe(202);
    expect(answer.body.state).toBe('Deploying');
    const done = await until(
      () => get(c.resource_uri),
      (x) => x.state === 'Deployed',
    );
    expect(done.current_num_nodes).toBe(2);
    expect(done.deployed_datetime).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    const node = await get(done.nodes[0]);
    expect(node).toMatchObject({ state: 'Deployed', node_cluster: c.resource_uri, disk: 60, tags: [{ name: 'web' }], tunnel: null });
    expect(node.nickname).toBe(node.external_fqdn);
    expect(typeof node.docker_version).toBe('string');
    expect(node.availability_zone).toMatch(/^\/api\/infra\/v1\/az\/aws\/us-east-1\//);
  });

  it('rejects an operation its state does not allow with 409 and changes nothing', async () => {
    const c = await deployedCluster(t, 1);
    const again = await t.call('POST', `${CLUSTERS}${c.uuid}/deploy/`);
    expect(again.status).toBe(409);
    expect(typeof again.body.error).toBe('string');
    expect((await get(c.resource_uri)).state).toBe('Deployed');
  });

  it('scales with PATCH target_num_nodes (Scaling → Deployed) and replaces tags on its nodes', async () => {
    const c = await deployedCluster(t, 1);
    const answer = await t.call('PATCH', `${CLUSTERS}${c.uuid}/`, { target_num_nodes: 3, tags: ['db'] });
    expect(answer.status).toBe(202);
    expect(answer.body.state).toBe('Scaling');
    const scaled = await until(
      () => get(c.resource_uri),
      (x) => x.state === 'Deployed',
    );
    expect(scaled.current_num_nodes).toBe(3);
    expect(scaled.tags).toEqual([{ name: 'db' }]);
    expect((await get(scaled.nodes[0])).tags).toEqual([{ name: 'db' }]);
    await t.ok('PATCH', `${CLUSTERS}${c.uuid}/`, { target_num_nodes: 0 });
    expect(
      (
        await until(
          () => get(c.resource_uri),
          (x) => x.state !== 'Scaling',
        )
      ).state,
    ).toBe('Empty cluster');
  });

  it('terminates (202 Terminating → Terminated), nodes too, and cannot be deployed again', async () => {
    const c = await deployedCluster(t, 2);
    const answer = await t.call('DELETE', `${CLUSTERS}${c.uuid}/`, {});
    expect(answer.status).toBe(202);
    expect(answer.body.state).toBe('Terminating');
    const done = await until(
      () => get(c.resource_uri),
      (x) => x.state === 'Terminated',
    );
    expect(done.destroyed_datetime).not.toBeNull();
    expect((await get(done.nodes[0])).state).toBe('Terminated');
    expect((await t.call('POST', `${CLUSTERS}${c.uuid}/deploy/`)).status).toBe(409);
    expect((await get(`${CLUSTERS}?state=Terminated`)).objects.map((x: any) => x.uuid)).toContain(c.uuid);
  });
});

describe('nodes', () => {
  it('updates nickname and tags with PATCH (202)', async () => {
    const c = await deployedCluster(t, 1);
    const answer = await t.call('PATCH', c.nodes[0], { nickname: 'edge', tags: [{ name: 'x' }] });
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ nickname: 'edge', tags: [{ name: 'x' }] });
  });

  it('upgrades the engine daemon: Deployed → Upgrading → Deployed with a new version', async () => {
    const c = await deployedCluster(t, 1);
    const before = await get(c.nodes[0]);
    const answer = await t.call('POST', `${c.nodes[0]}docker-upgrade/`);
    expect(answer.status).toBe(202);
    expect(answer.body.state).toBe('Upgrading');
    const after = await until(
      () => get(c.nodes[0]),
      (x) => x.state === 'Deployed',
    );
    expect(after.docker_version).not.toBe(before.docker_version);
  });

  it('health-check: rejected when Deployed, Unreachable → Deployed when the daemon answers again', async () => {
    const c = await deployedCluster(t, 1);
    const node = c.nodes[0];
    expect((await t.call('POST', `${node}health-check/`)).status).toBe(409);
    const control = node.replace('/api/infra/v1/', '/_reference/v1/');
    await t.ok('POST', `${control}reachability/`, { reachable: false });
    expect((await get(node)).state).toBe('Unreachable');
    await t.ok('POST', `${node}health-check/`);
    expect(
      (
        await until(
          () => get(`/api/audit/v1/action/?object=${node}`),
          (l) => l.objects.some((a: any) => a.action === 'Node Health Check' && a.state === 'Success'),
        )
      ).objects.length,
    ).toBeGreaterThan(0);
    expect((await get(node)).state).toBe('Unreachable');
    await t.ok('POST', `${control}reachability/`, { reachable: true });
    await t.ok('POST', `${node}health-check/`);
    expect(
      (
        await until(
          () => get(node),
          (x) => x.state === 'Deployed',
        )
      ).state,
    ).toBe('Deployed');
  });

  it('terminating one node leaves its cluster Partly deployed', async () => {
    const c = await deployedCluster(t, 2);
    expect((await t.call('DELETE', c.nodes[0])).body.state).toBe('Terminating');
    await until(
      () => get(c.nodes[0]),
      (x) => x.state === 'Terminated',
    );
    expect(
      (
        await until(
          () => get(c.resource_uri),
          (x) => x.state === 'Partly deployed',
        )
      ).current_num_nodes,
    ).toBe(1);
  });
});
