/**
 * Reading GET /events in checks: a bounded read that ends by `until` (the target closes the
 * stream) or by the check closing it once it has what it waits for, never by hanging. A real
 * daemon has other activity, so checks pick their own events out by resource id.
 */
import { encodeFilters } from '../../../harness/protocol/filters.ts';
import type { EngineContext } from './context.ts';
import { readJsonStream } from './json-stream-read.ts';

export type EngineEvent = Record<string, unknown>;

/**
 * The one event policy: which operation emits which event is not shown, so a check that reads an
 * event the target did not emit is unverified (skipped, naming the event), never failed; what an
 * emitted event carries is graded by its rule.
 */
export function emitted<T>(ctx: EngineContext, event: T | undefined, what: string): T {
  if (event === undefined) return ctx.unverified(`${what} never arrived (which operation emits which event is not shown)`);
  return event;
}

/** Spec: Events, the table of event kinds per source type and version. */
export const EVENT_KINDS = {
  '1.18': {
    container: ['create', 'destroy', 'die', 'exec_create', 'exec_start', 'export', 'kill', 'oom', 'pause', 'restart', 'start', 'stop', 'unpause'],
    image: ['untag', 'delete'],
  },
  '1.22': {
    container: [
      'attach',
      'commit',
      'copy',
      'create',
      'destroy',
      'die',
      'exec_create',
      'exec_start',
      'export',
      'kill',
      'oom',
      'pause',
      'rename',
      'resize',
      'restart',
      'start',
      'stop',
      'top',
      'unpause',
      'update',
    ],
    image: ['delete', 'import', 'pull', 'push', 'tag', 'untag'],
    volume: ['create', 'mount', 'unmount', 'destroy'],
    network: ['create', 'connect', 'disconnect', 'destroy'],
  },
} as const;

export interface EventQuery {
  since?: number;
  until?: number;
  filters?: Record<string, string[]>;
}

export interface EventRead {
  events: EngineEvent[];
  /** True when the target ended the stream itself (as `until` asks); false when the check closed it. */
  endedByTarget: boolean;
  /** Stream-level problems (not JSON, not an object, truncated). */
  problems: string[];
  contentType: string;
}

export interface ReadOptions {
  /** Stop reading (close the stream) once this holds for the events so far. */
  enough?: (events: EngineEvent[]) => boolean;
  /** The longest the read may take before the check closes the stream. */
  deadlineMs?: number;
  /** The API version whose stream is read (`/v<version>/events`); the suite's own when left out. */
  version?: string;
}

/** Unix seconds now, rounded down: a `since` that includes everything done from now on. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * An `until` one to two seconds ahead, for a read of the events of operations just done. One
 * second rounded down was at times only milliseconds ahead, and Podman 4.3 then ended the stream
 * at `until` before it had sent them (an empty 200 in 26 ms, in a CI run).
 */
export function untilSoon(): number {
  return nowSeconds() + 2;
}

/** Reads the event stream for the query; the read ends by `until`, by `enough`, or at the deadline. */
export async function readEvents(ctx: EngineContext, query: EventQuery, opts: ReadOptions = {}): Promise<EventRead> {
  const call = { query: { since: query.since, until: query.until, filters: query.filters ? encodeFilters(query.filters) : undefined } };
  const res = await (opts.version && opts.version !== ctx.version
    ? ctx.api.rawStream('GET', `/v${opts.version}/events`, call)
    : ctx.api.stream('GET', '/events', call));
  if (res.status !== 200) {
    res.close();
    ctx.fail(`GET /events answered ${res.status}, expected 200 with a stream of event objects`, {
      expected: 200,
      actual: res.status,
      requirement: 'engine/system/events/200-event-stream',
    });
  }
  const read = await readJsonStream<EngineEvent>(res, { deadlineMs: opts.deadlineMs ?? 5000, ...(opts.enough ? { enough: opts.enough } : {}) });
  return { events: read.values, endedByTarget: read.endedByTarget, problems: read.problems, contentType: res.headers['content-type'] ?? '' };
}

/** Events since `since` about one resource, read until `enough` holds for them (or the deadline). */
export async function eventsOf(
  ctx: EngineContext,
  since: number,
  resourceId: string,
  enough: (events: EngineEvent[]) => boolean,
  filters?: Record<string, string[]>,
): Promise<EngineEvent[]> {
  const read = await readEvents(ctx, { since, ...(filters ? { filters } : {}) }, { enough: (all) => enough(about(all, resourceId)) });
  return about(read.events, resourceId);
}

/** The events whose subject is the resource (see isAbout). */
export function about(events: EngineEvent[], resourceId: string): EngineEvent[] {
  return events.filter((e) => isAbout(e, resourceId));
}

/**
 * Whether an event is about a resource, by the fields the spec states: `id` (both versions),
 * 1.22 `Actor.ID`, and the `name` attribute (network events carry no id; the spec names them by
 * their attributes). Docker's habit of putting the subject only in Actor.ID is not assumed.
 */
export function isAbout(e: EngineEvent, resource: string): boolean {
  const actor = e.Actor as { ID?: unknown } | undefined;
  const candidates = [e.id, actor?.ID, attributesOf(e).name].filter((c) => typeof c === 'string' && c !== '');
  return candidates.includes(resource);
}

/** The event's Action (1.22) or status (1.18) as sent. */
export function actionOf(e: EngineEvent): string {
  return String(e.Action ?? e.status ?? '');
}

/**
 * The kind of an event: its Action/status, or the part before `: ` when the target appends
 * details (newer daemons send `exec_create: sh -c ...`); `engine/events/action-is-kind` judges that.
 */
export function kindOf(e: EngineEvent): string {
  return actionOf(e).split(':')[0]!.trim();
}

export function kindsOf(events: EngineEvent[]): string[] {
  return events.map(kindOf);
}

/**
 * The events in the order they happened, by timeNano where every one has it; else as sent. The
 * spec states no order for the past events a `since` replays, so a check about what happened
 * before what reads the times, not the stream's order. Times a double does not tell apart (a
 * timeNano is read as a number) keep the stream's order.
 */
export function inTimeOrder(events: EngineEvent[]): EngineEvent[] {
  if (!events.every((e) => typeof e.timeNano === 'number' || typeof e.timeNano === 'bigint')) return events;
  return [...events].sort((a, b) => Number(a.timeNano) - Number(b.timeNano));
}

/** True once every kind appears among the events. */
export function hasKinds(...kinds: string[]): (events: EngineEvent[]) => boolean {
  return (events) => kinds.every((k) => kindsOf(events).includes(k));
}

export function attributesOf(e: EngineEvent): Record<string, unknown> {
  return ((e.Actor as { Attributes?: Record<string, unknown> } | undefined)?.Attributes ?? {}) as Record<string, unknown>;
}

/** The Type of a 1.22 event. */
export function typeOf(e: EngineEvent): string {
  return String(e.Type ?? '');
}
