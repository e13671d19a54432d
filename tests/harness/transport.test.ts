import net from 'node:net';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parseTargetUrl } from '../../harness/target/endpoint.ts';
import { hijack } from '../../harness/target/hijack.ts';
import { HttpTransport } from '../../harness/target/http-transport.ts';
import { TargetError } from '../../harness/target/errors.ts';
import { Transcript } from '../../harness/target/transcript.ts';

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A raw TCP server on a unix socket whose handler sees the request head and the socket. */
async function rawServer(onRequest: (head: string, socket: net.Socket, rest: Buffer) => void): Promise<string> {
  const sock = path.join(mkdtempSync(path.join(tmpdir(), 'hijack-')), 's.sock');
  const server = net.createServer((socket) => {
    let buf = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      const end = buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      onRequest(buf.subarray(0, end).toString(), socket, buf.subarray(end + 4));
    };
    socket.on('data', onData);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(sock, r));
  return `unix://${sock}`;
}

describe('hijack', () => {
  test('101 with the upgrade headers: stdin written after the answer reaches the server, the raw stream comes back', async () => {
    let head = '';
    const url = await rawServer((h, socket) => {
      head = h;
      socket.write('HTTP/1.1 101 UPGRADED\r\nContent-Type: application/vnd.docker.raw-stream\r\nConnection: Upgrade\r\nUpgrade: tcp\r\n\r\n');
      socket.write(Buffer.from([1, 0, 0, 0, 0, 0, 0, 2, 0x68, 0x69]));
      socket.on('data', (d) => socket.end(d));
    });
    const transcript = new Transcript();
    const conn = await hijack(
      parseTargetUrl(url),
      { method: 'POST', path: '/v1.22/containers/x/attach', query: { stream: true }, upgrade: true, timeoutMs: 2000 },
      transcript,
    );
    expect(conn.status).toBe(101);
    expect(conn.headers).toMatchObject({ upgrade: 'tcp', connection: 'Upgrade' });
    expect(head).toMatch(/^POST \/v1\.22\/containers\/x\/attach\?stream=1 HTTP\/1\.1\r\n/);
    expect(head.toLowerCase()).toContain('upgrade: tcp');
    await conn.write('echo\n');
    const { data, closed } = await conn.readAll({ timeoutMs: 2000 });
    expect(closed).toBe(true);
    expect(data).toEqual(Buffer.concat([Buffer.from([1, 0, 0, 0, 0, 0, 0, 2, 0x68, 0x69]), Buffer.from('echo\n')]));
    expect(transcript.entries[0]!.stream?.map((s) => s.direction)).toContain('sent');
  });

  test('200 without upgrade: the body runs until the connection closes', async () => {
    const url = await rawServer((_h, socket) => {
      socket.end('HTTP/1.1 200 OK\r\nContent-Type: application/vnd.docker.raw-stream\r\n\r\nraw until close');
    });
    const conn = await hijack(parseTargetUrl(url), { method: 'POST', path: '/a', upgrade: false, timeoutMs: 2000 });
    expect(conn.status).toBe(200);
    expect((await conn.readAll({ timeoutMs: 2000 })).data.toString()).toBe('raw until close');
  });

  test('an error answer with a length ends at the length; a chunked answer is de-chunked', async () => {
    const url = await rawServer((h, socket) => {
      if (h.includes('/err')) socket.write('HTTP/1.1 404 Not Found\r\nContent-Length: 5\r\n\r\nno su');
      else socket.end('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n');
    });
    const err = await hijack(parseTargetUrl(url), { method: 'POST', path: '/err', upgrade: true, timeoutMs: 2000 });
    expect(err.status).toBe(404);
    expect((await err.readAll({ timeoutMs: 2000 })).data.toString()).toBe('no su');
    err.close();
    const chunked = await hijack(parseTargetUrl(url), { method: 'POST', path: '/c', upgrade: false, timeoutMs: 2000 });
    expect((await chunked.readAll({ timeoutMs: 2000 })).data.toString()).toBe('abcde');
  });

  test('the bytes after a 101 are passed on raw, even under a Transfer-Encoding: chunked head', async () => {
    const url = await rawServer((_h, socket) => socket.end('HTTP/1.1 101 UPGRADED\r\nUpgrade: tcp\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n'));
    const upgraded = await hijack(parseTargetUrl(url), { method: 'POST', path: '/u', upgrade: true, timeoutMs: 2000 });
    expect((await upgraded.readAll({ timeoutMs: 2000 })).data.toString()).toBe('3\r\nabc\r\n0\r\n\r\n');
  });

  test('a stream that stays open is cut at the timeout without an error; a garbage head is a TargetError', async () => {
    const url = await rawServer((h, socket) => {
      if (h.includes('/garbage')) socket.end('SSH-2.0-OpenSSH\r\n\r\n');
      else socket.write('HTTP/1.1 101 UPGRADED\r\nUpgrade: tcp\r\nConnection: Upgrade\r\n\r\npartial');
    });
    const open = await hijack(parseTargetUrl(url), { method: 'POST', path: '/open', upgrade: true, timeoutMs: 2000 });
    expect(await open.readAll({ timeoutMs: 100 })).toEqual({ data: Buffer.from('partial'), closed: false });
    open.close();
    await expect(hijack(parseTargetUrl(url), { method: 'POST', path: '/garbage', upgrade: true, timeoutMs: 2000 })).rejects.toThrow(TargetError);
  });
});

describe('HttpTransport', () => {
  async function httpServer(handler: http.RequestListener): Promise<string> {
    const server = http.createServer(handler);
    servers.push(server as unknown as net.Server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return `tcp://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  }

  test('a body over the cap is a TargetError, not an allocation of the whole body', async () => {
    const url = await httpServer((_req, res) => res.end(Buffer.alloc(64 * 1024)));
    const t = new HttpTransport(parseTargetUrl(url), { timeoutMs: 2000, maxBodyBytes: 1024 });
    await expect(t.request({ method: 'GET', path: '/' })).rejects.toMatchObject({ code: 'too-large' });
    await t.close();
  });

  test('an answer that is not HTTP at all is a malformed TargetError, not a harness error', async () => {
    const url = await rawServer((_h, socket) => socket.end('NOT HTTP AT ALL\r\n\r\n'));
    const t = new HttpTransport(parseTargetUrl(url), { timeoutMs: 2000, maxBodyBytes: 1024 });
    await expect(t.request({ method: 'GET', path: '/' })).rejects.toMatchObject({ name: 'TargetError', code: 'malformed' });
    await t.close();
  });

  test('a target that does not answer times out as a TargetError', async () => {
    const url = await httpServer(() => {});
    const t = new HttpTransport(parseTargetUrl(url), { timeoutMs: 200, maxBodyBytes: 1024 });
    await expect(t.request({ method: 'GET', path: '/' })).rejects.toMatchObject({ code: 'timeout' });
    await t.close();
  });

  test('the transcript records the exchange with credentials redacted', async () => {
    const url = await httpServer((_req, res) => res.end('{"ok":true}'));
    const t = new HttpTransport(parseTargetUrl(url), { timeoutMs: 2000, maxBodyBytes: 1024 });
    const transcript = new Transcript();
    const res = await t.request({ method: 'POST', path: '/auth', headers: { 'x-registry-auth': 'c2VjcmV0' }, json: { password: 'p' } }, transcript);
    expect(res.json()).toEqual({ ok: true });
    const [entry] = transcript.entries;
    expect(entry!.request.headers['x-registry-auth']).toBe('[redacted]');
    expect(entry!.request.body).toBe('{"password":"[redacted]"}');
    expect(entry!.response).toMatchObject({ status: 200, body: '{"ok":true}' });
    await t.close();
  });

  test('streams held open by other checks do not hold a request back until its deadline', async () => {
    const url = await httpServer((req, res) => {
      if (req.url === '/events') res.writeHead(200).write('{}');
      else res.end('ok');
    });
    // A request held back behind the streams would end at this deadline, as a timeout.
    const t = new HttpTransport(parseTargetUrl(url), { timeoutMs: 2000, maxBodyBytes: 1024 });
    const streams = await Promise.all(Array.from({ length: 40 }, () => t.stream({ method: 'GET', path: '/events' })));
    expect((await t.request({ method: 'GET', path: '/' })).text()).toBe('ok');
    for (const s of streams) s.close();
    await t.close();
  }, 5000);

  test('a refused connection is a TargetError(unreachable)', async () => {
    const t = new HttpTransport(parseTargetUrl('unix:///nonexistent/x.sock'), { timeoutMs: 500, maxBodyBytes: 1024 });
    await expect(t.request({ method: 'GET', path: '/' })).rejects.toMatchObject({ code: 'unreachable' });
    await t.close();
  });
});
