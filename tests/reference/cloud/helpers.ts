/** Plain HTTP/WebSocket access to a cloud reference server for its unit tests (not the suite's harness). */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import WebSocket from 'ws';
import { startCloudServer, type CloudServerOptions, type RunningCloudServer } from '../../../reference/cloud/index.ts';

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export type Caller = (
  method: string,
  path: string,
  body?: unknown,
  opts?: { user?: string; key?: string; headers?: Record<string, string>; rawBody?: string },
) => Promise<Answer>;

export const basic = (user: string, key = user): string => `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;

export interface TestServer {
  server: RunningCloudServer;
  call: Caller;
  /** Calls as conformance; fails the test unless the status is one of `expect`. */
  ok(method: string, path: string, body?: unknown, expect?: number[]): Promise<any>;
  ws(path: string, opts?: { user?: string; headers?: Record<string, string> }): Promise<WsSession>;
  close(): Promise<void>;
}

export async function startTestServer(opts: Partial<CloudServerOptions> = {}): Promise<TestServer> {
  const server = await startCloudServer({ listen: 'tcp://127.0.0.1:0', ...opts });
  const call: Caller = async (method, path, body, o = {}) => {
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
    if (o.user !== '') headers.Authorization = basic(o.user ?? 'conformance', o.key);
    const payload = o.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    if (payload !== undefined && !('Content-Type' in headers)) headers['Content-Type'] = 'application/json';
    if (headers['Content-Type'] === '') delete headers['Content-Type'];
    return request(server.url + path, method, headers, payload);
  };
  return {
    server,
    call,
    async ok(method, path, body, expect = [200, 201, 202, 204]) {
      const answer = await call(method, path, body);
      if (!expect.includes(answer.status)) throw new Error(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    },
    ws: (path, o = {}) =>
      openWs(server.streamUrl + path, o.headers ?? (o.user === '' ? {} : { Authorization: basic(o.user ?? 'conformance') }), streamTls(server)),
    close: () => server.close(),
  };
}

export interface WsSession {
  messages: any[];
  /** Resolves with the close code (or rejects on a refused upgrade with its status). */
  closed: Promise<number>;
  send(text: string): void;
  /** Waits until a message satisfies the predicate. */
  waitFor(pred: (m: any) => boolean, timeoutMs?: number): Promise<any>;
  close(): void;
}

/** The TLS options of a server's Stream API (wss): its test certificate trusted as the CA; none for plain ws. */
export function streamTls(server: RunningCloudServer): { ca?: Buffer } {
  return server.caFile ? { ca: readFileSync(server.caFile) } : {};
}

export function openWs(url: string, headers: Record<string, string>, tls: { ca?: Buffer } = {}): Promise<WsSession> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, ...tls });
    const messages: any[] = [];
    const waiters = new Set<() => void>();
    ws.on('message', (data) => {
      messages.push(JSON.parse(data.toString()));
      for (const w of waiters) w();
    });
    const closed = new Promise<number>((res) => ws.on('close', (code) => res(code)));
    ws.on('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode })));
    ws.on('error', reject);
    ws.on('open', () =>
      resolve({
        messages,
        closed,
        send: (text) => ws.send(text),
        close: () => ws.close(),
        waitFor: (pred, timeoutMs = 3000) =>
          new Promise((res, rej) => {
            const check = (): void => {
              const found = messages.find(pred);
              if (found) {
                waiters.delete(check);
                clearTimeout(timer);
                res(found);
              }
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              rej(new Error(`no matching message among ${JSON.stringify(messages).slice(0, 500)}`));
            }, timeoutMs);
            waiters.add(check);
            check();
          }),
      }),
    );
  });
}

/** Polls `read` until `pred` holds (simulated work takes tens of milliseconds). */
export async function until<T>(read: () => Promise<T>, pred: (v: T) => boolean, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (pred(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met; last value ${JSON.stringify(value).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** Polls the resource at `uri` until its state is `state`, and returns it. */
export const settledIn = (t: TestServer, uri: string, state: string): Promise<any> =>
  until(
    () => t.ok('GET', uri),
    (x) => x.state === state,
  );

export const NODE_TYPE = '/api/infra/v1/nodetype/aws/t2.micro/';
export const REGION = '/api/infra/v1/region/aws/us-east-1/';

/** Creates and deploys a cluster; resolves when it is Deployed. */
export async function deployedCluster(t: TestServer, nodes = 2, extra: Record<string, unknown> = {}, ns = ''): Promise<any> {
  const base = `/api/infra/v1/${ns}nodecluster/`;
  const c = await t.ok('POST', base, { name: 'cluster', node_type: NODE_TYPE, region: REGION, target_num_nodes: nodes, ...extra });
  await t.ok('POST', `${base}${c.uuid}/deploy/`);
  return until(
    () => t.ok('GET', `${base}${c.uuid}/`),
    (x) => x.state === 'Deployed' || x.state === 'Empty cluster',
  );
}

/** Creates a service and starts it; resolves when it is Running. */
export async function runningService(t: TestServer, body: Record<string, unknown>, ns = ''): Promise<any> {
  const base = `/api/app/v1/${ns}service/`;
  const svc = await t.ok('POST', base, body);
  await t.ok('POST', `${base}${svc.uuid}/start/`);
  return until(
    () => t.ok('GET', `${base}${svc.uuid}/`),
    (x) => x.state === 'Running',
  );
}

/**
 * The first container of a started one-container service (`body`) on a fresh cluster node, once it
 * has exited (Stopped). Not through runningService: the service is Running only while its container
 * runs (60 ms of simulated time), and a poll delayed by a loaded machine missed that in a CI run.
 */
export async function stoppedContainer(t: TestServer, body: Record<string, unknown>): Promise<any> {
  await deployedCluster(t, 1);
  const svc = await t.ok('POST', '/api/app/v1/service/', body);
  await t.ok('POST', `${svc.resource_uri}start/`);
  const started = await until(
    () => t.ok('GET', svc.resource_uri),
    (x) => Array.isArray(x.containers) && x.containers.length > 0,
  );
  return settledIn(t, started.containers[0], 'Stopped');
}

/** PATCHes a node's user tags to the names given and resolves when the node shows them. */
export async function taggedNode(t: TestServer, node: string, names: readonly string[]): Promise<any> {
  await t.ok('PATCH', node, { tags: names.map((name) => ({ name })) });
  return until(
    () => t.ok('GET', node),
    (n) => n.tags.length === names.length,
  );
}

export const action = (t: TestServer, answer: Answer): Promise<any> => t.ok('GET', answer.headers.get('x-dockercloud-action-uri') ?? '/missing-header');

/** The action an answer names, once it has ended (Success, Failed or Canceled). */
export const endedAction = (t: TestServer, answer: Answer): Promise<any> =>
  until(
    () => action(t, answer),
    (a) => !['Pending', 'In progress', 'Canceling'].includes(a.state),
  );

/** node:http, because fetch refuses a body on GET (one client sends `{}` on every method). */
function request(url: string, method: string, headers: Record<string, string>, payload: string | undefined): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h.set(k, v);
        resolve({ status: res.statusCode ?? 0, headers: h, body: text ? JSON.parse(text) : undefined });
      });
    });
    if (payload !== undefined) req.setHeader('Content-Length', Buffer.byteLength(payload));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Every message of a Stream session the target ends by itself (a log read without follow). */
export async function logsOf(t: TestServer, path: string): Promise<any[]> {
  const session = await t.ws(path);
  await session.closed;
  return session.messages;
}

/** What a one-shot exec of `command` in the container prints, its streams joined. */
export const execOutput = async (t: TestServer, container: string, command: string): Promise<string> =>
  (await logsOf(t, `${container}exec/?command=${encodeURIComponent(command)}`))
    .map((m) => String(m.output))
    .filter((o) => o !== 'EOF')
    .join('');
