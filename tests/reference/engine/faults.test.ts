/** Every daemon-side fault breaks its rule: each case asserts the broken behaviour under the fault. */
import { describe, expect, it } from 'vitest';
import { ENGINE_FAULTS, type EngineFaultName } from '../../../reference/engine/index.ts';
import { createContainer, rawExchange, readFrames, request, runToExit, splitHead, startTestServer, type Reply } from './helpers.ts';

type Api = (method: string, path: string, body?: unknown) => Promise<Reply>;
interface Ctx {
  api: Api;
  socketPath: string;
}
const UPGRADE = 'Host: engine\r\nUpgrade: tcp\r\nConnection: Upgrade';
const sleeper = async ({ socketPath, api }: Ctx, body: Record<string, unknown> = {}): Promise<string> => {
  const id = await createContainer(socketPath, { Cmd: ['sleep', '100'], ...body });
  await api('POST', `/v1.22/containers/${id}/start`);
  return id;
};
const attachStream = async ({ socketPath }: Ctx, id: string): Promise<{ head: string; stream: Buffer }> =>
  splitHead(await rawExchange(socketPath, `POST /v1.22/containers/${id}/attach?logs=1&stdout=1 HTTP/1.1\r\n${UPGRADE}`));

const CASES = {
  'start-running-returns-204': async (ctx) => {
    const id = await sleeper(ctx);
    expect((await ctx.api('POST', `/v1.22/containers/${id}/start`)).status).toBe(204);
  },
  'stop-stopped-returns-204': async (ctx) => {
    const id = await createContainer(ctx.socketPath, { Cmd: ['true'] });
    expect((await ctx.api('POST', `/v1.22/containers/${id}/stop`)).status).toBe(204);
  },
  'missing-container-500': async ({ api }) => {
    expect((await api('GET', '/v1.22/containers/nope/json')).status).toBe(500);
  },
  'rename-conflict-204': async (ctx) => {
    await createContainer(ctx.socketPath, { Cmd: ['true'] }, { name: 'first' });
    const id = await createContainer(ctx.socketPath, { Cmd: ['true'] }, { name: 'second' });
    expect((await ctx.api('POST', `/v1.22/containers/${id}/rename?name=first`)).status).toBe(204);
    expect((await ctx.api('GET', `/v1.22/containers/${id}/json`)).json().Name).toBe('/second');
  },
  'wait-wrong-exitcode': async (ctx) => {
    const id = await runToExit(ctx.socketPath, { Cmd: ['sh', '-c', 'exit 3'] });
    expect((await ctx.api('POST', `/v1.22/containers/${id}/wait`)).json().StatusCode).toBe(0);
  },
  'kill-ignores-signal': async (ctx) => {
    const id = await sleeper(ctx, { Cmd: ['sh', '-c', 'trap "echo usr1" USR1; while true; do sleep 0.05; done'] });
    await ctx.api('POST', `/v1.22/containers/${id}/kill?signal=USR1`);
    expect((await ctx.api('GET', `/v1.22/containers/${id}/json`)).json().State).toMatchObject({ Running: false, ExitCode: 137 });
  },
  'delete-running-without-force': async (ctx) => {
    const id = await sleeper(ctx);
    expect((await ctx.api('DELETE', `/v1.22/containers/${id}`)).status).toBe(204);
  },
  'restart-no-backoff': async (ctx) => {
    const id = await createContainer(ctx.socketPath, {
      Cmd: ['sh', '-c', 'exit 1'],
      HostConfig: { RestartPolicy: { Name: 'on-failure', MaximumRetryCount: 4 } },
    });
    await ctx.api('POST', `/v1.22/containers/${id}/start`);
    // With the back-off (100, 200, 400, 800 ms) the fourth restart comes after 1.5 s; without it,
    // well within the second this waits at most.
    const deadline = Date.now() + 1000;
    let count = 0;
    while (count < 4 && Date.now() < deadline) {
      count = (await ctx.api('GET', `/v1.22/containers/${id}/json`)).json().RestartCount;
      if (count < 4) await new Promise((r) => setTimeout(r, 20));
    }
    expect(count).toBe(4);
  },
  'rename-bad-name-400': async ({ socketPath, api }) => {
    const id = await createContainer(socketPath, { Cmd: ['true'] });
    expect((await api('POST', `/v1.22/containers/${id}/rename?name=bad%20name`)).status).toBe(400);
  },
  'filters-not-json-400': async ({ api }) => {
    expect((await api('GET', `/v1.22/volumes?filters=${encodeURIComponent('{"name": [')}`)).status).toBe(400);
  },
  'name-pattern-unchecked': async ({ api }) => {
    expect((await api('POST', '/v1.22/containers/create?name=bad.name!', { Image: 'fixture', Cmd: ['true'] })).status).toBe(201);
  },
  'blkioweight-unchecked': async ({ api }) => {
    expect((await api('POST', '/v1.22/containers/create', { Image: 'fixture', Cmd: ['true'], HostConfig: { BlkioWeight: 5 } })).status).toBe(201);
  },
  'inspect-drops-State': async (ctx) => {
    const id = await createContainer(ctx.socketPath, { Cmd: ['true'] });
    expect((await ctx.api('GET', `/v1.22/containers/${id}/json`)).json()).not.toHaveProperty('State');
  },
  'unstarted-empty-fields-omitted': async (ctx) => {
    const id = await createContainer(ctx.socketPath, { Cmd: ['sleep', '100'], HostConfig: { NetworkMode: 'bridge' } });
    const inspect = async () => (await ctx.api('GET', `/v1.22/containers/${id}/json`)).json();
    const listed = async () => (await ctx.api('GET', '/v1.22/containers/json?all=1')).json().find((i: { Id: string }) => i.Id === id);
    expect(await inspect()).not.toHaveProperty('HostnamePath');
    expect((await inspect()).NetworkSettings.Networks.bridge).not.toHaveProperty('NetworkID');
    expect((await listed()).NetworkSettings.Networks.bridge).not.toHaveProperty('NetworkID');
    await ctx.api('POST', `/v1.22/containers/${id}/start`);
    expect((await inspect()).HostnamePath).toMatch(/hostname$/);
    expect((await listed()).NetworkSettings.Networks.bridge.NetworkID).toMatch(/^[0-9a-f]{64}$/);
  },
  'frame-size-little-endian': async (ctx) => {
    const id = await runToExit(ctx.socketPath, { Cmd: ['echo', 'x'] });
    const { stream } = await attachStream(ctx, id);
    expect(stream.readUInt32LE(4)).toBe(2);
    expect(stream.readUInt32BE(4)).not.toBe(2);
  },
  'frame-reserved-nonzero': async (ctx) => {
    const id = await runToExit(ctx.socketPath, { Cmd: ['echo', 'x'] });
    const { stream } = await attachStream(ctx, id);
    expect([...stream.subarray(1, 4)].some((b) => b !== 0)).toBe(true);
  },
  'attach-tty-framed': async (ctx) => {
    const id = await runToExit(ctx.socketPath, { Cmd: ['echo', 'x'], Tty: true });
    const { stream } = await attachStream(ctx, id);
    expect(readFrames(stream)).toEqual([{ type: 1, payload: 'x\r\n' }]);
  },
  'hijack-no-101': async (ctx) => {
    const id = await runToExit(ctx.socketPath, { Cmd: ['echo', 'x'] });
    const { head } = await attachStream(ctx, id);
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  },
  'logs-tail-ignored': async (ctx) => {
    const id = await runToExit(ctx.socketPath, { Cmd: ['sh', '-c', 'echo 1; echo 2; echo 3'] });
    expect(readFrames((await ctx.api('GET', `/v1.22/containers/${id}/logs?stdout=1&tail=1`)).body)).toHaveLength(3);
  },
  'stats-1.22-no-precpu': async (ctx) => {
    const id = await sleeper(ctx);
    expect((await ctx.api('GET', `/v1.22/containers/${id}/stats?stream=0`)).json()).not.toHaveProperty('precpu_stats');
  },
  'stats-1.18-networks': async (ctx) => {
    const id = await sleeper(ctx);
    const raw = await rawExchange(ctx.socketPath, `GET /v1.18/containers/${id}/stats HTTP/1.1\r\nHost: engine`, '', { timeoutMs: 300 });
    const first = JSON.parse(
      splitHead(raw)
        .stream.toString()
        .split('\n')
        .find((l) => l.startsWith('{'))!,
    );
    expect(first).toHaveProperty('networks');
    expect(first).not.toHaveProperty('network');
  },
  'filters-ignored': async (ctx) => {
    await createContainer(ctx.socketPath, { Cmd: ['true'] });
    const reply = await ctx.api('GET', `/v1.22/containers/json?all=1&filters=${encodeURIComponent('{"status":["running"]}')}`);
    expect(reply.json()).toHaveLength(1);
  },
  'list-limit-ignored': async (ctx) => {
    await createContainer(ctx.socketPath, { Cmd: ['true'] });
    await createContainer(ctx.socketPath, { Cmd: ['true'] });
    expect((await ctx.api('GET', '/v1.22/containers/json?all=1&limit=1')).json()).toHaveLength(2);
  },
  'bool-True-is-false': async (ctx) => {
    await createContainer(ctx.socketPath, { Cmd: ['true'] });
    expect((await ctx.api('GET', '/v1.22/containers/json?all=True')).json()).toHaveLength(0);
    expect((await ctx.api('GET', '/v1.22/containers/json?all=true')).json()).toHaveLength(1);
  },
  'pause-allows-exec': async (ctx) => {
    const id = await sleeper(ctx);
    await ctx.api('POST', `/v1.22/containers/${id}/pause`);
    expect((await ctx.api('POST', `/v1.22/containers/${id}/exec`, { Cmd: ['true'] })).status).toBe(201);
  },
  'exec-1.18-no-Container': async (ctx) => {
    const id = await sleeper(ctx);
    const exec = (await ctx.api('POST', `/v1.18/containers/${id}/exec`, { Cmd: ['true'] })).json().Id;
    expect((await ctx.api('GET', `/v1.18/exec/${exec}/json`)).json()).not.toHaveProperty('Container');
  },
  'events-1.22-no-timeNano': async (ctx) => {
    await createContainer(ctx.socketPath, { Cmd: ['true'] });
    const event = (await ctx.api('GET', `/v1.22/events?since=0&until=${Date.now() / 1000 + 1}`)).json();
    expect(event.Action).toBe('create');
    expect(event).not.toHaveProperty('timeNano');
  },
  'events-since-ignored': async (ctx) => {
    await createContainer(ctx.socketPath, { Cmd: ['true'] });
    expect((await ctx.api('GET', `/v1.22/events?since=0&until=${Date.now() / 1000}`)).text).toBe('');
  },
  'network-event-has-status': async ({ api }) => {
    await api('POST', '/v1.22/networks/create', { Name: 'n1' });
    const event = (await api('GET', `/v1.22/events?since=0&until=${Date.now() / 1000 + 1}`)).json();
    expect(event).toMatchObject({ Type: 'network', status: 'create' });
  },
  'info-1.22-debug-int': async ({ api }) => {
    expect((await api('GET', '/v1.22/info')).json().Debug).toBe(0);
  },
  'ping-json': async ({ api }) => {
    const ping = await api('GET', '/_ping');
    expect(ping.headers['content-type']).toBe('application/json');
  },
  'version-no-ApiVersion': async ({ api }) => {
    expect((await api('GET', '/v1.22/version')).json()).not.toHaveProperty('ApiVersion');
  },
  'v1.18-serves-volumes': async ({ api }) => {
    expect((await api('GET', '/v1.18/volumes')).status).toBe(200);
  },
  'unsupported-version-served': async ({ api }) => {
    expect((await api('GET', '/v1.99/version')).status).toBe(200);
  },
  'volume-delete-in-use-204': async (ctx) => {
    await createContainer(ctx.socketPath, { Cmd: ['true'], HostConfig: { Binds: ['vol1:/data'] } });
    expect((await ctx.api('DELETE', '/v1.22/volumes/vol1')).status).toBe(204);
  },
  'network-delete-predefined-200': async ({ api }) => {
    expect((await api('DELETE', '/v1.22/networks/bridge')).status).toBe(200);
  },
  'archive-no-stat-header': async (ctx) => {
    const id = await createContainer(ctx.socketPath, { Cmd: ['true'] });
    const head = await ctx.api('HEAD', `/v1.22/containers/${id}/archive?path=/etc`);
    expect(head.status).toBe(200);
    expect(head.headers).not.toHaveProperty('x-docker-container-path-stat');
  },
} satisfies Partial<Record<EngineFaultName, (ctx: Ctx) => Promise<void>>>;

describe('engine reference: daemon faults', () => {
  it('every case names a registered fault', () => {
    const names = new Set<string>(ENGINE_FAULTS.map((f) => f.name));
    for (const name of Object.keys(CASES)) expect(names.has(name), name).toBe(true);
  });

  for (const [name, check] of Object.entries(CASES)) {
    it(`${name} breaks its rule`, async () => {
      const t = await startTestServer({ faults: [name] });
      try {
        await check({ socketPath: t.socketPath, api: (method, path, body) => request(t.socketPath, method, path, body) });
      } finally {
        await t.close();
      }
    });
  }
});
