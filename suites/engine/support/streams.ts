/**
 * Helpers for the stream checks (attach, attach/ws, logs, exec start and the frame protocol of
 * "Stream details"): opening a hijacked session, writing stdin only after the 101/200 answer
 * (facts), reading until the target closes, and verifying what came back with the suite's own
 * frame verifier (harness/protocol/frames.ts), whose diagnostics carry byte offsets.
 */
import type { Diagnostic } from '../../../harness/protocol/diagnostic.ts';
import { decodeFrames, type Frame } from '../../../harness/protocol/frames.ts';
import { STREAM_STDERR, STREAM_STDOUT, streamName } from '../../../harness/protocol/frame-header.ts';
import type { Query } from '../../../harness/protocol/query.ts';
import { TtyStreamVerifier } from '../../../harness/protocol/tty.ts';
import type { HijackedConnection } from '../../../harness/target/hijack.ts';
import { TargetError } from '../../../harness/target/errors.ts';
import { openWebSocket, type WebSocketSession } from '../../../harness/target/websocket.ts';
import type { ContainerSpec, CreatedContainer, EngineContext } from './context.ts';
import { eventually } from './poll.ts';

/** The spec's media type of the hijacked stream, in neutral spelling (ctx.spell gives the profile's). */
export const RAW_STREAM = 'application/vnd.vendor.raw-stream';
/** How long a session may take to end by itself after its work is done. */
const SESSION_END_MS = 10_000;
/** The same, never shorter than the run's request time-out (a loaded target is slow, not wrong). */
export const sessionEndMs = (ctx: EngineContext): number => Math.max(SESSION_END_MS, ctx.base.timeoutMs);
/** The pause between two messages a WebSocket session sends. */
const WS_SEND_APART_MS = 200;
/** How long to watch for something that must NOT arrive (a negative observation). */
export const QUIET_MS = 600;

/** One hijacked exchange: the answer head and every byte after it, until close or timeout. */
export interface Capture {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  data: Buffer;
  /** True when the target closed the stream; false when the read timed out first. */
  closed: boolean;
}

export interface SessionOptions {
  method?: string;
  query?: Query;
  /** Send the hijack hint (Upgrade: tcp, Connection: Upgrade); default true. */
  upgrade?: boolean;
  body?: unknown;
  /** Bytes written on the connection once the answer head has arrived. */
  stdin?: Buffer | string;
  /** Half-close our side after stdin (stdin EOF). */
  endInput?: boolean;
  /** Runs once the request is written, before its answer head has arrived (not awaited). */
  afterRequest?: () => void;
  /** Runs after the head arrived and stdin was written, before reading (e.g. start the container). */
  afterHead?: (conn: HijackedConnection) => Promise<void>;
  /** How long to read; default sessionEndMs. */
  readMs?: number;
}

/**
 * Opens a hijacked session on `path` (see openSession), runs `afterHead`, then reads until the
 * target closes the stream or `readMs` is up.
 */
export async function session(ctx: EngineContext, path: string, opts: SessionOptions = {}): Promise<Capture> {
  const conn = await openSession(ctx, path, opts);
  if (opts.afterHead) await opts.afterHead(conn);
  const { data, closed } = await conn.readAll({ timeoutMs: opts.readMs ?? sessionEndMs(ctx) });
  return { status: conn.status, statusText: conn.statusText, headers: conn.headers, data, closed };
}

/**
 * Opens a hijacked session (closed after the check) and, once the answer head has arrived and is a
 * stream answer (101 or 200), writes stdin and then half-closes, if asked.
 */
export async function openSession(ctx: EngineContext, path: string, opts: Omit<SessionOptions, 'afterHead' | 'readMs'> = {}): Promise<HijackedConnection> {
  const conn = await ctx.api.hijack(opts.method ?? 'POST', path, {
    upgrade: opts.upgrade ?? true,
    ...(opts.query ? { query: opts.query } : {}),
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body), headers: { 'content-type': 'application/json' } }),
    ...(opts.afterRequest ? { onSent: opts.afterRequest } : {}),
  });
  ctx.defer(() => conn.close());
  if (opts.stdin !== undefined && isStreamStatus(conn.status)) await conn.write(opts.stdin);
  if (opts.endInput && isStreamStatus(conn.status)) conn.endInput();
  return conn;
}

/**
 * Reads a session until `enough` holds for the bytes so far, the target closes, or the time is up
 * (the connection is then closed). For sessions that stay open after the part a check needs.
 * `resetEnds`: a reset ends the read as a close does, keeping the bytes read before it (for a read
 * after the client wrote into a session the target may have closed just before: the reset answers
 * those bytes, and breaks no rule).
 */
export async function readUntil(
  conn: HijackedConnection,
  enough: (data: Buffer) => boolean,
  timeoutMs: number,
  { resetEnds = false }: { resetEnds?: boolean } = {},
): Promise<{ data: Buffer; closed: boolean }> {
  const chunks = conn.chunks()[Symbol.asyncIterator]();
  const deadline = Date.now() + timeoutMs;
  let data = Buffer.alloc(0);
  while (!enough(data)) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()))));
    const next = await Promise.race([chunks.next(), timeout]).catch((err: unknown) => {
      if (resetEnds && err instanceof TargetError && err.code === 'closed') return { done: true as const, value: undefined };
      throw err;
    });
    clearTimeout(timer);
    if (next === 'timeout') {
      conn.close();
      return { data, closed: false };
    }
    if (next.done) return { data, closed: true };
    data = Buffer.concat([data, next.value]);
  }
  return { data, closed: false };
}

function isStreamStatus(status: number): boolean {
  return status === 101 || status === 200;
}

/** POST /containers/(id)/attach as a session. */
export function attachSession(ctx: EngineContext, id: string, query: Query, opts: Omit<SessionOptions, 'query' | 'method'> = {}): Promise<Capture> {
  return session(ctx, `/containers/${id}/attach`, { ...opts, query });
}

/**
 * The typical run flow of the spec: create, attach before start (so no output is missed), start,
 * then read until the container exits and the target closes the stream.
 */
export async function attachAndRun(
  ctx: EngineContext,
  spec: ContainerSpec,
  query: Query,
  opts: Omit<SessionOptions, 'query' | 'method' | 'afterHead'> = {},
): Promise<Capture & CreatedContainer> {
  const container = await ctx.createContainer(spec);
  const capture = await attachSession(ctx, container.id, query, { ...opts, afterHead: () => ctx.start(container.id) });
  return { ...capture, ...container };
}

/** The stream decoded by the suite's verifier: payload bytes per stream type, frames and diagnostics. */
export interface Demuxed {
  stdout: Buffer;
  stderr: Buffer;
  frames: Frame[];
  diagnostics: Diagnostic[];
  /** Bytes of the stream that are not part of a complete frame. */
  unparsedBytes: number;
}

export function demux(data: Buffer): Demuxed {
  const { frames, diagnostics, summary } = decodeFrames([data]);
  const of = (stream: number): Buffer => Buffer.concat(frames.filter((f) => f.stream === stream).map((f) => f.payload));
  return { stdout: of(STREAM_STDOUT), stderr: of(STREAM_STDERR), frames, diagnostics, unparsedBytes: summary.unparsedBytes };
}

/** Diagnostics as one line each, with the byte offset where the problem starts. */
export function describeDiagnostics(diagnostics: readonly Diagnostic[]): string {
  return diagnostics.map((d) => `${d.code}${d.offset === undefined ? '' : ` at byte ${d.offset}`}: ${d.message}`).join('; ');
}

/**
 * Decodes a Tty-false stream and fails on any violation the verifier reports (with offsets);
 * `codes` limits the verdict to the diagnostics a rule is about.
 */
export function expectFrames(ctx: EngineContext, data: Buffer, what: string, requirement?: string, codes?: readonly string[]): Demuxed {
  const decoded = demux(data);
  const breaches = decoded.diagnostics
    .filter((d) => d.severity === 'violation' || d.code === 'system-error-frame')
    .filter((d) => !codes || codes.includes(d.code));
  ctx.expect(breaches.length === 0, `${what}: the multiplexed stream breaks the frame format: ${describeDiagnostics(breaches)}`, {
    expected: 'frames of [type 0/1/2, 0, 0, 0, size uint32 big-endian] + payload, back to back',
    actual: { diagnostics: breaches, firstBytes: data.subarray(0, 64).toString('hex') },
    requirement,
  });
  return decoded;
}

/** The payload a stream type carried equals the expected bytes exactly. */
export function expectPayload(ctx: EngineContext, actual: Buffer, expected: Buffer | string, what: string, requirement?: string): void {
  const want = Buffer.isBuffer(expected) ? expected : Buffer.from(expected);
  const equal = actual.equals(want);
  ctx.expect(equal, equal ? what : `${what}: ${describeDifference(actual, want)}`, { expected: show(want), actual: show(actual), requirement });
}

/** Where two byte strings first differ, for messages. */
export function describeDifference(actual: Buffer, expected: Buffer): string {
  let at = 0;
  while (at < actual.length && at < expected.length && actual[at] === expected[at]) at++;
  return `expected ${expected.length} bytes, got ${actual.length}; first difference at byte ${at}`;
}

function show(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  return /^[\x20-\x7e\r\n\t]*$/.test(text) && bytes.length <= 400
    ? JSON.stringify(text)
    : `hex ${bytes.subarray(0, 200).toString('hex')}${bytes.length > 200 ? '…' : ''}`;
}

/** Only the selected stream arrived: it carries `text`, and the other stream is empty. */
export function expectOnlyStream(ctx: EngineContext, decoded: Demuxed, selected: 'stdout' | 'stderr', text: string, what: string): void {
  const other = selected === 'stdout' ? 'stderr' : 'stdout';
  expectPayload(ctx, decoded[selected], text, `${what} returns the ${selected} output`);
  ctx.expect(
    decoded[other].length === 0,
    `${what}: ${other} was not asked for, yet ${decoded[other].length} ${other} bytes arrived (frame types ${streamTypes(decoded.frames).join(', ')})`,
    {
      expected: `no ${other} frames`,
      actual: decoded[other].toString('utf8'),
    },
  );
}

/** Which stream types carried frames, by name (for messages). */
export function streamTypes(frames: readonly Frame[]): string[] {
  return [...new Set(frames.map((f) => f.stream))].sort().map((s) => `${s} (${streamName(s)})`);
}

/**
 * A Tty stream is the raw terminal data: the bytes must not be frames. The suite's Tty verifier
 * says when the data starts with what look like frame headers.
 */
export function expectRaw(ctx: EngineContext, data: Buffer, what: string, requirement?: string): void {
  const framed = framedLooking(data);
  ctx.expect(framed.length === 0, `${what}: a Tty stream is raw pseudo-terminal data, but it is multiplexed into frames (${describeDiagnostics(framed)})`, {
    expected: 'raw bytes, no frame headers',
    actual: `hex ${data.subarray(0, 64).toString('hex')}`,
    requirement,
  });
}

/** What the suite's Tty verifier says of raw data that starts like frame headers (empty: it does not). */
export function framedLooking(data: Buffer): Diagnostic[] {
  const verifier = new TtyStreamVerifier();
  verifier.push(data);
  return verifier.end();
}

/**
 * For property checks: why a Tty-false stream fails to carry `expected` as its stdout (a frame
 * format breach, or other stdout bytes), or undefined when it carries exactly that.
 */
export function framedStdoutBreach(data: Buffer, expected: Buffer, what: string): string | undefined {
  const decoded = demux(data);
  const breaches = decoded.diagnostics.filter((d) => d.severity === 'violation');
  if (breaches.length) return `${what} breaks the frame format: ${describeDiagnostics(breaches)}`;
  if (!decoded.stdout.equals(expected)) return `${what}: the stdout differs from what was expected: ${describeDifference(decoded.stdout, expected)}`;
  return undefined;
}

/** Terminal output with the pty's CR before LF removed (onlcr is a terminal setting, not the rule). */
export function terminalText(data: Buffer): string {
  return data.toString('utf8').replace(/\r\n/g, '\n');
}

/** Fails unless the session ended by itself (the target closed it) within the read time. */
export function expectClosed(ctx: EngineContext, capture: Pick<Capture, 'closed' | 'data'>, what: string, requirement?: string): void {
  ctx.expect(capture.closed, `${what}: the target did not end the stream within ${sessionEndMs(ctx)} ms`, {
    expected: 'the stream ends',
    actual: `open after ${sessionEndMs(ctx)} ms with ${capture.data.length} bytes`,
    requirement,
  });
}

/** What a detach check types (to `cat`) before its detach sequence: echoed back, it shows stdin reached a live session. */
export const LIVE_PROBE = 'detach-probe';

/**
 * A session that was live (LIVE_PROBE, typed first, came back) and ended after the detach
 * sequence: a session that ended before anything was typed, or never read stdin, does not pass.
 */
export function expectLiveUntilDetached(ctx: EngineContext, capture: Pick<Capture, 'closed' | 'data'>, what: string): void {
  ctx.expect(capture.data.includes(LIVE_PROBE), `${what}: the session did not echo ${LIVE_PROBE}, typed before the sequence`, {
    expected: `${LIVE_PROBE} echoed, then the stream ends`,
    actual: capture.data.toString('utf8').slice(-200),
  });
  expectClosed(ctx, capture, what);
}

/**
 * A hijacked session to a `cat` on a tty, detached by ctrl-x: types LIVE_PROBE, reads until it
 * comes back, then sends the sequence and reads until the target ends the session (judge it with
 * expectLiveUntilDetached). Nothing more is sent once the session ended or never echoed.
 */
export async function detachedSession(ctx: EngineContext, path: string, opts: Omit<SessionOptions, 'stdin' | 'afterHead' | 'readMs'>): Promise<Capture> {
  const conn = await openSession(ctx, path, { ...opts, stdin: `${LIVE_PROBE}\n` });
  const before = await readUntil(conn, (data) => data.includes(LIVE_PROBE), sessionEndMs(ctx));
  const live = !before.closed && before.data.includes(LIVE_PROBE);
  if (live) await conn.write(Buffer.from([0x18]));
  const after = live ? await conn.readAll({ timeoutMs: sessionEndMs(ctx) }) : { data: Buffer.alloc(0), closed: true };
  return {
    status: conn.status,
    statusText: conn.statusText,
    headers: conn.headers,
    data: Buffer.concat([before.data, after.data]),
    closed: live && after.closed,
  };
}

/** A program that writes one line on stdout and one on stderr, then exits. */
export function bothStreams(out: string, err: string): string[] {
  return ['sh', '-c', `echo ${out}; echo ${err} >&2`];
}

/** The log the attach and attach/ws logs=1 checks read: one stdout line (logged-out), one stderr line (logged-err). */
export const LOGGED_BOTH = bothStreams('logged-out', 'logged-err');

/** A program that writes five numbered lines on stdout (ALL_LINES), then exits: the log checks' shared log. */
export const FIVE_LINES = ['sh', '-c', 'for i in 1 2 3 4 5; do echo line-$i; done'];
export const ALL_LINES = 'line-1\nline-2\nline-3\nline-4\nline-5\n';

/**
 * A log longer than any fixed default a target might take for a missing `tail` (100, 300, 500, 1,000
 * lines): 1,200 numbered stdout lines from one shell loop, so that only `all` returns every one.
 */
export const LONG_LOG_LINES = 1200;
export const LONG_LOG = ['sh', '-c', `i=1; while [ $i -le ${LONG_LOG_LINES} ]; do echo line-$i; i=$((i+1)); done`];

/** The lines `first`..`last` of LONG_LOG (or FIVE_LINES) as the log prints them. */
export function numberedLines(first: number, last: number): string {
  let out = '';
  for (let i = first; i <= last; i++) out += `line-${i}\n`;
  return out;
}

/** A log's text summarized for a message: its line count and its first and last lines. */
export function linesSummary(text: string): string {
  const lines = text.split('\n').filter((l) => l !== '');
  return lines.length <= 6 ? JSON.stringify(lines) : `${lines.length} lines: ${lines.slice(0, 2).join(', ')} ... ${lines.slice(-2).join(', ')}`;
}

/** GET /containers/(id)/logs as a session (without the hijack hint unless asked). */
export function logsSession(ctx: EngineContext, id: string, query: Query, opts: Omit<SessionOptions, 'query' | 'method'> = {}): Promise<Capture> {
  return session(ctx, `/containers/${id}/logs`, { upgrade: false, ...opts, method: 'GET', query });
}

/** The stdout log of a Tty-false container, decoded (any frame format breach fails the check). */
export async function stdoutLog(ctx: EngineContext, id: string, query: Query, what: string): Promise<string> {
  return expectFrames(ctx, (await logsSession(ctx, id, { stdout: 1, ...query })).data, what).stdout.toString('utf8');
}

/**
 * Waits until the container's log of `stream` (stdout unless told) holds `text` (output written
 * before a check attaches); a log that never shows it blocks the check (the logs check of that stream reports it), or
 * breaks `own`, the requirement of a check whose subject is that log's stream.
 */
export async function waitForLog(ctx: EngineContext, id: string, text: string, stream: 'stdout' | 'stderr' = 'stdout', own?: string): Promise<void> {
  const logged = await eventually(
    async () => demux((await logsSession(ctx, id, { [stream]: 1 })).data)[stream].toString('utf8'),
    (out) => out.includes(text),
  );
  ctx.precondition(
    logged.includes(text),
    `the container's log never showed ${JSON.stringify(text)} (got ${JSON.stringify(logged.slice(0, 200))})`,
    own ?? `engine/containers/logs/query-${stream}`,
  );
}

/** One attach/ws session: the handshake status and every message until close or the read time. */
export interface WsCapture {
  status: number;
  headers: Record<string, string>;
  data: Buffer;
  closed: boolean;
}

/**
 * GET /containers/(id)/attach/ws: opens the WebSocket (skipped without an engine endpoint), sends
 * `send`, runs `afterOpen`, then collects the messages until close or `readMs` is up.
 */
export async function wsAttach(
  ctx: EngineContext,
  id: string,
  query: Query,
  opts: { afterOpen?: () => Promise<void>; send?: string | readonly string[]; readMs?: number; onceEchoed?: { echoed: string; send: string } } = {},
): Promise<WsCapture> {
  const endpoint = ctx.run.engine;
  if (!endpoint) return ctx.skip('no engine target endpoint');
  const wire = ctx.api.wire('GET', `/containers/${id}/attach/ws`, query);
  const ws = await openWebSocket(endpoint, { ...wire, timeoutMs: ctx.base.timeoutMs }, ctx.transcript);
  ctx.defer(() => ws.close());
  const opened = ws.status === 101 || ws.status === 200;
  // Several messages go out apart, so that each reaches the program (and comes back) on its own.
  for (const [i, message] of (opened ? [opts.send ?? []].flat() : []).entries()) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, WS_SEND_APART_MS));
    await ws.send(message);
  }
  const early = opened && opts.onceEchoed ? await sendOnceEchoed(ws, opts.onceEchoed, sessionEndMs(ctx)) : { messages: [], closed: false };
  if (opened && opts.afterOpen) await opts.afterOpen();
  const { messages, closed } = opened && !early.closed ? await ws.collect(opts.readMs ?? sessionEndMs(ctx)) : { messages: [], closed: true };
  return { status: ws.status, headers: ws.headers, data: Buffer.concat([...early.messages, ...messages]), closed };
}

/** Reads a session until `echoed` came back, then sends `send`; nothing is sent if the session ended or the time ran out first. */
async function sendOnceEchoed(
  ws: WebSocketSession,
  then: { echoed: string; send: string },
  timeoutMs: number,
): Promise<{ messages: Buffer[]; closed: boolean }> {
  const deadline = Date.now() + timeoutMs;
  const messages: Buffer[] = [];
  while (!Buffer.concat(messages).includes(then.echoed)) {
    // As collect does: the time running out is an answer (nothing more came), any other error is not.
    const message = await ws.next(Math.max(1, deadline - Date.now())).catch((err: unknown) => {
      if (err instanceof TargetError && err.code === 'timeout') return null;
      throw err;
    });
    if (message === undefined) return { messages, closed: true };
    if (message === null) return { messages, closed: false };
    messages.push(message);
  }
  await ws.send(then.send);
  return { messages, closed: false };
}
