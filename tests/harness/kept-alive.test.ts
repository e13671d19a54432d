import net from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parseTargetUrl } from '../../harness/target/endpoint.ts';
import { openKeptAlive } from '../../harness/target/kept-alive.ts';

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A unix-socket server answering each request head of a connection with `answer(n)` (n: its place on the connection), bytes split as given. */
async function server(answer: (n: number, head: string) => string[]): Promise<string> {
  const sock = path.join(mkdtempSync(path.join(tmpdir(), 'kept-')), 's.sock');
  const srv = net.createServer((socket) => {
    let buf = '';
    let n = 0;
    socket.on('data', (chunk: Buffer) => {
      buf += chunk.toString('latin1');
      for (let end = buf.indexOf('\r\n\r\n'); end >= 0; end = buf.indexOf('\r\n\r\n')) {
        const head = buf.slice(0, end);
        buf = buf.slice(end + 4);
        const parts = answer(n++, head);
        parts.forEach((part, i) => setTimeout(() => socket.writable && socket.write(part), i * 5));
      }
    });
  });
  servers.push(srv);
  await new Promise<void>((r) => srv.listen(sock, r));
  return `unix://${sock}`;
}

describe('kept-alive connection', () => {
  test('answers with Content-Length and chunked bodies (split anywhere) are read whole, each on the same socket', async () => {
    const url = await server((n, head) =>
      n === 0
        ? ['HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhe', 'llo']
        : [
            'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nab',
            'c\r\n',
            `${(head.split(' ')[1] ?? '').length.toString(16)}\r\n${head.split(' ')[1]}\r\n0\r\n`,
            '\r\n',
          ],
    );
    const conn = await openKeptAlive(parseTargetUrl(url), 2000);
    expect((await conn.request('GET', '/v1.22/version')).text()).toBe('hello');
    expect((await conn.request('GET', '/v1.18/version')).text()).toBe('abc/v1.18/version');
    expect((await conn.request('GET', '/x')).text()).toBe('abc/x');
    expect(conn.closed).toBe(false);
    conn.close();
  });

  test('Connection: close is noted as the end of the connection', async () => {
    const url = await server(() => ['HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok']);
    const conn = await openKeptAlive(parseTargetUrl(url), 2000);
    expect((await conn.request('GET', '/_ping')).text()).toBe('ok');
    expect(conn.closed).toBe(true);
    await expect(conn.request('GET', '/_ping')).rejects.toThrow(/closed the connection/);
    conn.close();
  });
});
