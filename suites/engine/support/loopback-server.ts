/** A loopback HTTP server of the check's own, for the URIs a target fetches (an import's fromSrc, a build's remote). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EngineContext } from './context.ts';

/**
 * Serves `body` (with `status`) at every path over HTTP on loopback for the length of the check;
 * returns the URL of `path`.
 */
export async function serveOnce(ctx: EngineContext, body: Buffer, path: string, contentType = 'application/x-tar', status = 200): Promise<string> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': contentType, 'content-length': body.length });
    res.end(body);
  });
  return listenLoopback(ctx, server, path);
}

/** Answers every request with a 302 to `location` over HTTP on loopback for the length of the check; returns the URL of `path`. */
export async function serveRedirect(ctx: EngineContext, location: string, path: string): Promise<string> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(302, { location, 'content-length': 0 });
    res.end();
  });
  return listenLoopback(ctx, server, path);
}

/** Listens on a free loopback port until the check ends; the URL of `path` there. */
async function listenLoopback(ctx: EngineContext, server: Server, path: string): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ctx.defer(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/${path}`;
}

/** Whether the target runs on this host (a unix socket or loopback), so it can reach a loopback server. */
export function targetIsLocal(ctx: EngineContext): boolean {
  const engine = ctx.run.engine;
  return Boolean(engine?.socketPath) || /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:|\/|$)/.test(engine?.origin ?? '');
}

/** Skips the check when the target cannot reach the check's loopback server. */
export function requireLocalTarget(ctx: EngineContext): void {
  if (!targetIsLocal(ctx)) ctx.skip("the target is not on this host, so it cannot fetch from the check's loopback HTTP server");
}
