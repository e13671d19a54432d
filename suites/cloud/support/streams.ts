/**
 * The Stream API for checks: JSON messages of a WebSocket session, log streams, exec sessions
 * and the events feed.
 */
import type { WebSocketSession } from '../../../harness/target/websocket.ts';
import type { Query } from '../../../harness/protocol/query.ts';
import type { RequirementRef } from '../../../harness/check/signals.ts';
import type { CloudContext } from './context.ts';
import { sameResource, type Json } from './lists.ts';
import type { Container } from './views.generated.ts';

/** The exec requirement: a session the target refuses blocks a check that reads a container through it. */
const EXEC_REQUIREMENT = 'cloud/container/exec/bidirectional';

export const EVENTS = '/api/audit/v1/events';

/** Parses a frame; a frame that is not a JSON object fails the check. */
export function parseFrame(ctx: CloudContext, frame: Buffer, what: string, requirement?: RequirementRef): Json {
  try {
    const value = JSON.parse(frame.toString('utf8')) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Json;
  } catch {
    // reported below
  }
  return ctx.fail(`${what}: a message is not a JSON object`, { expected: 'a JSON text message', actual: frame.toString('utf8').slice(0, 200), requirement });
}

/** Opens a stream that must be accepted (101). */
export async function openAccepted(ctx: CloudContext, path: string, query?: Query, requirement?: string): Promise<WebSocketSession> {
  const session = await ctx.api.openStream(path, query);
  ctx.defer(() => session.close());
  ctx.expect(session.status === 101, `the WebSocket upgrade of ${path} answered ${session.status}, not 101 Switching Protocols`, {
    expected: 101,
    actual: session.status,
    requirement,
  });
  return session;
}

export interface Collected {
  messages: Json[];
  closed: boolean;
}

/** The JSON messages of a session until it closes or `ms` pass. */
export async function collectJson(ctx: CloudContext, session: WebSocketSession, ms: number, what: string, requirement?: string): Promise<Collected> {
  const { messages, closed } = await session.collect(ms);
  return { messages: messages.map((m) => parseFrame(ctx, m, what, requirement)), closed };
}

/** Messages until one satisfies `until` (included), the session closes or `ms` pass; a frame that is not JSON breaks `requirement`. */
export async function readUntil(
  ctx: CloudContext,
  session: WebSocketSession,
  until: (m: Json) => boolean,
  ms: number,
  what: string,
  requirement?: RequirementRef,
): Promise<Collected> {
  const messages: Json[] = [];
  const { closed } = await readFramesUntil(
    session,
    (frame) => {
      const message = parseFrame(ctx, frame, what, requirement);
      messages.push(message);
      return until(message);
    },
    ms,
  );
  return { messages, closed };
}

/**
 * The JSON messages of a session until `count` have come and then `graceMs` more have passed (for
 * any message beyond them), the session closes, or `ms` pass: a count is judged without waiting
 * out all of `ms` when the messages come at once.
 */
export async function collectCount(ctx: CloudContext, session: WebSocketSession, count: number, ms: number, graceMs: number, what: string): Promise<Collected> {
  const deadline = Date.now() + ms;
  let seen = 0;
  const head = count > 0 ? await readUntil(ctx, session, () => ++seen >= count, ms, what) : { messages: [], closed: false };
  if (head.closed || head.messages.length < count) return head;
  const rest = await collectJson(ctx, session, Math.max(1, Math.min(graceMs, deadline - Date.now())), what);
  return { messages: [...head.messages, ...rest.messages], closed: rest.closed };
}

/** The log stream of a container, service (or action): `<uri>logs/`. */
export function openLogs(ctx: CloudContext, uri: string, query?: Query, requirement?: string): Promise<WebSocketSession> {
  return openAccepted(ctx, `${uri}logs/`, query, requirement);
}

/** The lines an action's log stream sends without follow (read for 3 s). */
export async function actionLogLines(ctx: CloudContext, actionUri: string, what: string, requirement: string): Promise<Json[]> {
  const session = await openLogs(ctx, actionUri, { follow: 'false' }, requirement);
  return (await collectJson(ctx, session, 3000, `${what}: action logs`, requirement)).messages;
}

/** Every line a finished log source holds: a large tail without follow. */
export async function allLines(ctx: CloudContext, uri: string): Promise<Json[]> {
  const session = await openLogs(ctx, uri, { tail: 100_000, follow: 'false' });
  return (await collectJson(ctx, session, 5000, 'log stream')).messages;
}

export interface ExecResult {
  messages: Json[];
  output: string;
  closed: boolean;
  sawEof: boolean;
}

/**
 * Runs an exec session: sends `input` (raw keystrokes), reads until the facts' final `EOF` or the
 * close. The message format is "not shown": the output is read from the facts' `output` field when
 * a message has it, from the string values of another JSON message, or from a plain text frame,
 * so that a required check never rests on the facts' format.
 */
export async function execute(
  ctx: CloudContext,
  container: Container,
  command: string | undefined,
  input: string[],
  requirement?: string,
): Promise<ExecResult> {
  const session = await openExec(ctx, container, command, requirement);
  for (const line of input) await session.send(line);
  const { frames, closed } = await readFramesUntil(session, (f) => asJson(f)?.output === 'EOF', 5000);
  const messages = frames.map((f) => asJson(f) ?? { text: f.toString('utf8') });
  const sawEof = messages.some((m) => m.output === 'EOF');
  const output = messages
    .filter((m) => m.output !== 'EOF')
    .map(textOf)
    .join('');
  return { messages, output, closed, sawEof };
}

/** What a command run by exec in the container's shell prints (`pwd`, `whoami`...); a refused session blocks the check (set-up). */
export async function printedIn(ctx: CloudContext, container: Container, command: string): Promise<string> {
  const { output } = await ctx.setUp(() => execute(ctx, container, 'sh', [`${command}\n`, 'exit\n']), EXEC_REQUIREMENT);
  return output.trim();
}

/**
 * The output of `command` run by exec in the container, or undefined when the target refused the
 * session (how a refusal looks is not shown: any answer but the upgrade).
 */
export async function execOutputIfOpened(ctx: CloudContext, container: Container, command: string): Promise<string | undefined> {
  const session = await ctx.api.openStream(`${container.resource_uri}exec/`, { command });
  ctx.defer(() => session.close());
  if (session.status !== 101) return undefined;
  const { frames } = await readFramesUntil(session, (f) => asJson(f)?.output === 'EOF', 5000);
  return frames
    .map((f) => asJson(f) ?? { text: f.toString('utf8') })
    .filter((m) => m.output !== 'EOF')
    .map(textOf)
    .join('');
}

/**
 * The exec session, with the facts' `?command=`; a target that refuses that parameter (its query
 * parameters are "not shown") is asked again without it, for its own default command.
 */
async function openExec(ctx: CloudContext, container: Container, command: string | undefined, requirement?: string): Promise<WebSocketSession> {
  const path = `${container.resource_uri}exec/`;
  if (command !== undefined) {
    const session = await ctx.api.openStream(path, { command });
    ctx.defer(() => session.close());
    if (session.status === 101) return session;
    ctx.observe(`the exec upgrade with ?command= answered ${session.status}: opened again without it`);
  }
  return openAccepted(ctx, path, undefined, requirement);
}

function asJson(frame: Buffer): Json | undefined {
  try {
    const value = JSON.parse(frame.toString('utf8')) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
  } catch {
    return undefined;
  }
}

/** The text a message carries: its `output`, else every string value (or the plain frame's text). */
const textOf = (m: Json): string =>
  typeof m.output === 'string'
    ? m.output
    : Object.values(m)
        .filter((v): v is string => typeof v === 'string')
        .join('');

/** Raw frames until one satisfies `until` (included), the session closes or `ms` pass. */
async function readFramesUntil(session: WebSocketSession, until: (f: Buffer) => boolean, ms: number): Promise<{ frames: Buffer[]; closed: boolean }> {
  const deadline = Date.now() + ms;
  const frames: Buffer[] = [];
  while (Date.now() < deadline) {
    let frame: Buffer | undefined;
    try {
      frame = await session.next(Math.max(1, deadline - Date.now()));
    } catch {
      break;
    }
    if (frame === undefined) return { frames, closed: true };
    frames.push(frame);
    if (until(frame)) break;
  }
  return { frames, closed: false };
}

/** The value of a variable in a running container's environment (exec `printenv`), or undefined. */
export async function printenv(ctx: CloudContext, container: Container, name: string, requirement?: string): Promise<string | undefined> {
  const { output } = await execute(ctx, container, 'sh', [`printenv ${name}\n`, 'exit\n'], requirement);
  const value = output.replace(/\r?\n$/, '');
  return value === '' ? undefined : value;
}

/** The whole environment of a running container (exec `env`). */
export async function environment(ctx: CloudContext, container: Container, requirement?: string): Promise<Map<string, string>> {
  const { output } = await execute(ctx, container, 'sh', ['env\n', 'exit\n'], requirement);
  const env = new Map<string, string>();
  for (const line of output.split(/\r?\n/)) {
    const at = line.indexOf('=');
    if (at > 0) env.set(line.slice(0, at), line.slice(at + 1));
  }
  return env;
}

/**
 * An events session that is live: the first frame (the facts' `auth` frame, or any event) has come
 * or a moment passed. `requirement` names a refused upgrade, `messagesRequirement` a frame that is not JSON.
 */
/**
 * The states the events feed (a session opened before the resource changed) announced for the
 * resource at `uri`, read until one of `last` comes or `ms` pass; undefined when the upgrade was refused.
 */
export async function statesAnnounced(
  ctx: CloudContext,
  session: WebSocketSession,
  uri: string,
  last: readonly string[],
  ms: number,
  requirement?: string,
): Promise<string[] | undefined> {
  if (session.status !== 101) return undefined;
  const about = (m: Json): boolean => sameResource(m.resource_uri, uri);
  const { messages } = await readUntil(ctx, session, (m) => about(m) && last.includes(String(m.state)), ms, 'events', requirement);
  return messages.filter(about).map((m) => String(m.state));
}

export async function openEvents(
  ctx: CloudContext,
  query?: Query,
  requirement?: string,
  messagesRequirement?: string,
): Promise<{ session: WebSocketSession; first: Json[] }> {
  const session = await openAccepted(ctx, EVENTS, query, requirement);
  const { messages } = await readUntil(ctx, session, () => true, 500, 'events', messagesRequirement);
  return { session, first: messages };
}

/**
 * The event stream opened as a side witness of another check's rule: a target that does not serve
 * it is another check's breach (cloud/stream/events/endpoint), so it is observed here, not graded.
 */
export async function openEventsWitness(ctx: CloudContext): Promise<WebSocketSession | undefined> {
  const session = await ctx.api.openStream(EVENTS);
  ctx.defer(() => session.close());
  if (session.status === 101) return session;
  ctx.observe(`the event stream answered ${session.status}, not 101: what it would show was not read`);
  return undefined;
}
