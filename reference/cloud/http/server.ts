/**
 * The node:http front: Basic authentication, body parsing, dispatch, and the answer with its
 * X-Vendor-Action-URI header. WebSocket upgrades go to the Stream API on the same port.
 */
import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { World, Dispatched } from '../world.ts';
import { userFromBasic } from './auth.ts';
import { parseJsonBody, readBody } from './body.ts';
import { ApiError } from './errors.ts';
import { errorReply } from './replies.ts';
import { credentialsRefused, mutatedCall, transportOf } from './mutation.ts';
import { varyTransport } from '../../shared/transport-variation.ts';
import { withTrailingSlash } from './router.ts';
import type { ApiRequest, Reply } from './types.ts';

export type UpgradeHandler = (req: http.IncomingMessage, socket: Duplex, head: Buffer) => void;

export function createHttpServer(world: World, dispatch: (req: ApiRequest) => Promise<Dispatched>, onUpgrade: UpgradeHandler): http.Server {
  const server = http.createServer((req, res) => {
    const path = withTrailingSlash(new URL(req.url ?? '/', 'http://reference.invalid').pathname);
    const transport = transportOf(world.mutation, (req.method ?? 'GET').toUpperCase(), path, world.spell);
    if (transport) varyTransport(res, transport);
    void handle(world, dispatch, req).then(
      (result) => writeReply(world, res, result),
      (err: unknown) => writeReply(world, res, { reply: errorReply(err) }, false),
    );
  });
  server.on('upgrade', onUpgrade);
  return server;
}

async function handle(world: World, dispatch: (req: ApiRequest) => Promise<Dispatched>, req: http.IncomingMessage): Promise<Dispatched> {
  const raw = await readBody(req);
  const keyUnchecked = world.faults.has('blind-auth-key-unchecked');
  const basic = world.faults.has('rest-basic-refused')
    ? undefined
    : userFromBasic(
        req.headers.authorization,
        world.users,
        keyUnchecked,
        world.faults.has('blind5-auth-empty-key-accepted'),
        world.faults.has('blind6-auth-key-of-any-user'),
      );
  const user = basic ?? (world.faults.has('auth-not-required') ? world.users[0] : undefined);
  const url = new URL(req.url ?? '/', 'http://reference.invalid');
  const call = {
    method: (req.method ?? 'GET').toUpperCase(),
    path: withTrailingSlash(url.pathname),
    query: url.searchParams,
    body: parseJsonBody(raw, req.headers['content-type']),
    ip: clientIp(req),
    userAgent: req.headers['user-agent'] ?? '',
    host: req.headers.host ?? 'localhost',
  };
  // A refused caller's call goes through the mutation hook too: the 401 of every endpoint is an
  // answer a mutant can change (the hook reads method, path, query and body, never the user),
  // and a mutant may let it through as the first user (auth/without-credentials-accepted).
  const sent = req.headers.authorization === undefined ? 'none' : 'wrong';
  if (!user && credentialsRefused(world.mutation, call, sent, world.spell))
    return { reply: await mutatedCall(world.mutation, { ...call, user: ANONYMOUS }, world.spell, async () => unauthorized()) };
  return dispatch({ ...call, user: user ?? world.users[0]! });
}

/** Who a refused call is made by, for the mutation hook only (it never reads the user). */
const ANONYMOUS: ApiRequest['user'] = { username: '', apiKey: '', organizations: [] };

export function unauthorized(): Reply {
  return errorReply(new ApiError(401, 'authentication required: HTTP Basic with your username and API key'));
}

export function clientIp(req: http.IncomingMessage): string {
  return (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
}

function writeReply(world: World, res: http.ServerResponse, { reply, action }: Dispatched, dispatched = true): void {
  // The Date header is the moment this answer is written. Node's own Date is cached and refreshed by a
  // timer, which a loaded event loop fires late: a stale second would misplace an action's dates.
  const headers: Record<string, string> = { Date: new Date().toUTCString() };
  // Under `blind23-action-header-success-only` the header is added to successful answers only: a refused call's action is not named.
  const refusedUnnamed = reply.status >= 400 && world.faults.has('blind23-action-header-success-only');
  if (action && !world.faults.has('no-action-header') && !refusedUnnamed) headers[world.spell('X-Vendor-Action-URI')] = action.resource_uri;
  if (reply.status === 401) headers['WWW-Authenticate'] = 'Basic realm="cloud"';
  if (reply.withheldHeader) delete headers[world.spell(reply.withheldHeader)];
  if (reply.status === 204 || reply.body === undefined) {
    res.writeHead(reply.status, headers).end();
    return;
  }
  // Under `blind22-body-errors-plain-text` a refused request body (400, 413, 415) is answered by the HTTP layer's own text handler.
  if (!dispatched && world.faults.has('blind22-body-errors-plain-text')) {
    const plain = `${reply.status} ${http.STATUS_CODES[reply.status] ?? 'Error'}: ${(reply.body as { error?: string }).error ?? ''}\n`;
    res.writeHead(reply.status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(Buffer.byteLength(plain)) }).end(plain);
    return;
  }
  const text = JSON.stringify(reply.body);
  const type = world.faults.has('content-type-text') ? 'text/plain' : 'application/json';
  res.writeHead(reply.status, { ...headers, 'Content-Type': type, 'Content-Length': String(Buffer.byteLength(text)) }).end(text);
}
