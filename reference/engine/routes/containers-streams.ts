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
/** The interval of a slow sampler (`stats-interval-10s`), past the 8 s the stats checks once waited for a second reading. */
const SLOW_STATS_INTERVAL_MS = 10_000;

export function registerStreamRoutes(router: Router, engine: Engine): void {
  router.add('POST', '/containers/{id}/attach', async (ctx) => {
    const c = findContainer(engine, ctx);
    // Under `blind24-attach-paused-logs-only-allowed` the paused check guards the live stream only: a logs-only attach is served.
    const logsOnlyServed = ctx.faults.has('blind24-attach-paused-logs-only-allowed') && !ctx.bool('stream');
    if (!ctx.faults.has('pause-allows-attach') && !logsOnlyServed) refuseWhilePaused(ctx, c, 'attach');
    const detachKeys = detachKeysOf(ctx);
    await ctx.body();
    const socket = ctx.hijack(ctx.spell('application/vnd.vendor.raw-stream'));
    await attach(engine, ctx, c, socketEndpoint(socket), {
      framed: !c.config.Tty || ctx.faults.has('attach-tty-framed'),
      detachKeys,
      replayUnfiltered: ctx.faults.has('attach-logs-streams-unfiltered'),
    });
  });

  router.add('GET', '/containers/{id}/attach/ws', async (ctx) => {
    const c = findContainer(engine, ctx);
    // Under `blind14-attach-ws-paused-allowed` only the hijacked attach checks for a paused container.
    if (!ctx.faults.has('blind14-attach-ws-paused-allowed')) refuseWhilePaused(ctx, c, 'attach');
    const detachKeys = detachKeysOf(ctx);
    if (ctx.faults.has('attach-ws-refused')) throw new HttpError(400, 'WebSocket handshake refused');
    const ws = await ctx.webSocket();
    await attach(engine, ctx, c, webSocketEndpoint(ws), {
      framed: false,
      // Validated above (400) either way: the fault only stops watching for the sequence.
      detachKeys: ctx.faults.has('attach-ws-detach-keys-ignored') ? undefined : detachKeys,
      logsIgnored: ctx.faults.has('blind2-attach-ws-logs-ignored'),
      // Under `blind22-attach-ws-stream-always` a WebSocket session is taken to be live whatever stream says.
      streamAlways: ctx.faults.has('blind22-attach-ws-stream-always'),
    });
  });

  router.add('GET', '/containers/{id}/logs', async (ctx) => {
    const c = findContainer(engine, ctx);
    if (!readsLogs(c, ctx.faults.has('blind34-logs-journald-refused')) && !ctx.faults.has('logs-any-driver-served'))
      throw new HttpError(500, `configured logging driver does not support reading`);
    const streams = ctx.faults.has('logs-streams-unfiltered') ? { stdout: true, stderr: true } : { stdout: ctx.bool('stdout'), stderr: ctx.bool('stderr') };
    if (!streams.stdout && !streams.stderr) throw new HttpError(400, 'Bad parameters: you must choose at least one stream');
    const tail = parseTail(ctx);
    // Under `blind5-logs-follow-tail-ignored` the follow path replays the whole log: tail is applied on the one-shot path only.
    const followTailDropped = ctx.bool('follow') && ctx.faults.has('blind5-logs-follow-tail-ignored');
    const since = ctx.version === '1.22' && !ctx.faults.has('logs-since-ignored') ? (ctx.int('since') ?? 0) : 0;
    // Read as milliseconds, a since in seconds lies a thousand times further in the future.
    const sinceSeconds = ctx.faults.has('blind-logs-since-milliseconds') ? since * 1000 : since;
    const withTime = ctx.bool('timestamps') && !ctx.faults.has('logs-timestamps-ignored');
    // Under `blind21-logs-timestamps-read-time` a line is stamped with the time it is read, not the time it was written.
    const readTime = (e: OutputEntry): OutputEntry => (ctx.faults.has('blind21-logs-timestamps-read-time') ? { ...e, time: new Date() } : e);
    const stamp = (e: OutputEntry): OutputEntry =>
      e.stream === 'stderr' && ctx.faults.has('blind5-logs-timestamps-stdout-only')
        ? e
        : timestamped(readTime(e), ctx.faults.has('blind-logs-timestamps-no-fraction'));
    const lines = selectLogLines(c.output.entries, {
      tail: ctx.faults.has('logs-tail-ignored') || (tail === 0 && ctx.faults.has('blind-logs-tail-zero-all')) || followTailDropped ? undefined : tail,
      sinceSeconds: since === 0 && ctx.faults.has('logs-since-default-now') ? Date.now() / 1000 : sinceSeconds,
      streams,
      dropPartialLast: ctx.faults.has('blind-logs-partial-line-dropped'),
      tailPerStream: ctx.faults.has('blind3-logs-tail-per-stream'),
      sinceWholeSecondsAfter: ctx.faults.has('blind7-logs-since-same-second-dropped'),
      tailBeforeStreamFilter: ctx.faults.has('blind14-logs-tail-before-stream-filter'),
    }).map((e) => (withTime ? stamp(e) : e));
    const endpoint =
      ctx.wantsUpgrade || ctx.faults.has('hijack-always-101')
        ? socketEndpoint(ctx.hijack(ctx.spell('application/vnd.vendor.raw-stream')))
        : responseEndpoint(ctx);
    // Under `blind7-logs-follow-exited-stays-open` a follow waits for the end of a run even when none is going on.
    const follow = ctx.bool('follow') && (c.isActive || ctx.faults.has('blind7-logs-follow-exited-stays-open')) && !ctx.faults.has('logs-follow-ignored');
    await runSession(endpoint, {
      output: withTime ? timestampedLog(c, stamp) : c.output,
      // Under `blind14-logs-follow-running-no-backlog` a follow of a running container starts at the live end.
      replay: follow && ctx.faults.has('blind14-logs-follow-running-no-backlog') ? [] : lines,
      streams,
      live: follow,
      stdin: undefined,
      closeStdinOnEnd: false,
      framed: !c.config.Tty || ctx.faults.has('blind3-logs-tty-framed'),
      dropLastLive: ctx.faults.has('blind4-logs-follow-last-line-lost'),
      // Under `blind28-logs-timestamps-frame-size-unstamped` a header gives the size of the line as stored, before its timestamp was put in front.
      frameSizeOf: withTime && ctx.faults.has('blind28-logs-timestamps-frame-size-unstamped') ? unstampedSize : undefined,
      faults: ctx.faults,
      exchange: ctx.exchange,
    });
  });

  router.add('GET', '/containers/{id}/stats', async (ctx) => {
    const c = findContainer(engine, ctx);
    if (c.state.status === 'created' && ctx.faults.has('blind6-stats-created-409')) throw new HttpError(409, `Container ${c.id} is not running`);
    const read = statsReader(c, ctx.version, ctx.faults);
    const once = ctx.version === '1.22' && !ctx.bool('stream', true) && !ctx.faults.has('stats-stream-false-ignored');
    if (once && ctx.faults.has('blind-stats-stream-false-two-readings')) return twoReadings(ctx, read);
    if (once) return ctx.sendJson(200, read());
    if (ctx.faults.has('stats-single-reading')) return ctx.sendJson(200, read());
    const stream = ctx.jsonStream();
    stream.write(read());
    // Under `stats-interval-10s` (legal: the interval is not shown) the stream samples every 10 s.
    const interval = ctx.faults.has('stats-interval-10s') ? SLOW_STATS_INTERVAL_MS : STATS_INTERVAL_MS;
    const timer = setInterval(() => (c.removed ? stream.end() : stream.write(read())), interval);
    await stream.closed;
    clearInterval(timer);
  });
}

/** Whether an attach sends the logs first (logs=1), unless a fault drops them (always, or beside stream=1). */
function replaysLogs(ctx: RouteContext, logsIgnored: boolean | undefined, streamMode: boolean): boolean {
  const faults = ctx.faults;
  const asked = ctx.bool('logs', faults.has('attach-logs-by-default'));
  return asked && !faults.has('attach-logs-ignored') && !logsIgnored && !(streamMode && faults.has('attach-logs-dropped-with-stream'));
}

/** Whether a fault keeps the client's bytes from the container's stdin (every container, or only one with a tty). */
function stdinDropped(faults: RouteContext['faults'], tty: boolean): boolean {
  return faults.has('attach-stdin-dropped') || (tty && faults.has('attach-tty-stdin-dropped'));
}

function detachKeysOf(ctx: RouteContext): Buffer | undefined {
  if (ctx.faults.has('attach-detach-keys-ignored')) return undefined;
  return parseDetachKeys(ctx.version === '1.22' ? ctx.query.get('detachKeys') : null);
}

function attach(
  engine: Engine,
  ctx: RouteContext,
  c: Container,
  endpoint: StreamEndpoint,
  how: { framed: boolean; detachKeys: Buffer | undefined; logsIgnored?: boolean; replayUnfiltered?: boolean; streamAlways?: boolean },
): Promise<void> {
  engine.containerEvent(c, 'attach');
  const streamMode = how.streamAlways === true || ctx.bool('stream');
  const faults = ctx.faults;
  return runSession(endpoint, {
    output: c.output,
    replay: replaysLogs(ctx, how.logsIgnored, streamMode) ? c.output.entries : [],
    replayUnfiltered: how.replayUnfiltered === true,
    streams: faults.has('attach-streams-unfiltered')
      ? { stdout: true, stderr: true }
      : {
          stdout: ctx.bool('stdout'),
          stderr: ctx.bool('stderr', faults.has('attach-stderr-by-default')) && (ctx.bool('stdout') || !faults.has('blind2-attach-stderr-needs-stdout')),
        },
    // Under `blind9-attach-created-stream-ends` only a running container is streamed: one not yet started ends the stream at once.
    live: streamMode && (c.isActive || (c.state.status === 'created' && !faults.has('blind9-attach-created-stream-ends'))),
    stdin: streamMode && ctx.bool('stdin') && c.config.OpenStdin && !stdinDropped(faults, c.config.Tty) ? () => c.stdin : undefined,
    closeStdinOnEnd: c.config.StdinOnce && !faults.has('stdin-once-ignored'),
    framed: how.framed,
    // Like real daemons, the detach sequence is watched for on a tty only: other stdin is passed through whole.
    detachKeys: c.config.Tty ? how.detachKeys : undefined,
    dropLastLive: faults.has('blind6-attach-stream-last-frame-lost'),
    faults: ctx.faults,
    exchange: ctx.exchange,
  });
}

function parseTail(ctx: RouteContext): number | undefined {
  const raw = ctx.query.get('tail');
  // Under `logs-default-tail-300` a missing tail is read as the last 300 lines (a fixed default, as the cloud API's action log has).
  if (raw === null || raw === '') return ctx.faults.has('logs-default-tail-300') ? 300 : undefined;
  // Under `blind6-logs-tail-all-empty` "all" goes through the number parse, whose failure gives 0.
  if (raw === 'all') return ctx.faults.has('blind6-logs-tail-all-empty') ? 0 : undefined;
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

/** The byte length of a timestamped line without its `<timestamp> ` prefix. */
function unstampedSize(e: OutputEntry): number {
  return e.data.length - (e.data.indexOf(0x20) + 1);
}

/** The container's live output with each entry prefixed by its time (logs `timestamps=1` + follow). */
function timestampedLog(c: Container, stamp: (e: OutputEntry) => OutputEntry): Container['output'] {
  return {
    subscribe: (listener: (e: OutputEntry) => void) => c.output.subscribe((e) => listener(stamp(e))),
    onRunEnd: (listener: () => void) => c.output.onRunEnd(listener),
  } as Container['output'];
}

/** Logs are read back only from the json-file and journald drivers (spec, endpoint 5). */
function readsLogs(c: Container, jsonFileOnly: boolean): boolean {
  // An empty Type (the docker CLI sends one) means the daemon's default driver, json-file.
  const type = (c.hostConfig.LogConfig as { Type?: string } | undefined)?.Type || 'json-file';
  // Under `blind34-logs-journald-refused` only the json-file driver is taken to keep a log to read back: journald is refused.
  return type === 'json-file' || (type === 'journald' && !jsonFileOnly);
}

/** `blind-stats-stream-false-two-readings`: a second reading a second after the first, then the end. */
async function twoReadings(ctx: RouteContext, read: () => unknown): Promise<void> {
  const stream = ctx.jsonStream();
  stream.write(read());
  await new Promise((resolve) => setTimeout(resolve, STATS_INTERVAL_MS));
  stream.write(read());
  stream.end();
}
