/**
 * The Stream API: WebSocket upgrades on the REST port. Authentication by Basic header on the
 * upgrade or by `?user=&token=`; failures, foreign namespaces, unknown resources and bad
 * parameters answer the upgrade with the HTTP status and an `{"error": ...}` body instead of
 * upgrading.
 */
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { userFromBasic, userFromQuery } from '../http/auth.ts';
import { ApiError } from '../http/errors.ts';
import { resolveScope } from '../http/namespace.ts';
import { upgradeCredentialsRefused } from '../http/mutation.ts';
import { errorReply } from '../http/replies.ts';
import { RouteTable, withTrailingSlash } from '../http/router.ts';
import type { CloudUser } from '../users.ts';
import type { World } from '../world.ts';
import { eventsStream } from './events.ts';
import { execStream } from './exec.ts';
import { actionLogs, containerLogs, serviceLogs } from './logs.ts';
import type { StreamHandler } from './types.ts';

function streamRoutes(): RouteTable<StreamHandler> {
  const routes = new RouteTable<StreamHandler>();
  routes.add('GET', '/api/audit/v1/[ns/]events/', eventsStream);
  routes.add('GET', '/api/audit/v1/action/{uuid}/logs/', actionLogs);
  routes.add('GET', '/api/app/v1/[ns/]container/{uuid}/logs/', containerLogs);
  routes.add('GET', '/api/app/v1/[ns/]service/{uuid}/logs/', serviceLogs);
  routes.add('GET', '/api/app/v1/[ns/]container/{uuid}/exec/', execStream);
  return routes;
}

export interface StreamServer {
  onUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer): void;
  closeAll(): void;
}

function streamUser(world: World, req: http.IncomingMessage, url: URL): CloudUser | undefined {
  const fromQuery = world.faults.has('stream-query-auth-rejected') ? undefined : userFromQuery(url.searchParams, world.users);
  // Under `blind7-stream-wrong-key-accepted` the upgrade's Basic credentials are looked up by user name only.
  const anyKey = world.faults.has('blind7-stream-wrong-key-accepted');
  // Under `blind9-stream-basic-scheme-case-sensitive` the upgrade's header must begin with "Basic " exactly (the REST check ignores case).
  const caseRefused = world.faults.has('blind9-stream-basic-scheme-case-sensitive') && !(req.headers.authorization ?? '').startsWith('Basic ');
  const basic = world.faults.has('stream-basic-refused') || caseRefused ? undefined : userFromBasic(req.headers.authorization, world.users, anyKey);
  const user = basic ?? keyPrefixUser(world, req.headers.authorization) ?? fromQuery;
  const unguarded =
    world.faults.has('stream-auth-not-required') || (world.faults.has('stream-logs-auth-not-required') && /\/(logs|exec)\/?$/.test(url.pathname));
  return user ?? (unguarded ? world.users[0] : undefined);
}

/** A caller without valid credentials whom a mutant lets through, as the first user (reference/cloud/http/mutation.ts). */
function servedAnyway(world: World, req: http.IncomingMessage, url: URL): CloudUser | undefined {
  const sent = req.headers.authorization === undefined && !url.searchParams.has('token') ? 'none' : 'wrong';
  return upgradeCredentialsRefused(world.mutation, withTrailingSlash(url.pathname), sent, world.spell) ? undefined : world.users[0];
}

function refuse(socket: Duplex, err: unknown): void {
  const reply = errorReply(err);
  const body = JSON.stringify(reply.body);
  const reason = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict' }[reply.status] ?? 'Error';
  const auth = reply.status === 401 ? 'WWW-Authenticate: Basic realm="cloud"\r\n' : '';
  socket.end(
    `HTTP/1.1 ${reply.status} ${reason}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n${auth}Connection: close\r\n\r\n${body}`,
  );
}

export function createStreamServer(world: World): StreamServer {
  const routes = streamRoutes();
  const wss = new WebSocketServer({ noServer: true });
  return {
    onUpgrade(req, socket, head) {
      socket.on('error', () => {});
      try {
        const url = new URL(req.url ?? '/', 'http://reference.invalid');
        // Under `blind31-stream-connection-upgrade-exact` the Connection header is compared with 'Upgrade' as a whole, not as a token list.
        if (req.headers.connection !== 'Upgrade' && world.faults.has('blind31-stream-connection-upgrade-exact'))
          throw new ApiError(400, "not a WebSocket upgrade: Connection must be 'Upgrade'");
        const user = streamUser(world, req, url) ?? servedAnyway(world, req, url);
        if (!user) throw new ApiError(401, 'authentication required: Basic header or ?user=&token=');
        // Under `blind26-events-path-trailing-slash-required` the path is matched as the routes are
        // registered, with the trailing slash: /api/audit/v1/events, as the spec spells it, finds none.
        const strict = world.faults.has('blind26-events-path-trailing-slash-required');
        const match = routes.match('GET', strict ? url.pathname : withTrailingSlash(url.pathname));
        if (!match || match === 'method-not-allowed') throw new ApiError(404, `no stream endpoint ${url.pathname}`);
        const scope = resolveScope(world, user, match.params.ns, undefined, url.pathname);
        const session = match.route.handler({ world, user, params: match.params, scope, query: url.searchParams });
        wss.handleUpgrade(req, socket, head, (ws) => {
          ws.on('error', () => {});
          session(ws);
        });
      } catch (err) {
        refuse(socket, err);
      }
    },
    closeAll() {
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}

/**
 * Under `blind12-stream-key-prefix-accepted` the upgrade compares keys byte by byte over the length
 * of the key sent (a hand-written constant-time compare): a prefix of the user's key, even an
 * empty one, passes.
 */
function keyPrefixUser(world: World, header: string | undefined): CloudUser | undefined {
  if (!world.faults.has('blind12-stream-key-prefix-accepted')) return undefined;
  const m = /^Basic\s+(\S+)\s*$/i.exec(header ?? '');
  const decoded = m?.[1] ? Buffer.from(m[1], 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const key = decoded.slice(colon + 1);
  return world.users.find((u) => u.username === decoded.slice(0, colon) && u.apiKey.startsWith(key));
}
