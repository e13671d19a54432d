/**
 * Hostile engine targets: each answers the probe (`/_ping`, `/version`) and then misbehaves on
 * every other request in one named way. Shared by the hostile-target end-to-end tests and the
 * memory bench; `npx tsx tests/support/hostile-server.ts NAME [PORT]` serves one by hand.
 */
import http from 'node:http';
import type net from 'node:net';
import { gzipSync } from 'node:zlib';
import { writeEndlessBody } from './endless-body.ts';

export type Misbehaviour = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** `depth` nested arrays: far deeper than any answer the specs document. */
export function deepJson(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/**
 * ~1 MB of gzip that inflates to 1 GB of zeros: 64 gzip members of 16 MB each (gzip allows
 * members back to back), so building it costs 16 MB and milliseconds, not 1 GB.
 */
let bomb: Buffer | undefined;
export function gzipBomb(): Buffer {
  if (bomb) return bomb;
  const member = gzipSync(Buffer.alloc(16 << 20), { level: 9 });
  bomb = Buffer.concat(Array.from({ length: 64 }, () => member));
  return bomb;
}

/** Writes a raw response on the socket, bypassing Node's HTTP framing. */
function raw(req: http.IncomingMessage, bytes: string | Buffer): void {
  req.socket.end(bytes);
}

export const MISBEHAVIOURS: Record<string, Misbehaviour> = {
  'answers with bytes that are not HTTP': (req) => raw(req, 'NOT HTTP AT ALL\r\n\r\n'),
  'resets the connection': (req) => req.socket.destroy(),
  'sends an endless body': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    writeEndlessBody(res, Buffer.alloc(1 << 20, 0x20));
  },
  'floods the response head with headers': (req) => {
    const flood = Array.from({ length: 2000 }, (_, i) => `X-Flood-${i}: ${'f'.repeat(40)}\r\n`).join('');
    raw(req, `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n${flood}Content-Length: 2\r\n\r\n{}`);
  },
  'sends fewer bytes than its Content-Length': (req) => raw(req, 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"Id":"x"}'),
  'sends malformed chunks': (req) => raw(req, 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n'),
  'answers JSON nested 100000 deep': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(deepJson(100_000));
  },
  'answers a gzip bomb': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
    res.end(gzipBomb());
  },
};

/** Serves a hostile target on 127.0.0.1 (port 0: any free port); answers its tcp:// URL. */
export async function serveHostile(misbehave: Misbehaviour, port = 0): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer((req, res) => {
    if (req.url?.endsWith('/_ping')) return void res.end('OK');
    if (req.url?.endsWith('/version')) {
      res.setHeader('Content-Type', 'application/json');
      return void res.end(JSON.stringify({ Version: '0.0.0', ApiVersion: '1.22', Os: 'linux', Arch: 'amd64' }));
    }
    misbehave(req, res);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { url: `tcp://127.0.0.1:${(server.address() as net.AddressInfo).port}`, server };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [name = '', port = '0'] = process.argv.slice(2);
  const misbehave = MISBEHAVIOURS[name];
  if (!misbehave) {
    console.error(`unknown misbehaviour; one of:\n  ${Object.keys(MISBEHAVIOURS).join('\n  ')}`);
    process.exit(2);
  }
  const { url } = await serveHostile(misbehave, Number(port));
  console.log(url);
}
