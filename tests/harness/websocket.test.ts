import http from 'node:http';
import type net from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { parseTargetUrl } from '../../harness/target/endpoint.ts';
import { openWebSocket } from '../../harness/target/websocket.ts';
import { Transcript } from '../../harness/target/transcript.ts';
import { writeEndlessBody } from '../support/endless-body.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** An HTTP server that refuses every WebSocket handshake with the given handler. */
async function refusingServer(refuse: (res: http.ServerResponse) => void): Promise<string> {
  const server = http.createServer((_req, res) => refuse(res));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `tcp://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

describe('openWebSocket', () => {
  test('a refused handshake resolves with its status and a closed session; its body is kept as evidence', async () => {
    const url = await refusingServer((res) => {
      res.writeHead(401, { 'Content-Type': 'text/plain' });
      res.end('Unauthorized');
    });
    const transcript = new Transcript();
    const session = await openWebSocket(parseTargetUrl(url), { path: '/stream', timeoutMs: 2000 }, transcript);
    expect(session.status).toBe(401);
    expect(await session.next(100)).toBeUndefined();
    expect(transcript.entries[0]?.response).toMatchObject({ status: 401, body: 'Unauthorized' });
  });

  test('a refusal whose body never ends: the session still resolves, with the start of the body, in bounded memory', async () => {
    const url = await refusingServer((res) => {
      res.writeHead(400, { 'Content-Type': 'text/plain' });
      writeEndlessBody(res, Buffer.alloc(64 * 1024, 0x61));
    });
    const transcript = new Transcript();
    const session = await openWebSocket(parseTargetUrl(url), { path: '/stream', timeoutMs: 2000 }, transcript);
    expect(session.status).toBe(400);
    const body = String(transcript.entries[0]?.response?.body ?? '');
    expect(body.length).toBe(2000);
  });

  test('a refusal that sends its head and then stalls: a timeout TargetError, not a hang', async () => {
    const url = await refusingServer((res) => {
      res.writeHead(503, { 'Content-Type': 'text/plain' });
      res.write('partial');
    });
    await expect(openWebSocket(parseTargetUrl(url), { path: '/stream', timeoutMs: 300 })).rejects.toMatchObject({ name: 'TargetError', code: 'timeout' });
  });
});
