import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parseTargetUrl } from '../../harness/target/endpoint.ts';
import { openKeptAlive } from '../../harness/target/kept-alive.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const OPTIONS = { timeoutMs: 2000, maxBodyBytes: 1 << 20 };

/** A unix-socket server answering each request with its path and its place on its connection (`keepAlive` false: it closes each). */
async function server(keepAlive: boolean): Promise<string> {
  const sock = path.join(mkdtempSync(path.join(tmpdir(), 'kept-')), 's.sock');
  const srv = http.createServer((req, res) => {
    const socket = req.socket as typeof req.socket & { served?: number };
    socket.served = (socket.served ?? 0) + 1;
    if (!keepAlive) res.setHeader('connection', 'close');
    res.end(`${req.url} #${socket.served}`);
  });
  servers.push(srv);
  await new Promise<void>((r) => srv.listen(sock, r));
  return `unix://${sock}`;
}

describe('kept-alive connection', () => {
  test('requests one after another share one connection the target keeps', async () => {
    const conn = openKeptAlive(parseTargetUrl(await server(true)), OPTIONS);
    expect((await conn.request('GET', '/v1.22/version')).text()).toBe('/v1.22/version #1');
    expect((await conn.request('GET', '/v1.18/version')).text()).toBe('/v1.18/version #2');
    expect(conn.connectionsOpened).toBe(1);
    await conn.close();
  });

  test('a target that closes each connection is seen: the next request takes another', async () => {
    const conn = openKeptAlive(parseTargetUrl(await server(false)), OPTIONS);
    expect((await conn.request('GET', '/_ping')).text()).toBe('/_ping #1');
    expect((await conn.request('GET', '/_ping')).text()).toBe('/_ping #1');
    expect(conn.connectionsOpened).toBe(2);
    await conn.close();
  });
});
