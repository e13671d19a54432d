/**
 * Each way a target can break HTTP at the transport level is a TargetError naming the problem
 * (graded as the target's breach), never an undici exception that would grade as a harness error.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, test } from 'vitest';
import { parseTargetUrl } from '../../harness/target/endpoint.ts';
import { TargetError } from '../../harness/target/errors.ts';
import { HttpTransport } from '../../harness/target/http-transport.ts';
import { Transcript } from '../../harness/target/transcript.ts';
import { openWebSocket } from '../../harness/target/websocket.ts';
import { deepJson, gzipBomb } from '../support/hostile-server.ts';

const servers: net.Server[] = [];
const transports: HttpTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((t) => t.close()));
  for (const s of servers.splice(0)) s.close();
});

/** A TCP server that reads the request head and then does whatever `answer` does with the socket. */
/**
 * The transport's deadline: short where the class under test is the deadline itself, generous
 * elsewhere. At 500 ms for every class, a header flood under a loaded machine (CI, with the real
 * daemons' runs beside) timed out before it was read.
 */
const DEADLINE_MS = 10_000;
const SHORT_DEADLINE_MS = 500;

async function rawTarget(answer: (socket: net.Socket) => void, timeoutMs = DEADLINE_MS): Promise<HttpTransport> {
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', () => answer(socket));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const transport = new HttpTransport(parseTargetUrl(`tcp://127.0.0.1:${(server.address() as AddressInfo).port}`), {
    timeoutMs,
    maxBodyBytes: 4 * 1024 * 1024,
  });
  transports.push(transport);
  return transport;
}

const head = (lines: string[]): string => `HTTP/1.1 200 OK\r\n${lines.map((l) => `${l}\r\n`).join('')}\r\n`;

const CLASSES: Array<{ name: string; answer: (socket: net.Socket) => void; code: TargetError['code']; names: RegExp }> = [
  {
    name: 'a header flood',
    answer: (s) => s.end(head([...Array.from({ length: 2000 }, (_, i) => `X-Flood-${i}: ${'f'.repeat(40)}`), 'Content-Length: 0'])),
    code: 'too-large',
    names: /header flood/,
  },
  {
    name: 'a body shorter than its Content-Length, then Connection: close',
    answer: (s) => s.end(`${head(['Connection: close', 'Content-Length: 100'])}{"Id":"x"}`),
    code: 'malformed',
    names: /disagrees with its Content-Length/,
  },
  {
    name: 'a connection closed in the middle of the body',
    answer: (s) => s.end(`${head(['Content-Length: 100'])}{"Id":"x"}`),
    code: 'closed',
    names: /closed the connection before the response was complete/,
  },
  {
    name: 'malformed chunked encoding',
    answer: (s) => s.end(`${head(['Transfer-Encoding: chunked'])}ZZ\r\n{}\r\n0\r\n\r\n`),
    code: 'malformed',
    names: /chunk/,
  },
  {
    name: 'a connection reset after the head',
    answer: (s) => {
      s.write(`${head(['Content-Length: 100'])}{"partial":`);
      setTimeout(() => s.resetAndDestroy(), 20);
    },
    code: 'closed',
    names: /reset|closed/,
  },
  {
    name: 'a connection closed before any answer',
    answer: (s) => s.destroy(),
    code: 'closed',
    names: /closed/,
  },
  { name: 'a head that never comes', answer: () => {}, code: 'timeout', names: /timed out/ },
  {
    name: 'a body that stalls',
    answer: (s) => s.write(`${head(['Content-Length: 100'])}{"a":`),
    code: 'timeout',
    names: /timed out/,
  },
  { name: 'bytes that are not HTTP', answer: (s) => s.end('SSH-2.0-OpenSSH\r\n\r\n'), code: 'malformed', names: /malformed HTTP/ },
  {
    name: 'JSON nested 100000 deep',
    answer: (s) => {
      const body = deepJson(100_000);
      s.end(`${head(['Content-Type: application/json', `Content-Length: ${body.length}`])}${body}`);
    },
    code: 'malformed',
    names: /JSON nested deeper than 256 levels/,
  },
  {
    name: 'a body over the size cap',
    answer: (s) => s.end(`${head([`Content-Length: ${5 * 1024 * 1024}`])}${'x'.repeat(5 * 1024 * 1024)}`),
    code: 'too-large',
    names: /exceeds the \d+-byte cap/,
  },
];

describe('HttpTransport against a hostile target', () => {
  test.each(CLASSES)('$name is a TargetError($code) naming the problem, noted on the transcript with the time it took', async ({ answer, code, names }) => {
    const deadline = code === 'timeout' ? SHORT_DEADLINE_MS : DEADLINE_MS;
    const transport = await rawTarget(answer, deadline);
    const transcript = new Transcript();
    const err = await transport.request({ method: 'GET', path: '/containers/json' }, transcript).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(TargetError);
    expect((err as TargetError).code).toBe(code);
    expect((err as TargetError).message).toMatch(names);
    expect((err as TargetError).message).toContain('GET /containers/json');
    const [entry] = transcript.entries;
    expect(entry?.error).toBe((err as TargetError).message);
    // A timed-out exchange waited its deadline: the time profile shows it as the wait.
    expect(entry?.durationMs).toBeGreaterThanOrEqual(code === 'timeout' ? deadline - 5 : 0);
  });

  test('a gzip bomb is inflated only up to the body cap: a too-large TargetError naming it, in bounded memory', async () => {
    const bomb = gzipBomb();
    const transport = await rawTarget((s) =>
      s.end(Buffer.concat([Buffer.from(head(['Content-Type: application/json', 'Content-Encoding: gzip', `Content-Length: ${bomb.length}`])), bomb])),
    );
    const before = process.memoryUsage().rss;
    await expect(transport.request({ method: 'GET', path: '/info' })).rejects.toMatchObject({
      code: 'too-large',
      message: expect.stringMatching(/Content-Encoding: gzip\) exceeds the 4194304-byte cap: a decompression bomb/),
    });
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  test('a gzip body that is not gzip is a malformed TargetError; a good gzip body is decoded', async () => {
    const bad = await rawTarget((s) => s.end(`${head(['Content-Encoding: gzip', 'Content-Length: 9'])}not gzip!`));
    await expect(bad.request({ method: 'GET', path: '/x' })).rejects.toMatchObject({
      code: 'malformed',
      message: expect.stringMatching(/does not decode as its Content-Encoding gzip/),
    });
    const body = gzipSync('{"ok":true}');
    const good = await rawTarget((s) => s.end(Buffer.concat([Buffer.from(head(['Content-Encoding: gzip', `Content-Length: ${body.length}`])), body])));
    expect((await good.request({ method: 'GET', path: '/x' })).json()).toEqual({ ok: true });
  });

  test('an unknown Content-Encoding is named', async () => {
    const t = await rawTarget((s) => s.end(`${head(['Content-Encoding: zstd-ish', 'Content-Length: 2'])}{}`));
    await expect(t.request({ method: 'GET', path: '/x' })).rejects.toThrow(/unknown Content-Encoding "zstd-ish"/);
  });
});

describe('WebSocket against a hostile target', () => {
  test('a message nested past the depth bound ends the session with a TargetError naming it', async () => {
    const { WebSocketServer } = await import('ws');
    const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((r) => wss.once('listening', r));
    wss.on('connection', (ws) => ws.send(deepJson(10_000)));
    try {
      const url = `tcp://127.0.0.1:${(wss.address() as AddressInfo).port}`;
      const session = await openWebSocket(parseTargetUrl(url), { path: '/stream', timeoutMs: 2000 });
      await expect(session.next(2000)).rejects.toThrow(/a message is JSON nested deeper than 256 levels/);
      session.close();
    } finally {
      wss.close();
    }
  });
});
