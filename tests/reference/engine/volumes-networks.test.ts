import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, request, startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
const api = (method: string, path: string, body?: unknown) => request(t.socketPath, method, path, body);
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('engine reference: volumes (1.22)', () => {
  it('create, inspect, list with dangling, 409 while in use, delete', async () => {
    const created = await api('POST', '/v1.22/volumes/create', { Name: 'data1' });
    expect(created.status).toBe(201);
    expect(created.json()).toEqual({ Name: 'data1', Driver: 'local', Mountpoint: '/var/lib/docker/volumes/data1/_data' });
    const generated = (await api('POST', '/v1.22/volumes/create', {})).json();
    expect(generated.Name).toMatch(/^[0-9a-f]{64}$/);
    expect((await api('GET', '/v1.22/volumes/data1')).json().Name).toBe('data1');
    expect((await api('GET', '/v1.22/volumes/none-such')).status).toBe(404);
    const user = await createContainer(t.socketPath, { Cmd: ['true'], HostConfig: { Binds: ['data1:/data'] } });
    const names = async (dangling: string) =>
      (await api('GET', `/v1.22/volumes?filters=${encodeURIComponent(JSON.stringify({ dangling: [dangling] }))}`))
        .json()
        .Volumes.map((v: { Name: string }) => v.Name);
    expect(await names('true')).toEqual([generated.Name]);
    expect(await names('false')).toEqual(['data1']);
    expect((await api('DELETE', '/v1.22/volumes/data1')).status).toBe(409);
    await api('DELETE', `/v1.22/containers/${user}`);
    expect((await api('DELETE', '/v1.22/volumes/data1')).status).toBe(204);
    expect((await api('DELETE', '/v1.22/volumes/data1')).status).toBe(404);
  });
});

describe('engine reference: networks (1.22)', () => {
  it('has bridge, host and none; 403 on deleting them', async () => {
    const list = (await api('GET', '/v1.22/networks')).json();
    expect(list.map((n: { Name: string }) => n.Name).sort()).toEqual(['bridge', 'host', 'none']);
    const bridge = list.find((n: { Name: string }) => n.Name === 'bridge');
    expect(bridge.Options).toHaveProperty(['com.docker.network.bridge.default_bridge'], 'true');
    for (const name of ['bridge', 'host', 'none']) expect((await api('DELETE', `/v1.22/networks/${name}`)).status).toBe(403);
  });

  it('create, filters, connect/disconnect, inspect Containers, delete', async () => {
    const created = await api('POST', '/v1.22/networks/create', { Name: 'backend-net', CheckDuplicate: true });
    expect(created.status).toBe(201);
    const id = created.json().Id;
    expect((await api('POST', '/v1.22/networks/create', { Name: 'backend-net', CheckDuplicate: true })).status).toBe(500);
    const filtered = async (f: Record<string, string[]>) =>
      (await api('GET', `/v1.22/networks?filters=${encodeURIComponent(JSON.stringify(f))}`))
        .json()
        .map((n: { Name: string }) => n.Name)
        .sort();
    expect(await filtered({ name: ['backend'] })).toEqual(['backend-net']);
    expect(await filtered({ id: [id.slice(0, 12)] })).toEqual(['backend-net']);
    expect(await filtered({ type: ['custom'] })).toEqual(['backend-net']);
    expect(await filtered({ type: ['builtin'] })).toEqual(['bridge', 'host', 'none']);
    expect((await api('GET', `/v1.22/networks?filters=${encodeURIComponent('{"type":["x"]}')}`)).status).toBe(500);
    // GET /networks and GET /volumes list 200 and 500 only: malformed filters are refused 500.
    for (const path of ['/networks', '/volumes'])
      for (const filters of ['{"name": [', '{"name":"x"}']) expect((await api('GET', `/v1.22${path}?filters=${encodeURIComponent(filters)}`)).status).toBe(500);
    const c = await createContainer(t.socketPath, { Cmd: ['sleep', '100'] }, { name: 'netuser' });
    await api('POST', `/v1.22/containers/${c}/start`);
    expect((await api('POST', `/v1.22/networks/backend-net/connect`, { Container: 'netuser' })).status).toBe(200);
    const inspect = (await api('GET', `/v1.22/networks/${id}`)).json();
    expect(inspect.Containers[c]).toMatchObject({ Name: 'netuser', IPv4Address: expect.stringMatching(/^172\.18\.0\.\d+\/16$/) });
    expect((await api('GET', `/v1.22/containers/${c}/json`)).json().NetworkSettings.Networks).toHaveProperty('backend-net');
    expect((await api('POST', `/v1.22/networks/backend-net/connect`, { Container: 'nobody' })).status).toBe(404);
    expect((await api('POST', `/v1.22/networks/backend-net/disconnect`, { Container: c })).status).toBe(200);
    expect((await api('DELETE', `/v1.22/networks/backend-net`)).status).toBe(200);
    expect((await api('GET', `/v1.22/networks/backend-net`)).status).toBe(404);
    await api('DELETE', `/v1.22/containers/${c}?force=1`);
  });
});

describe('engine reference: pre-defined networks restored between runs', () => {
  it('a bridge a faulted daemon let a DELETE remove is back after restoreNetworks, with its id', async () => {
    const { NetworkStore } = await import('../../../reference/engine/state/networks.ts');
    const store = new NetworkStore('com.docker.network');
    const bridge = store.resolve('bridge')!;
    store.delete(bridge);
    expect(store.resolve('bridge')).toBeUndefined();
    store.restorePredefined();
    expect(store.resolve('bridge')?.Id).toBe(bridge.Id);
    expect(store.resolve(bridge.Id)?.Name).toBe('bridge');
  });
});
