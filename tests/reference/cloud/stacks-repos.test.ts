import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployedCluster, startTestServer, until, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await deployedCluster(t, 1);
});
afterAll(() => t.close());

const STACKS = '/api/app/v1/stack/';
const get = (uri: string): Promise<any> => t.ok('GET', uri);
const settled = (uri: string, state: string): Promise<any> =>
  until(
    () => get(uri),
    (x) => x.state === state,
  );

const stackBody = {
  name: 'shop',
  services: [
    {
      name: 'web',
      image: 'shop/web',
      container_ports: [{ protocol: 'tcp', inner_port: 80, outer_port: 80, published: true }],
      linked_to_service: [{ to_service: 'db', name: 'db' }],
      bindings: [{ volumes_from: 'db' }],
    },
    {
      name: 'db',
      image: 'postgres:9',
      container_envvars: [{ key: 'PGDATA', value: '/data' }],
      bindings: [{ container_path: '/data' }],
      target_num_containers: 1,
    },
  ],
};

describe('stacks', () => {
  it('creates Not Running (201) with services that refer to each other by name', async () => {
    const answer = await t.call('POST', STACKS, stackBody);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ name: 'shop', nickname: 'shop', state: 'Not Running', synchronized: true });
    const [web, db] = await Promise.all(answer.body.services.map(get));
    expect(web.stack).toBe(answer.body.resource_uri);
    expect(web.linked_to_service[0].to_service).toBe(db.resource_uri);
    expect(web.bindings[0].volumes_from).toBe(db.resource_uri);
  });

  it('rejects an unknown name reference and a missing name (400), creating nothing', async () => {
    const before = (await get(STACKS)).meta.total_count;
    expect((await t.call('POST', STACKS, { name: 'x', services: [{ image: 'a', linked_to_service: [{ to_service: 'ghost' }] }] })).status).toBe(400);
    expect((await t.call('POST', STACKS, { services: [] })).status).toBe(400);
    expect((await get(STACKS)).meta.total_count).toBe(before);
  });

  it('exports the stack definition keyed by service name', async () => {
    const stack = await t.ok('POST', STACKS, stackBody);
    const def = await get(`${STACKS}${stack.uuid}/export/`);
    expect(def.web).toMatchObject({ image: 'shop/web:latest', links: ['db'], ports: ['80:80'], volumes_from: ['db'] });
    expect(def.db).toMatchObject({ image: 'postgres:9', environment: { PGDATA: '/data' }, volumes: ['/data'] });
  });

  it('starts, stops, redeploys and terminates its services per the state table', async () => {
    const stack = await t.ok('POST', STACKS, stackBody);
    expect((await t.call('POST', `${STACKS}${stack.uuid}/redeploy/`)).status).toBe(409);
    expect((await t.call('POST', `${STACKS}${stack.uuid}/start/`)).body.state).toBe('Starting');
    await settled(stack.resource_uri, 'Running');
    expect((await get(stack.services[0])).state).toBe('Running');
    expect((await t.call('POST', `${STACKS}${stack.uuid}/start/`)).status).toBe(409);
    expect((await t.call('POST', `${STACKS}${stack.uuid}/stop/`)).body.state).toBe('Stopping');
    await settled(stack.resource_uri, 'Stopped');
    expect((await t.call('POST', `${STACKS}${stack.uuid}/redeploy/`)).body.state).toBe('Redeploying');
    await settled(stack.resource_uri, 'Running');
    expect((await t.call('DELETE', `${STACKS}${stack.uuid}/`)).body.state).toBe('Terminating');
    const done = await settled(stack.resource_uri, 'Terminated');
    expect(done.destroyed_datetime).not.toBeNull();
    expect((await get(stack.services[1])).state).toBe('Terminated');
  });

  it('PATCH updates named services and adds new ones (202)', async () => {
    const stack = await t.ok('POST', STACKS, stackBody);
    const answer = await t.call('PATCH', `${STACKS}${stack.uuid}/`, {
      services: [
        { name: 'web', image: 'shop/web:2' },
        { name: 'cache', image: 'redis', linked_to_service: [{ to_service: 'db' }] },
      ],
    });
    expect(answer.status).toBe(202);
    expect(answer.body.services).toHaveLength(3);
    expect((await get(stack.services[0])).image_name).toBe('shop/web:2');
    expect((await get(answer.body.services[2])).linked_to_service[0].to_service).toBe(stack.services[1]);
  });
});

describe('registries and external repositories', () => {
  it('lists the vendor registry and a third-party one', async () => {
    const list = await get('/api/repo/v1/registry/');
    expect(list.objects.find((r: any) => r.is_docker_registry)).toMatchObject({ host: 'registry.hub.docker.com', is_ssl: true, port: 443 });
    expect((await get('/api/repo/v1/registry/quay.io/')).is_docker_registry).toBe(false);
    expect((await get('/api/repo/v1/registry/?is_docker_registry=true')).objects).toHaveLength(1);
  });

  it('creates (201), reads, updates (202) and deletes (204) a repository; credentials are never returned', async () => {
    const created = await t.call('POST', '/api/repo/v1/repository/', { name: 'quay.io/org/app', username: 'u', password: 'secret' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      resource_uri: '/api/repo/v1/repository/quay.io/org/app/',
      name: 'quay.io/org/app',
      in_use: false,
      registry: '/api/repo/v1/registry/quay.io/',
    });
    expect((await t.call('POST', '/api/repo/v1/repository/', { name: 'quay.io/org/app' })).status).toBe(409);
    await t.ok('POST', '/api/app/v1/service/', { image: 'quay.io/org/app:1' });
    expect((await get(created.body.resource_uri)).in_use).toBe(true);
    const patched = await t.call('PATCH', created.body.resource_uri, { password: 'other' });
    expect(patched.status).toBe(202);
    expect(JSON.stringify(patched.body)).not.toContain('other');
    const deleted = await t.call('DELETE', created.body.resource_uri);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await t.call('GET', created.body.resource_uri)).status).toBe(404);
  });

  it('refuses repositories of the vendor registry and names without a host (400)', async () => {
    expect((await t.call('POST', '/api/repo/v1/repository/', { name: 'registry.hub.docker.com/a/b' })).status).toBe(400);
    expect((await t.call('POST', '/api/repo/v1/repository/', { name: 'plain' })).status).toBe(400);
  });

  it('refuses a registry host without a host name or with a port outside 1-65535 (400), and takes one with a port (its own field)', async () => {
    for (const name of [':5000/a/b', 'registry.example.com:0/a/b', 'registry.example.com:65536/a/b', 'registry.example.com:/a/b'])
      expect((await t.call('POST', '/api/repo/v1/repository/', { name })).status, name).toBe(400);
    const created = await t.call('POST', '/api/repo/v1/repository/', { name: 'registry.example.com:5000/a/b' });
    expect(created.status).toBe(201);
    expect(await get('/api/repo/v1/registry/registry.example.com/')).toMatchObject({ name: 'registry.example.com', host: 'registry.example.com', port: 5000 });
  });
});
