import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, rawExchange, readFrames, request, splitHead, startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
const api = (method: string, path: string, body?: unknown) => request(t.socketPath, method, path, body);
const UPGRADE = 'Host: engine\r\nUpgrade: tcp\r\nConnection: Upgrade\r\nContent-Type: application/json';
let running: string;
beforeAll(async () => {
  t = await startTestServer();
  running = await createContainer(t.socketPath, { Cmd: ['sleep', '1000'], Labels: { app: 'sys' } }, { name: 'sys' });
  await api('POST', `/v1.22/containers/${running}/start`);
});
afterAll(async () => {
  await t.close();
});

describe('engine reference: exec', () => {
  it('create 201, attached start hijacks with frames, inspect reports the exit code', async () => {
    const created = await api('POST', `/v1.22/containers/${running}/exec`, {
      AttachStdout: true,
      AttachStderr: true,
      Cmd: ['sh', '-c', 'echo o; echo e >&2; exit 3'],
    });
    expect(created.status).toBe(201);
    const id = created.json().Id;
    const before = (await api('GET', `/v1.22/exec/${id}/json`)).json();
    expect(before).toMatchObject({
      Running: false,
      ContainerID: running,
      OpenStdout: true,
      ProcessConfig: { entrypoint: 'sh', arguments: ['-c', 'echo o; echo e >&2; exit 3'] },
    });
    const raw = await rawExchange(t.socketPath, `POST /v1.22/exec/${id}/start HTTP/1.1\r\n${UPGRADE}`, JSON.stringify({ Detach: false, Tty: false }));
    const { head, stream } = splitHead(raw);
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 101 UPGRADED');
    expect(readFrames(stream)).toEqual([
      { type: 1, payload: 'o\n' },
      { type: 2, payload: 'e\n' },
    ]);
    expect((await api('GET', `/v1.22/exec/${id}/json`)).json()).toMatchObject({ Running: false, ExitCode: 3 });
    expect((await api('POST', `/v1.22/exec/${id}/start`, { Detach: true })).status).toBe(409);
  });

  it('framing follows the Tty of the start body; stdin reaches the command', async () => {
    const id = (await api('POST', `/v1.22/containers/${running}/exec`, { AttachStdin: true, AttachStdout: true, Cmd: ['cat'] })).json().Id;
    const raw = await rawExchange(t.socketPath, `POST /v1.22/exec/${id}/start HTTP/1.1\r\n${UPGRADE}`, JSON.stringify({ Tty: true }), {
      stdin: [Buffer.from('typed\n')],
      halfClose: true,
    });
    expect(splitHead(raw).stream.toString()).toBe('typed\r\n');
  });

  it('detached start returns at once; resize 201; 404 for an unknown exec; 1.18 inspect has Container', async () => {
    // Long enough to be running when inspected on a loaded machine; detached, so nothing waits for it.
    const id = (await api('POST', `/v1.18/containers/${running}/exec`, { Cmd: ['sleep', '10'] })).json().Id;
    expect((await api('POST', `/v1.18/exec/${id}/start`, { Detach: true })).status).toBe(200);
    expect((await api('POST', `/v1.18/exec/${id}/resize?h=10&w=20`)).status).toBe(201);
    const v18 = (await api('GET', `/v1.18/exec/${id}/json`)).json();
    expect(v18.Running).toBe(true);
    expect(v18.Container).toMatchObject({ Id: running, ExecDriver: 'native-0.2' });
    expect(v18).not.toHaveProperty('ContainerID');
    expect((await api('GET', `/v1.22/exec/nope/json`)).status).toBe(404);
    expect((await api('POST', `/v1.22/exec/nope/start`, {})).status).toBe(404);
  });
});

describe('engine reference: system', () => {
  it('info: 1.18 integers, 1.22 booleans, counts from state', async () => {
    const v18 = (await api('GET', '/v1.18/info')).json();
    for (const key of ['Debug', 'IPv4Forwarding', 'MemoryLimit', 'SwapLimit']) expect(typeof v18[key], key).toBe('number');
    expect(v18).not.toHaveProperty('ContainersRunning');
    const v22 = (await api('GET', '/v1.22/info')).json();
    for (const key of ['Debug', 'IPv4Forwarding', 'MemoryLimit', 'SwapLimit', 'CpuCfsPeriod', 'OomKillDisable']) expect(typeof v22[key], key).toBe('boolean');
    expect(v22.ContainersRunning).toBeGreaterThanOrEqual(1);
    expect(v22.Containers).toBe(v22.ContainersRunning + v22.ContainersStopped + v22.ContainersPaused);
    expect(v22).toHaveProperty('DockerRootDir');
    expect(v22.Images).toBe(1);
  });

  it('version carries the requested ApiVersion; 1.22 adds BuildTime and Experimental', async () => {
    expect((await api('GET', '/v1.18/version')).json()).not.toHaveProperty('BuildTime');
    expect((await api('GET', '/v1.22/version')).json()).toMatchObject({ ApiVersion: '1.22', Experimental: false, Os: 'linux' });
  });

  it('auth answers 200 with a status, then 204 for the same login', async () => {
    const login = { username: 'u', password: 'p', email: 'u@example.org', serveraddress: 'https://index.docker.io/v1/' };
    expect((await api('POST', '/v1.22/auth', login)).status).toBe(200);
    expect((await api('POST', '/v1.22/auth', login)).status).toBe(204);
  });
});

describe('engine reference: events', () => {
  const events = async (version: string, query: Record<string, string>) => {
    const reply = await api('GET', `/v${version}/events?${new URLSearchParams(query)}`);
    return reply.text
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  };

  it('emits the operation events with 1.18 and 1.22 shapes, within since/until', async () => {
    const since = (Date.now() / 1000).toFixed(9);
    const id = await createContainer(t.socketPath, { Cmd: ['sh', '-c', 'exit 4'], Labels: { evt: 'yes' } }, { name: 'evt' });
    await api('POST', `/v1.22/containers/${id}/start`);
    await api('POST', `/v1.22/containers/${id}/wait`);
    await api('DELETE', `/v1.22/containers/${id}`);
    const until = (Date.now() / 1000 + 0.001).toFixed(9);
    const v22 = await events('1.22', { since, until, filters: JSON.stringify({ container: ['evt'] }) });
    expect(v22.map((e) => e.Action)).toEqual(['create', 'start', 'die', 'destroy']);
    const die = v22[2];
    expect(die).toMatchObject({
      status: 'die',
      id,
      from: 'fixture:latest',
      Type: 'container',
      Actor: { ID: id, Attributes: { exitCode: '4', name: 'evt', image: 'fixture:latest', evt: 'yes' } },
    });
    expect(typeof die.time).toBe('number');
    expect(BigInt(die.timeNano) / 1_000_000_000n).toBe(BigInt(die.time));
    const v18 = await events('1.18', { since, until });
    expect(v18.map((e) => e.status)).toEqual(['create', 'start', 'die', 'destroy']);
    expect(Object.keys(v18[0]).sort()).toEqual(['from', 'id', 'status', 'time']);
    const network = (await events('1.22', { since, until, filters: JSON.stringify({ type: ['network'] }) }))[0];
    expect(network).toMatchObject({ Type: 'network', Action: 'connect', Actor: { Attributes: { container: id, name: 'bridge', type: 'bridge' } } });
    expect(network).not.toHaveProperty('status');
    expect(network).not.toHaveProperty('id');
    const labelled = await events('1.22', { since, until, filters: JSON.stringify({ label: ['evt=yes'], event: ['die'] }) });
    expect(labelled).toHaveLength(1);
  });

  it('streams live events until `until`', async () => {
    const until = (Date.now() / 1000 + 0.4).toFixed(3);
    const pending = events('1.22', { until, filters: JSON.stringify({ event: ['pause', 'unpause'] }) });
    await new Promise((r) => setTimeout(r, 50));
    await api('POST', `/v1.22/containers/${running}/pause`);
    await api('POST', `/v1.22/containers/${running}/unpause`);
    expect((await pending).map((e) => e.Action)).toEqual(['pause', 'unpause']);
  });

  it('rejects an unknown filter with 400', async () => {
    expect((await api('GET', `/v1.22/events?filters=${encodeURIComponent('{"nope":["x"]}')}`)).status).toBe(400);
  });

  it('refuses malformed filters and a since or until that is no timestamp with 500, the one error code GET /events lists', async () => {
    for (const query of [`filters=${encodeURIComponent('{"event": [')}`, `filters=${encodeURIComponent('["event"]')}`, 'since=yesterday', 'until=never'])
      expect((await api('GET', `/v1.18/events?${query}`)).status, query).toBe(500);
  });
});
