/** Endpoints 5, 8, 17, 18: logs, stats, attach (hijacked) and attach/ws. */
import { HttpError, type RouteContext, type Router } from '../http/router.ts';
import type { Container } from '../state/container.ts';
import type { Engine } from '../state/engine.ts';
import type { OutputEntry } from '../state/output.ts';
import { socketEndpoint, webSocketEndpoint, type StreamEndpoint } from '../streams/endpoint.ts';
import { runSession } from '../streams/session.ts';
import { selectLogLines, timestamped } from '../streams/log-lines.ts';
import { statsReader } from '../shape/stats.ts';
import { parseDetachKeys } from '../streams/detach-keys.ts';
import { findContainer, refuseWhilePaused } from './lookup.ts';

const STATS_INTERVAL_MS = 1000;

export function registerStreamRoutes(router: Router, engine: Engine): void {
  router.add('POST', '/containers/{id}/attach', async (ctx) => {
    const c = findContainer(engine, ctx);
    if (!ctx.faults.has('pause-allows-attach')) refuseWhilePaused(ctx, c, 'attach');
    const detachKeys = detachKeysOf(ctx);
    await ctx.body();
    const socket = ctx.hijack(ctx.spell('application/vnd.vendor.raw-stream'));
    await attach(engine, ctx, c, socketEndpoint(socket), { framed: !c.config.Tty || ctx.faults.has('attach-tty-framed'), detachKeys });
  });

  router.add('GET', '/containers/{id}/attach/ws', async (ctx) => {
    const c = findContainer(engine, ctx);
    refuseWhilePaused(ctx, c, 'attach');
    const detachKeys = detachKeysOf(ctx);
    const ws = await ctx.webSocket();
    await attach(engine, ctx, c, webSocketEndpoint(ws), { framed: false, detachKeys });
  });

  router.add('GET', '/containers/{id}/logs', async (ctx) => {
    const c = findContainer(engine, ctx);
    const streams = { stdout: ctx.bool('stdout'), stderr: ctx.bool('stderr') };
    if (!streams.stdout && !streams.stderr) throw new HttpError(400, 'Bad parameters: you must choose at least one stream');
    const tail = parseTail(ctx);
    const since = ctx.version === '1.22' ? ctx.int('since') ?? 0 : 0;
    const withTime = ctx.bool('timestamps');
    const lines = selectLogLines(c.output.entries, { tail: ctx.faults.has('logs-tail-ignored') ? undefined : tail, sinceSeconds: since, streams }).map((e) => (withTime ? timestamped(e) : e));
    const endpoint = ctx.wantsUpgrade ? socketEndpoint(ctx.hijack(ctx.spell('application/vnd.vendor.raw-stream'))) : responseEndpoint(ctx);
    const follow = ctx.bool('follow') && c.isActive;
    await runSession(endpoint, {
      output: withTime ? timestampedLog(c) : c.output,
      replay: lines,
      streams,
      live: follow,
      stdin: undefined,
      closeStdinOnEnd: false,
      framed: !c.config.Tty,
      faults: ctx.faults,
    });
  });

  router.add('GET', '/containers/{id}/stats', async (ctx) => {
    const c = findContainer(engine, ctx);
    const read = statsReader(c, ctx.version, ctx.faults);
    if (ctx.version === '1.22' && !ctx.bool('stream', true)) return ctx.sendJson(200, read());
    const stream = ctx.jsonStream();
    stream.write(read());
    const timer = setInterval(() => (c.removed ? stream.end() : stream.write(read())), STATS_INTERVAL_MS);
    await stream.closed;
    clearInterval(timer);
  });
}

function detachKeysOf(ctx: RouteContext): Buffer {
  return parseDetachKeys(ctx.version === '1.22' ? ctx.query.get('detachKeys') : null);
}

function attach(engine: Engine, ctx: RouteContext, c: Container, endpoint: StreamEndpoint, how: { framed: boolean; detachKeys: Buffer }): Promise<void> {
  engine.containerEvent(c, 'attach');
  const streamMode = ctx.bool('stream');
  return runSession(endpoint, {
    output: c.output,
    replay: ctx.bool('logs') ? c.output.entries : [],
    streams: { stdout: ctx.bool('stdout'), stderr: ctx.bool('stderr') },
    live: streamMode && (c.isActive || c.state.status === 'created'),
    stdin: streamMode && ctx.bool('stdin') && c.config.OpenStdin ? () => c.stdin : undefined,
    closeStdinOnEnd: c.config.StdinOnce,
    ...how,
    faults: ctx.faults,
  });
}

function parseTail(ctx: RouteContext): number | undefined {
  const raw = ctx.query.get('tail');
  if (raw === null || raw === '' || raw === 'all') return undefined;
  if (!/^\d+$/.test(raw)) throw new HttpError(400, `invalid tail value ${JSON.stringify(raw)}: expected "all" or a number`);
  return Number(raw);
}

/** A plain 200 body (chunked, no Content-Type, like the real daemon) for logs without upgrade. */
function responseEndpoint(ctx: RouteContext): StreamEndpoint {
  const res = ctx.res;
  res.writeHead(200);
  res.flushHeaders();
  let closed = false;
  res.on('close', () => (closed = true));
  return {
    write: (data) => {
      if (!closed) res.write(data);
    },
    end: () => {
      if (!closed) res.end();
      closed = true;
    },
    onInput: () => undefined,
    onInputEnd: () => undefined,
    onClose: (listener) => res.on('close', listener),
    get closed() {
      return closed;
    },
  };
}

/** The container's live output with each entry prefixed by its time (logs `timestamps=1` + follow). */
function timestampedLog(c: Container): Container['output'] {
  return {
    subscribe: (listener: (e: OutputEntry) => void) => c.output.subscribe((e) => listener(timestamped(e))),
    onRunEnd: (listener: () => void) => c.output.onRunEnd(listener),
  } as Container['output'];
}
