import fs from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineServer, ENGINE_FAULTS } from '../../../reference/engine/index.ts';
import { request, startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('engine reference: HTTP front', () => {
  it('answers _ping with text/plain OK on GET and HEAD, with the daemon headers', async () => {
    const get = await request(t.socketPath, 'GET', '/_ping');
    expect(get.status).toBe(200);
    expect(get.text).toBe('OK');
    expect(get.headers['content-type']).toMatch(/^text\/plain/);
    expect(get.headers['api-version']).toBe('1.22');
    expect(get.headers['server']).toMatch(/^container-api-conformance-reference\/[\d.]+ \(linux\)$/);
    expect(get.headers['ostype']).toBe('linux');
    expect(get.headers['docker-experimental']).toBe('false');
    const head = await request(t.socketPath, 'HEAD', '/v1.18/_ping');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('serves /v1.18/, /v1.22/ and unversioned paths (as 1.22), rejects other versions with 400 text', async () => {
    expect((await request(t.socketPath, 'GET', '/v1.18/version')).json().ApiVersion).toBe('1.18');
    expect((await request(t.socketPath, 'GET', '/v1.22/version')).json().ApiVersion).toBe('1.22');
    expect((await request(t.socketPath, 'GET', '/version')).json().ApiVersion).toBe('1.22');
    const bad = await request(t.socketPath, 'GET', '/v1.99/version');
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^text\/plain/);
    expect(bad.text).toMatch(/1\.99.*1\.18, 1\.22\n$/);
  });

  it('answers 404 page not found for unknown paths and for 1.22-only endpoints under /v1.18/', async () => {
    for (const path of ['/v1.22/nothing', '/v1.18/volumes', '/v1.18/networks', '/v1.18/containers/x/update']) {
      const method = path.endsWith('update') ? 'POST' : 'GET';
      const reply = await request(t.socketPath, method, path);
      expect(reply.status, path).toBe(404);
      expect(reply.text).toBe('404 page not found\n');
    }
    expect((await request(t.socketPath, 'GET', '/v1.22/volumes')).status).toBe(200);
  });

  it('writes errors as text/plain with a trailing newline', async () => {
    const reply = await request(t.socketPath, 'GET', '/v1.22/containers/nope/json');
    expect(reply.status).toBe(404);
    expect(reply.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(reply.text).toBe('No such container: nope\n');
  });

  it('answers 400 on a malformed JSON body', async () => {
    const reply = await request(t.socketPath, 'POST', '/v1.22/containers/create', Buffer.from('{nope'), { 'Content-Type': 'application/json' });
    expect(reply.status).toBe(400);
  });
});

describe('engine reference: startEngineServer', () => {
  it('rejects an unknown fault by name', async () => {
    await expect(startEngineServer({ listen: 'tcp://127.0.0.1:0', faults: ['no-such-fault'] })).rejects.toThrow(/no-such-fault/);
  });

  it('listens on tcp with a free port and removes a unix socket on close', async () => {
    const tcp = await startEngineServer({ listen: 'tcp://127.0.0.1:0' });
    expect(tcp.url).toMatch(/^tcp:\/\/127\.0\.0\.1:\d+$/);
    const port = Number(tcp.url.split(':').pop());
    const reply = await fetch(`http://127.0.0.1:${port}/_ping`);
    expect(await reply.text()).toBe('OK');
    await tcp.close();
    const socketPath = `${t.socketPath}.2`;
    const unix = await startEngineServer({ listen: `unix://${socketPath}` });
    expect(fs.existsSync(socketPath)).toBe(true);
    await unix.close();
    expect(fs.existsSync(socketPath)).toBe(false);
  });

  it('lists at least 22 daemon faults with unique names, descriptions and areas', () => {
    const names = ENGINE_FAULTS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(22);
    for (const f of ENGINE_FAULTS) expect(f.description.length > 10 && f.area.length > 0).toBe(true);
  });

  it('uses the neutral spellings in the neutral profile', async () => {
    const neutral = await startTestServer({ profile: 'neutral' });
    try {
      const ping = await request(neutral.socketPath, 'GET', '/_ping');
      expect(ping.headers['vendor-experimental']).toBe('false');
      const info = await request(neutral.socketPath, 'GET', '/v1.22/info');
      expect(info.json()).toHaveProperty('VendorRootDir');
    } finally {
      await neutral.close();
    }
  });

  it('survives a client that leaves an upgraded connection before its answer is written', async () => {
    const crashes: unknown[] = [];
    const onError = (err: unknown): void => void crashes.push(err);
    process.on('uncaughtException', onError);
    try {
      for (let i = 0; i < 20; i++) {
        const socket = net.connect(t.socketPath);
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.end('POST /v1.22/containers/no-such-container/attach?stream=1 HTTP/1.1\r\nHost: engine\r\nUpgrade: tcp\r\nConnection: Upgrade\r\n\r\n');
        socket.destroy();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(crashes).toEqual([]);
      expect((await request(t.socketPath, 'GET', '/_ping')).status).toBe(200);
    } finally {
      process.off('uncaughtException', onError);
    }
  });
});
