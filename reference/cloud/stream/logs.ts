/**
 * Log streams of containers, services and actions: the last `tail` lines (default 300), then,
 * with `follow` (default true), new lines until the source ends (a terminated container or
 * service, a finished action); `follow=false` closes after the tail.
 */
import type { WebSocket } from 'ws';
import type { Action, ActionLogLine } from '../actions/action.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { LogBook } from '../state/logbook.ts';
import type { ServiceLogLine } from '../state/model.ts';
import { findIn, pick } from '../state/store.ts';
import { queryBool } from '../routes/common.ts';
import { parseUri } from '../uris.ts';
import { namespacesOf } from '../users.ts';
import { sendJson, type StreamContext, type StreamHandler } from './types.ts';

export const DEFAULT_TAIL = 300;

function tailOf(ctx: StreamContext, source: LogSource): number {
  const raw = ctx.query.get('tail');
  if (raw === null || raw === '') {
    if (ctx.world.faults.has('logs-tail-default-0')) return 0;
    // Under `action-logs-tail-default-100` an action's log has a default tail of its own.
    return source === 'action' && ctx.world.faults.has('action-logs-tail-default-100') ? 100 : DEFAULT_TAIL;
  }
  const signed = ctx.world.faults.has('blind3-logs-negative-tail-accepted');
  if (!(signed ? /^-?\d+$/ : /^\d+$/).test(raw)) throw badRequest('tail must be a non-negative integer');
  return Number(raw);
}

/** The log-lines-without-timestamp fault: a line without its timestamp field. */
function withoutTimestamp<T>(ctx: StreamContext, line: T): T {
  if (!ctx.world.faults.has('log-lines-without-timestamp')) return line;
  const { timestamp: _dropped, ...rest } = line as Record<string, unknown>;
  return rest as T;
}

type LogSource = 'container' | 'service' | 'action';

/** The last n lines of each source (container) of a service log, in their order. */
function lastPerSource<T>(lines: readonly T[], n: number): T[] {
  const seen = new Map<unknown, number>();
  const kept = [...lines].reverse().filter((line) => {
    const source = (line as { source?: unknown }).source;
    const count = seen.get(source) ?? 0;
    seen.set(source, count + 1);
    return count < n;
  });
  return kept.reverse();
}

/** The earlier lines a stream starts with: the last `tail` ones, as the faults of tail have them. */
function earlierLines<T>(ctx: StreamContext, book: LogBook<T>, tail: number, source: LogSource): T[] {
  const { faults } = ctx.world;
  if (faults.has('stream-logs-tail-ignored') || (tail === 0 && faults.has('blind3-logs-tail-zero-sends-all'))) return book.tail();
  // Under blind3-logs-negative-tail-accepted, tail=-k reaches here and slices as a negative count.
  if (tail < 0) return book.tail().slice(-tail);
  const n = faults.has('blind-logs-tail-off-by-one') ? tail - 1 : tail;
  if (source === 'action' && faults.has('blind3-action-logs-tail-first-lines')) return book.tail().slice(0, Math.max(n, 0));
  if (source === 'service' && faults.has('blind3-service-logs-tail-per-container')) return lastPerSource(book.tail(), n);
  return book.tail(n);
}

function logSession<T>(ctx: StreamContext, book: LogBook<T>, source: LogSource, followed: (line: T) => boolean = () => true): (ws: WebSocket) => void {
  const tail = tailOf(ctx, source);
  const follow = queryBool(ctx.query, 'follow', !ctx.world.faults.has('logs-follow-default-false')) || ctx.world.faults.has('logs-follow-false-ignored');
  const tailDropped =
    !follow &&
    ((source === 'container' && ctx.world.faults.has('blind5-container-logs-follow-false-tail-dropped')) ||
      (source === 'action' && ctx.world.faults.has('action-logs-follow-false-tail-dropped')));
  return (ws) => {
    // Under `blind10-container-log-tail-stream-lost` a container's earlier lines are read back from a store that kept no stream.
    const replayed = (line: T): T =>
      source === 'container' && ctx.world.faults.has('blind10-container-log-tail-stream-lost') ? ({ ...line, streamType: 'stdout' } as T) : line;
    if (!tailDropped) for (const line of earlierLines(ctx, book, tail, source)) sendJson(ws, withoutTimestamp(ctx, replayed(line)));
    // Under `blind8-action-logs-follow-ended-stays-open` a finished action's stream waits for an end that already came.
    if (follow && book.isEnded && source === 'action' && ctx.world.faults.has('blind8-action-logs-follow-ended-stays-open')) return;
    if (!follow || book.isEnded) {
      ws.close(1000);
      return;
    }
    const stop = book.follow({ line: (l) => followed(l) && sendJson(ws, withoutTimestamp(ctx, l)), end: () => ws.close(1000) });
    ws.on('close', stop);
  };
}

export const containerLogs: StreamHandler = (ctx) => {
  const c = findIn(ctx.world.store.containers, ctx.scope.namespace, ctx.params.uuid ?? '');
  if (!c) throw notFound('container');
  // `service` (URI): a value of another shape is a bad request, as any query value outside its type.
  const service = ctx.query.get('service');
  if (service !== null && parseUri(service)?.kind !== 'service') throw badRequest('service must be a service resource URI');
  return logSession(ctx, c.logs, 'container');
};

export const serviceLogs: StreamHandler = (ctx) => {
  const svc = findIn(ctx.world.store.services, ctx.scope.namespace, ctx.params.uuid ?? '');
  if (!svc) throw notFound('service');
  if (!ctx.world.faults.has('blind3-service-logs-new-containers-missing')) return logSession(ctx, svc.logs, 'service');
  // The fault follows the containers the service had when the stream opened, not those added later.
  const opened = new Set(pick(ctx.world.store.containers, svc.containers).map((c) => c.name));
  return logSession(ctx, svc.logs, 'service', (line: ServiceLogLine) => opened.has(line.source));
};

export const actionLogs: StreamHandler = (ctx) => {
  const a = ctx.world.store.actions.get(ctx.params.uuid ?? '');
  if (!a || !namespacesOf(ctx.user).includes(a.namespace)) throw notFound('action');
  // Under `blind14-action-logs-sync-404` logs are looked up by background job: a synchronous call's action has none.
  if (!a.async && ctx.world.faults.has('blind14-action-logs-sync-404')) throw notFound('action');
  // Under `blind30-action-logs-dropped-with-object` the logs went with the record of their object when it was terminated.
  if (ctx.world.faults.has('blind30-action-logs-dropped-with-object') && objectTerminated(ctx, a)) return logSession(ctx, droppedLogs(), 'action');
  return logSession(ctx, logsOf(ctx, a).logs, 'action');
};

/** Whether the object an action applies to (a cluster, node, stack, service or container) is Terminated. */
function objectTerminated(ctx: StreamContext, a: Action): boolean {
  const parsed = parseUri(a.object);
  const { store } = ctx.world;
  const maps = { nodecluster: store.nodeClusters, node: store.nodes, stack: store.stacks, service: store.services, container: store.containers };
  const map: ReadonlyMap<string, { state: string }> | undefined = parsed && parsed.kind in maps ? maps[parsed.kind as keyof typeof maps] : undefined;
  return map?.get(parsed?.id ?? '')?.state === 'Terminated';
}

/** The log of an action whose lines were dropped: empty and ended. */
function droppedLogs(): LogBook<ActionLogLine> {
  const book = new LogBook<ActionLogLine>();
  book.end();
  return book;
}

/** Under `blind17-action-logs-by-object` the logs are kept per object: those of the newest action on the same object are read. */
function logsOf(ctx: StreamContext, a: Action): Action {
  if (!ctx.world.faults.has('blind17-action-logs-by-object')) return a;
  return [...ctx.world.store.actions.values()].filter((o) => o.object === a.object && o.namespace === a.namespace).at(-1) ?? a;
}
