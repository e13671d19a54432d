import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { streamMutation, UNDOCUMENTED_FRAME_TYPE, WRONG_STREAM_TYPE } from '../../harness/mutation/apply-stream.ts';
import { mutantHook, observingHook, type ObservedExchange } from '../../harness/mutation/hook.ts';
import type { MutationSpec, StreamOp } from '../../harness/mutation/types.ts';
import { LAST_FRAME_HOLD_MS, mutatedSink, writeHijackHead } from '../../reference/engine/http/stream-mutation.ts';
import type { ExchangeMutation } from '../../reference/engine/http/mutation-exchange.ts';
import { varyTransport } from '../../reference/shared/transport-variation.ts';
import { encodeFrame } from '../../reference/engine/streams/frames.ts';
import { startEngineServer, type RunningEngineServer } from '../../reference/engine/index.ts';

const NO_FAULTS = new Set<never>();
const exchangeOf = (op: StreamOp): ExchangeMutation => ({
  answer: (_s, v) => v,
  requestBody: (v) => v,
  errorText: (_s, t) => t,
  delayMs: 0,
  stream: streamMutation(op),
  noteWire: () => {},
  resolves: () => true,
  cell: () => undefined,
});

describe('the stream operators on the bytes', () => {
  const frame = encodeFrame('stdout', Buffer.from('hello'), NO_FAULTS);

  test('each frame operator changes the header byte it names, and only that', () => {
    expect([...frame.subarray(0, 8)]).toEqual([1, 0, 0, 0, 0, 0, 0, 5]);
    expect([...streamMutation('size-little-endian').frame(frame).subarray(0, 8)]).toEqual([1, 0, 0, 0, 5, 0, 0, 0]);
    expect(streamMutation('type-swapped').frame(frame)[0]).toBe(2);
    expect(streamMutation('type-swapped').frame(encodeFrame('stderr', Buffer.from('x'), NO_FAULTS))[0]).toBe(1);
    expect(streamMutation('type-undocumented').frame(frame)[0]).toBe(UNDOCUMENTED_FRAME_TYPE);
    expect([...streamMutation('reserved-nonzero').frame(frame).subarray(1, 4)].every((b) => b !== 0)).toBe(true);
    for (const op of ['size-little-endian', 'type-swapped', 'reserved-nonzero'] as const)
      expect(streamMutation(op).frame(frame).subarray(8).toString()).toBe('hello');
  });

  test('the last write is lost at the end, an early end follows the first write, a never-ending stream is not ended', async () => {
    const record = (op: StreamOp) => {
      const seen = { items: [] as number[], ended: false };
      const sink = mutatedSink<number>({ write: (n) => seen.items.push(n), end: () => (seen.ended = true) }, exchangeOf(op));
      return { seen, sink };
    };
    const lost = record('last-frame-lost');
    lost.sink.write(1);
    await new Promise((r) => setTimeout(r, LAST_FRAME_HOLD_MS * 2));
    lost.sink.write(2);
    lost.sink.end();
    expect(lost.seen).toEqual({ items: [1], ended: true });
    const early = record('ends-early');
    early.sink.write(1);
    early.sink.write(2);
    early.sink.end();
    expect(early.seen).toEqual({ items: [1], ended: true });
    const never = record('never-ends');
    never.sink.write(1);
    never.sink.end();
    expect(never.seen).toEqual({ items: [1], ended: false });
  });

  test('a hijack head loses its Upgrade, answers 200 for 101, is typed wrongly, or waits for the first body byte', () => {
    const head = {
      status: 101 as const,
      headers: [
        ['Content-Type', 'application/vnd.docker.raw-stream'],
        ['Connection', 'Upgrade'],
        ['Upgrade', 'tcp'],
      ] as Array<[string, string]>,
    };
    const written = (op: StreamOp, body?: string): string => {
      const socket = new PassThrough();
      writeHijackHead(socket, head, exchangeOf(op));
      if (body !== undefined) socket.write(body);
      return String(socket.read() ?? '');
    };
    expect(written('never-ends')).toMatch(/^HTTP\/1.1 101 UPGRADED\r\n.*Upgrade: tcp\r\n\r\n$/s);
    expect(written('upgrade-header-missing')).not.toMatch(/^Upgrade:/m);
    expect(written('status-200-for-101')).toMatch(/^HTTP\/1.1 200 OK\r\n/);
    expect(written('wrong-content-type')).toContain(`Content-Type: ${WRONG_STREAM_TYPE}`);
    expect(written('headers-withheld')).toBe('');
    // An empty write (the reference waiting for its head to be flushed) is no body byte.
    expect(written('headers-withheld', '')).toBe('');
    expect(written('headers-withheld', 'x')).toMatch(/^HTTP\/1.1 101 UPGRADED\r\n.*\r\n\r\nx$/s);
  });
});

/** One raw HTTP/1.1 exchange: the bytes as they came, in how many reads. */
async function raw(server: RunningEngineServer, request: string, waitMs = 2000): Promise<{ text: string; reads: number; closed: boolean }> {
  const socket = net.connect(server.url.slice('unix://'.length));
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  socket.write(request);
  const closed = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  socket.destroy();
  return { text: Buffer.concat(chunks).toString('latin1'), reads: chunks.length, closed };
}

const get = (p: string): string => `GET ${p} HTTP/1.1\r\nHost: engine\r\nConnection: close\r\n\r\n`;
const head = (text: string): string => text.slice(0, text.indexOf('\r\n\r\n'));
const legal = (endpoint: string, op: string): MutationSpec => ({ kind: 'legal', endpoint, version: '1.22', op: op as 'chunked' });
const stream = (endpoint: string, op: StreamOp): MutationSpec => ({ kind: 'stream', endpoint, version: '1.22', op });

describe('the transport and stream operators on a started reference', () => {
  let server: RunningEngineServer;
  beforeAll(async () => {
    server = await startEngineServer({ listen: `unix://${path.join(mkdtempSync(path.join(tmpdir(), 'stream-mut-')), 'engine.sock')}` });
  });
  afterAll(() => server.close());
  const under = async (spec: MutationSpec | undefined, request: string, waitMs?: number) => {
    server.setMutation(spec ? mutantHook(spec) : undefined);
    try {
      return await raw(server, request, waitMs);
    } finally {
      server.setMutation(undefined);
    }
  };

  test('the baseline observes an answer with a Content-Length, and a stream as a stream', async () => {
    const seen: ObservedExchange[] = [];
    server.setMutation(observingHook((e) => seen.push(e)));
    await raw(server, get('/v1.22/version'));
    await raw(server, get(`/v1.22/events?until=${Math.floor(Date.now() / 1000) - 1}`));
    server.setMutation(undefined);
    expect(seen.find((e) => e.endpoint === 'engine/system/version')?.wire).toEqual({ lengthDelimited: true });
    expect(seen.find((e) => e.endpoint === 'engine/system/events')?.wire).toMatchObject({ stream: true, typed: true, lengthDelimited: false });
  });

  test('a status mutant that swaps an answer to 204 sends it without a body or a Content-Length (well-formed HTTP)', async () => {
    const swapped = await under({ kind: 'status', endpoint: 'engine/system/version', version: '1.22', from: 200, to: 204 }, get('/v1.22/version'));
    expect(head(swapped.text)).toMatch(/^HTTP\/1\.1 204/);
    expect(head(swapped.text)).not.toMatch(/^Content-Length/im);
    expect(swapped.text.slice(swapped.text.indexOf('\r\n\r\n') + 4)).toBe('');
  });

  test('legal/header-case writes every header name in lower case; chunked and content-length swap the framing; byte-at-a-time fragments', async () => {
    const plain = await under(undefined, get('/v1.22/version'));
    expect(head(plain.text)).toMatch(/^Content-Length: \d+$/m);
    const lower = await under(legal('engine/system/version', 'header-case'), get('/v1.22/version'));
    expect(
      head(lower.text)
        .split('\r\n')
        .slice(1)
        .every((line) => line.split(':')[0] === line.split(':')[0]!.toLowerCase()),
    ).toBe(true);
    const chunked = await under(legal('engine/system/version', 'chunked'), get('/v1.22/version'));
    expect(head(chunked.text)).toMatch(/^Transfer-Encoding: chunked$/m);
    expect(head(chunked.text)).not.toMatch(/^Content-Length/im);
    const dripped = await under(legal('engine/system/version', 'byte-at-a-time'), get('/v1.22/version'));
    expect(dripped.reads).toBeGreaterThan(20);
    expect(dripped.text.slice(dripped.text.indexOf('\r\n\r\n'))).toBe(plain.text.slice(plain.text.indexOf('\r\n\r\n')));
  });

  test('legal/content-length sends a chunked answer with a Content-Length, and leaves a stream as it is', async () => {
    const plainServer = http.createServer((_req, res) => {
      varyTransport(res, 'content-length');
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('ab');
      res.end('c');
    });
    await new Promise<void>((resolve) => plainServer.listen(0, '127.0.0.1', resolve));
    const port = (plainServer.address() as AddressInfo).port;
    const socket = net.connect(port, '127.0.0.1');
    socket.write(get('/'));
    const text = await new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c)).on('close', () => resolve(Buffer.concat(chunks).toString()));
    });
    plainServer.close();
    expect(head(text)).toMatch(/^Content-Length: 3$/m);
    expect(text.endsWith('\r\n\r\nabc')).toBe(true);
    const until = `/v1.22/events?since=1&until=2`;
    const streamed = await under(legal('engine/system/events', 'content-length'), get(until));
    expect(head(streamed.text)).toMatch(/^Transfer-Encoding: chunked$/m);
  });

  test('stream/headers-withheld, wrong-content-type and never-ends on the events stream', async () => {
    const past = `/v1.22/events?since=1&until=${Math.floor(Date.now() / 1000) - 1}`;
    const open = '/v1.22/events';
    expect(head((await under(undefined, get(open), 300)).text)).toMatch(/^HTTP\/1.1 200/);
    expect((await under(stream('engine/system/events', 'headers-withheld'), get(open), 300)).text).toBe('');
    expect(head((await under(stream('engine/system/events', 'wrong-content-type'), get(past))).text)).toMatch(
      new RegExp(`^Content-Type: ${WRONG_STREAM_TYPE}$`, 'm'),
    );
    expect((await under(undefined, get(past))).closed).toBe(true);
    expect((await under(stream('engine/system/events', 'never-ends'), get(past), 500)).closed).toBe(false);
  });
});
