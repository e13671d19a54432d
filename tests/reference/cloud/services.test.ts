import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action, deployedCluster, execOutput, runningService, startTestServer, until, type TestServer } from './helpers.ts';

let t: TestServer;
let nodes: string[];
beforeAll(async () => {
  t = await startTestServer();
  nodes = (await deployedCluster(t, 2)).nodes;
});
afterAll(() => t.close());

const SERVICES = '/api/app/v1/service/';
const get = (uri: string): Promise<any> => t.ok('GET', uri);
const settled = (uri: string, state: string): Promise<any> =>
  until(
    () => get(uri),
    (x) => x.state === state,
  );

describe('service create', () => {
  it('answers 201 Not running with the documented defaults', async () => {
    const answer = await t.call('POST', SERVICES, { image: 'quay.io/org/web' });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      image_name: 'quay.io/org/web:latest',
      name: 'web',
      nickname: 'web',
      state: 'Not running',
      target_num_containers: 1,
      run_command: null,
      entrypoint: null,
      container_ports: [],
      container_envvars: [],
      linked_to_service: [],
      bindings: [],
      autorestart: 'OFF',
      autodestroy: 'OFF',
      sequential_deployment: false,
      roles: [],
      privileged: false,
      deployment_strategy: 'EMPTIEST_NODE',
      tags: [],
      autoredeploy: false,
      net: 'bridge',
      pid: 'none',
      working_dir: '/',
      current_num_containers: 0,
      containers: [],
      stack: null,
      synchronized: true,
    });
  });

  it('requires image and checks value sets and types (400)', async () => {
    expect((await t.call('POST', SERVICES, { name: 'x' })).status).toBe(400);
    expect((await t.call('POST', SERVICES, { image: 'x', autorestart: 'SOMETIMES' })).status).toBe(400);
    expect((await t.call('POST', SERVICES, { image: 'x', target_num_containers: '2' })).status).toBe(400);
    expect((await t.call('POST', SERVICES, { image: 'x', roles: ['admin'] })).status).toBe(400);
    expect((await t.call('POST', SERVICES, { image: 'x', container_ports: [{ inner_port: 80 }] })).status).toBe(400);
    expect((await t.call('POST', SERVICES, { image: 'x', linked_to_service: [{ to_service: '/api/app/v1/service/nope/' }] })).status).toBe(400);
  });

  it('accepts tags as ["name"] and [{"name"}], answering [{"name"}]', async () => {
    expect((await t.ok('POST', SERVICES, { image: 'x', tags: ['a'] })).tags).toEqual([{ name: 'a' }]);
    expect((await t.ok('POST', SERVICES, { image: 'x', tags: [{ name: 'b' }] })).tags).toEqual([{ name: 'b' }]);
  });
});

describe('service lifecycle', () => {
  it('start: 202 Starting → Running with containers on deployed nodes', async () => {
    const svc = await t.ok('POST', SERVICES, {
      image: 'nginx',
      target_num_containers: 2,
      container_ports: [{ protocol: 'tcp', inner_port: 80, published: true }],
    });
    const answer = await t.call('POST', `${SERVICES}${svc.uuid}/start/`);
    expect(answer.status).toBe(202);
    expect(answer.body.state).toBe('Starting');
    const running = await settled(svc.resource_uri, 'Running');
    expect(running).toMatchObject({ current_num_containers: 2, running_num_containers: 2, stopped_num_containers: 0 });
    expect(running.started_datetime).not.toBeNull();
    const containers = await Promise.all(running.containers.map(get));
    expect(new Set(containers.map((c: any) => c.node))).toEqual(new Set(nodes));
    expect(containers[0].container_ports[0]).toMatchObject({ inner_port: 80, published: true, uri_protocol: 'http' });
    expect(containers[0].container_ports[0].outer_port).toBeGreaterThanOrEqual(32768);
    expect(containers.map((c: any) => c.name).sort()).toEqual(['nginx-1', 'nginx-2']);
  });

  it('start with no node matching the tags fails the action and the service stays Not running', async () => {
    const svc = await t.ok('POST', SERVICES, { image: 'nginx', tags: [{ name: 'gpu' }] });
    const answer = await t.call('POST', `${SERVICES}${svc.uuid}/start/`);
    const failed = await until(
      () => action(t, answer),
      (a) => a.state !== 'In progress',
    );
    expect(failed.state).toBe('Failed');
    expect((await get(svc.resource_uri)).state).toBe('Not running');
  });

  it('stop, start again, redeploy and terminate follow the state table', async () => {
    const svc = await runningService(t, { image: 'redis' });
    expect((await t.call('POST', `${SERVICES}${svc.uuid}/start/`)).status).toBe(409);
    expect((await t.call('POST', `${SERVICES}${svc.uuid}/stop/`)).body.state).toBe('Stopping');
    const stopped = await settled(svc.resource_uri, 'Stopped');
    expect(stopped.stopped_num_containers).toBe(1);
    expect((await t.call('POST', `${SERVICES}${svc.uuid}/stop/`)).status).toBe(409);
    await t.ok('POST', `${SERVICES}${svc.uuid}/start/`);
    await settled(svc.resource_uri, 'Running');
    expect((await t.call('POST', `${SERVICES}${svc.uuid}/redeploy/`)).body.state).toBe('Redeploying');
    await settled(svc.resource_uri, 'Running');
    const gone = await t.call('DELETE', `${SERVICES}${svc.uuid}/`);
    expect(gone.status).toBe(202);
    expect(gone.body.state).toBe('Terminating');
    const terminated = await settled(svc.resource_uri, 'Terminated');
    expect(terminated.destroyed_datetime).not.toBeNull();
    expect((await get(terminated.containers[0])).state).toBe('Terminated');
    expect((await t.call('POST', `${SERVICES}${svc.uuid}/start/`)).status).toBe(409);
  });

  it('stop of a program that ignores SIGTERM waits out the grace period, then kills it (exit code 137)', async () => {
    const svc = await runningService(t, { image: 'redis', run_command: "trap '' TERM; sleep 86400" });
    const began = Date.now();
    const stop = await action(t, await t.call('POST', `${SERVICES}${svc.uuid}/stop/`));
    expect(stop.state).toBe('In progress');
    await until(
      () => get(stop.resource_uri),
      (a) => a.state === 'Success',
      5000,
    );
    expect(Date.now() - began).toBeGreaterThanOrEqual(2500);
    expect((await get(svc.containers[0])).exit_code).toBe(137);
  });

  it('scale: PATCH target_num_containers then POST scale adds and removes containers', async () => {
    const svc = await runningService(t, { image: 'redis' });
    await t.ok('PATCH', svc.resource_uri, { target_num_containers: 3 });
    expect((await t.call('POST', `${SERVICES}${svc.uuid}/scale/`)).body.state).toBe('Scaling');
    expect((await settled(svc.resource_uri, 'Running')).running_num_containers).toBe(3);
    await t.ok('PATCH', svc.resource_uri, { target_num_containers: 1 });
    await t.ok('POST', `${SERVICES}${svc.uuid}/scale/`);
    expect(
      (
        await until(
          () => get(svc.resource_uri),
          (x) => x.state === 'Running' && x.current_num_containers === 1,
        )
      ).current_num_containers,
    ).toBe(1);
  });

  it('PATCH answers 202, updates the definition and marks the containers unsynchronized until redeploy', async () => {
    const svc = await runningService(t, { image: 'redis' });
    const answer = await t.call('PATCH', svc.resource_uri, { image: 'redis:3', container_envvars: [{ key: 'A', value: '1' }], nickname: 'cache' });
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({ image_name: 'redis:3', nickname: 'cache', synchronized: false });
    await t.ok('POST', `${SERVICES}${svc.uuid}/redeploy/`);
    const redeployed = await settled(svc.resource_uri, 'Running');
    expect(redeployed.synchronized).toBe(true);
    expect((await get(redeployed.containers[0])).image_name).toBe('redis:3');
  });
});

describe('deployment strategies', () => {
  it('EVERY_NODE puts one container on every node, cannot be scaled or switched, and new nodes get one', async () => {
    const cluster = await deployedCluster(t, 1, { tags: [{ name: 'every' }] });
    const svc = await runningService(t, { image: 'agent', deployment_strategy: 'EVERY_NODE', tags: [{ name: 'every' }] });
    expect(svc.current_num_containers).toBe(1);
    expect((await t.call('POST', `${SERVICES}${svc.uuid}/scale/`)).status).toBe(400);
    expect((await t.call('PATCH', svc.resource_uri, { deployment_strategy: 'EMPTIEST_NODE' })).status).toBe(400);
    const plain = await t.ok('POST', SERVICES, { image: 'x' });
    expect((await t.call('PATCH', plain.resource_uri, { deployment_strategy: 'EVERY_NODE' })).status).toBe(400);
    await t.ok('PATCH', cluster.resource_uri, { target_num_nodes: 2 });
    const grown = await until(
      () => get(svc.resource_uri),
      (x) => x.running_num_containers === 2,
    );
    expect(grown.target_num_containers).toBe(2);
  });

  it('HIGH_AVAILABILITY spreads the containers of a service over the nodes', async () => {
    const svc = await runningService(t, { image: 'ha', deployment_strategy: 'HIGH_AVAILABILITY', target_num_containers: 4 });
    const perNode = new Map<string, number>();
    for (const c of await Promise.all(svc.containers.map(get))) perNode.set((c as any).node, (perNode.get((c as any).node) ?? 0) + 1);
    expect([...perNode.values()].every((n) => n >= 1)).toBe(true);
  });
});

describe('containers of a service', () => {
  it("under net host see the node's stack: the engine bridge, and the node's end (veth) of each bridge container running there", async () => {
    // A node of its own: the interfaces of the other tests' containers would show too.
    const own = await startTestServer();
    try {
      await deployedCluster(own, 1);
      const interfaces = async (container: string): Promise<string[]> =>
        [...(await execOutput(own, container, 'cat /proc/net/dev')).matchAll(/^\s*([^\s:|]+):/gm)].map((m) => m[1]!).sort();
      const host = (await runningService(own, { image: 'x', net: 'host' })).containers[0];
      const before = await interfaces(host);
      expect(before).toEqual(expect.arrayContaining(['docker0', 'eth0', 'lo']));
      const bridge = await runningService(own, { image: 'x' });
      expect(await interfaces(bridge.containers[0])).toEqual(['eth0', 'lo']);
      const during = await interfaces(host);
      expect(during.filter((i) => !before.includes(i))).toEqual([expect.stringMatching(/^veth/)]);
      await own.ok('DELETE', bridge.resource_uri);
      await until(
        () => own.ok('GET', bridge.resource_uri),
        (x) => x.state === 'Terminated',
      );
      expect(await interfaces(host)).toEqual(before);
    } finally {
      await own.close();
    }
  });

  it('carry links, link variables, bindings and the global role VENDOR_AUTH', async () => {
    const db = await t.ok('POST', SERVICES, {
      image: 'postgres',
      name: 'db',
      container_ports: [{ protocol: 'tcp', inner_port: 5432 }],
      container_envvars: [{ key: 'PGUSER', value: 'u' }],
      bindings: [{ container_path: '/data' }],
    });
    await t.ok('POST', `${SERVICES}${db.uuid}/start/`);
    await settled(db.resource_uri, 'Running');
    const web = await runningService(t, {
      image: 'web',
      roles: ['global'],
      linked_to_service: [{ to_service: db.resource_uri, name: 'database' }],
      bindings: [{ host_path: '/etc', container_path: '/host-etc', rewritable: false }, { volumes_from: db.resource_uri }],
    });
    expect(web.linked_to_service).toEqual([{ name: 'database', from_service: web.resource_uri, to_service: db.resource_uri }]);
    expect((await get(db.resource_uri)).linked_from_service[0].from_service).toBe(web.resource_uri);
    expect((await get(db.resource_uri)).link_variables).toMatchObject({ DB_PORT: 'tcp://db:5432', DB_ENV_PGUSER: 'u', DB_1_PORT: 'tcp://db-1:5432' });
    const c = await get(web.containers[0]);
    const env = Object.fromEntries(c.container_envvars.map((e: any) => [e.key, e.value]));
    expect(env.DATABASE_PORT).toBe('tcp://db:5432');
    expect(env.DOCKERCLOUD_AUTH).toBe(`Basic ${Buffer.from('conformance:conformance').toString('base64')}`);
    expect(c.linked_to_container[0]).toMatchObject({ name: 'database', from_container: c.resource_uri, endpoints: { '5432/tcp': 'tcp://db-1:5432' } });
    const dbVolume = (await get((await get(db.resource_uri)).containers[0])).bindings[0].volume;
    expect(c.bindings).toEqual([
      { volume: null, host_path: '/etc', container_path: '/host-etc', rewritable: false },
      { volume: dbVolume, host_path: null, container_path: '/data', rewritable: true },
    ]);
  });

  it('redeploy keeps volumes by default and gives new ones with reuse_volumes=false', async () => {
    const svc = await runningService(t, { image: 'vol', bindings: [{ container_path: '/data' }] });
    const volume = async (): Promise<string> => (await get(svc.containers[0])).bindings[0].volume;
    const first = await volume();
    await t.ok('POST', `${SERVICES}${svc.uuid}/redeploy/`);
    await settled(svc.resource_uri, 'Running');
    expect(await volume()).toBe(first);
    await t.ok('POST', `${SERVICES}${svc.uuid}/redeploy/?reuse_volumes=false`);
    await settled(svc.resource_uri, 'Running');
    expect(await volume()).not.toBe(first);
  });

  it('a finite run_command logs, exits, and autodestroy ALWAYS terminates the container', async () => {
    const svc = await t.ok('POST', SERVICES, { image: 'job', run_command: 'echo done; exit 3', autodestroy: 'ALWAYS' });
    await t.ok('POST', `${SERVICES}${svc.uuid}/start/`);
    const after = await until(
      () => get(svc.resource_uri),
      (x) => x.containers.length === 1 && x.current_num_containers === 0,
    );
    const c = await get(after.containers[0]);
    expect(c).toMatchObject({ state: 'Terminated', exit_code: 3 });
  });

  it('autorestart ALWAYS starts an exited container again', async () => {
    const svc = await t.ok('POST', SERVICES, { image: 'job', run_command: 'echo tick', autorestart: 'ALWAYS' });
    await t.ok('POST', `${SERVICES}${svc.uuid}/start/`);
    const uri = (
      await until(
        () => get(svc.resource_uri),
        (x) => x.containers.length === 1,
      )
    ).containers[0];
    await until(
      () => get(uri),
      (c) => c.state === 'Stopped',
    );
    expect(
      (
        await until(
          () => get(uri),
          (c) => c.state === 'Running',
        )
      ).exit_code,
    ).toBe(0);
  });

  it('container stop/start/redeploy/terminate follow the container state table; the service follows', async () => {
    const svc = await runningService(t, { image: 'redis', target_num_containers: 2 });
    const uri = svc.containers[0];
    expect((await t.call('POST', `${uri}start/`)).status).toBe(409);
    expect((await t.call('POST', `${uri}stop/`)).body.state).toBe('Stopping');
    await until(
      () => get(uri),
      (c) => c.state === 'Stopped',
    );
    expect((await get(svc.resource_uri)).state).toBe('Partly running');
    await t.ok('POST', `${uri}start/`);
    await until(
      () => get(uri),
      (c) => c.state === 'Running',
    );
    expect((await t.call('POST', `${uri}redeploy/`)).body.state).toBe('Starting');
    await until(
      () => get(uri),
      (c) => c.state === 'Running',
    );
    expect((await t.call('DELETE', uri)).body.state).toBe('Terminating');
    await until(
      () => get(uri),
      (c) => c.state === 'Terminated',
    );
    expect((await t.call('POST', `${uri}start/`)).status).toBe(409);
  });
});
