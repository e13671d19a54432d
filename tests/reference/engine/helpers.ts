/** Test helpers for the engine reference daemon: a server on a temp unix socket, plain HTTP, a seeded image. */
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { startEngineServer, type RunningEngineServer } from '../../../reference/engine/index.ts';
import { emptyLayer, type FsNode } from '../../../reference/engine/fs/filesystem.ts';
import { makeImage } from '../../../reference/engine/images/store.ts';

export const FIXTURE_IMAGE = 'fixture:latest';
const PROGRAMS = [
  'sh',
  'echo',
  'cat',
  'sleep',
  'ls',
  'true',
  'false',
  'env',
  'id',
  'hostname',
  'ps',
  'top',
  'head',
  'wc',
  'printf',
  'date',
  'mkdir',
  'touch',
  'rm',
  'seq',
  'uname',
  'pwd',
];

export interface TestServer {
  server: RunningEngineServer;
  socketPath: string;
  close(): Promise<void>;
}

export async function startTestServer(opts: { faults?: string[]; profile?: 'docker' | 'neutral' } = {}): Promise<TestServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-ref-'));
  const socketPath = path.join(dir, 'engine.sock');
  const server = await startEngineServer({ listen: `unix://${socketPath}`, ...opts });
  seedFixtureImage(server);
  return {
    server,
    socketPath,
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A busybox-like image: every built-in program present as a file under /bin, plus /etc and /tmp. */
export function seedFixtureImage(server: RunningEngineServer, tag = FIXTURE_IMAGE): string {
  const layer = emptyLayer('sha256:' + 'a'.repeat(64));
  const mtime = new Date('2024-01-01T00:00:00Z');
  const dir = (mode = 0o755): FsNode => ({ type: 'dir', mode, mtime });
  for (const d of ['/bin', '/etc', '/tmp', '/root', '/var']) layer.entries.set(d, dir());
  for (const p of PROGRAMS) layer.entries.set(`/bin/${p}`, { type: 'file', data: Buffer.from('\x7fELF'), mode: 0o755, mtime });
  layer.entries.set('/etc/hostname', { type: 'file', data: Buffer.from('fixture\n'), mode: 0o644, mtime });
  const image = makeImage({
    parent: '',
    created: mtime,
    author: 'tests',
    comment: 'fixture',
    config: { Env: ['PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'], Cmd: ['sh'] },
    containerConfig: {},
    layers: [layer],
    history: [{ created: mtime, createdBy: 'fixture', comment: '', size: 0 }],
  });
  server.deps.images.add(image, [tag]);
  return image.id;
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json<T = any>(): T;
}

export function request(socketPath: string, method: string, urlPath: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
    const req = http.request(
      { socketPath, method, path: urlPath, headers: { ...(payload && !Buffer.isBuffer(body) ? { 'Content-Type': 'application/json' } : {}), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const data = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data, text: data.toString(), json: () => JSON.parse(data.toString()) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A raw request whose connection is read until the server closes it (hijacked streams). */
export function rawExchange(
  socketPath: string,
  head: string,
  body = '',
  opts: { stdin?: Buffer[]; stdinGapMs?: number; halfClose?: boolean; timeoutMs?: number } = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    const chunks: Buffer[] = [];
    let sentStdin = false;
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(Buffer.concat(chunks));
    }, opts.timeoutMs ?? 5000);
    socket.on('connect', () => socket.write(`${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`));
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      if (!sentStdin && Buffer.concat(chunks).includes('\r\n\r\n')) {
        sentStdin = true;
        void (async () => {
          for (const part of opts.stdin ?? []) {
            socket.write(part);
            if (opts.stdinGapMs) await new Promise((r) => setTimeout(r, opts.stdinGapMs));
          }
          if (opts.halfClose) socket.end();
        })();
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    socket.on('error', reject);
  });
}

/** Splits a hijacked response into its head and the stream bytes. */
export function splitHead(raw: Buffer): { head: string; stream: Buffer } {
  const end = raw.indexOf('\r\n\r\n');
  return { head: raw.subarray(0, end).toString(), stream: raw.subarray(end + 4) };
}

/** A deliberately naive frame reader for tests (the target's writer is checked against it). */
export function readFrames(stream: Buffer): Array<{ type: number; payload: string }> {
  const frames: Array<{ type: number; payload: string }> = [];
  let offset = 0;
  while (offset + 8 <= stream.length) {
    const size = stream.readUInt32BE(offset + 4);
    frames.push({ type: stream[offset]!, payload: stream.subarray(offset + 8, offset + 8 + size).toString() });
    offset += 8 + size;
  }
  return frames;
}

export async function createContainer(socketPath: string, body: Record<string, unknown>, opts: { name?: string; version?: string } = {}): Promise<string> {
  const query = opts.name ? `?name=${opts.name}` : '';
  const reply = await request(socketPath, 'POST', `/v${opts.version ?? '1.22'}/containers/create${query}`, { Image: FIXTURE_IMAGE, ...body });
  if (reply.status !== 201) throw new Error(`create failed: ${reply.status} ${reply.text}`);
  return reply.json().Id as string;
}

export async function runToExit(socketPath: string, body: Record<string, unknown>): Promise<string> {
  const id = await createContainer(socketPath, body);
  await request(socketPath, 'POST', `/v1.22/containers/${id}/start`);
  await request(socketPath, 'POST', `/v1.22/containers/${id}/wait`);
  return id;
}
