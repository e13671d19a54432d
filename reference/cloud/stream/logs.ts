/**
 * Log streams of containers, services and actions: the last `tail` lines (default 300), then,
 * with `follow` (default true), new lines until the source ends (a terminated container or
 * service, a finished action); `follow=false` closes after the tail.
 */
import type { WebSocket } from 'ws';
import { badRequest, notFound } from '../http/errors.ts';
import type { LogBook } from '../state/logbook.ts';
import { findIn } from '../state/store.ts';
import { queryBool } from '../routes/common.ts';
import { parseUri } from '../uris.ts';
import { namespacesOf } from '../users.ts';
import { sendJson, type StreamContext, type StreamHandler } from './types.ts';

export const DEFAULT_TAIL = 300;

function tailOf(ctx: StreamContext): number {
  const raw = ctx.query.get('tail');
  if (raw === null || raw === '') return ctx.world.faults.has('logs-tail-default-0') ? 0 : DEFAULT_TAIL;
  if (!/^\d+$/.test(raw)) throw badRequest('tail must be a non-negative integer');
  return Number(raw);
}

/** The log-lines-without-timestamp fault: a line without its timestamp field. */
function withoutTimestamp<T>(ctx: StreamContext, line: T): T {
  if (!ctx.world.faults.has('log-lines-without-timestamp')) return line;
  const { timestamp: _dropped, ...rest } = line as Record<string, unknown>;
  return rest as T;
}

function logSession<T>(ctx: StreamContext, book: LogBook<T>): (ws: WebSocket) => void {
  const tail = tailOf(ctx);
  const follow = queryBool(ctx.query, 'follow', !ctx.world.faults.has('logs-follow-default-false')) || ctx.world.faults.has('logs-follow-false-ignored');
  const ignoreTail = ctx.world.faults.has('stream-logs-tail-ignored');
  return (ws) => {
    const sent = ctx.world.faults.has('blind-logs-tail-off-by-one') ? tail - 1 : tail;
    for (const line of ignoreTail ? book.tail() : book.tail(sent)) sendJson(ws, withoutTimestamp(ctx, line));
    if (!follow || book.isEnded) {
      ws.close(1000);
      return;
    }
    const stop = book.follow({ line: (l) => sendJson(ws, withoutTimestamp(ctx, l)), end: () => ws.close(1000) });
    ws.on('close', stop);
  };
}

export const containerLogs: StreamHandler = (ctx) => {
  const c = findIn(ctx.world.store.containers, ctx.scope.namespace, ctx.params.uuid ?? '');
  if (!c) throw notFound('container');
  // `service` (URI): a value of another shape is a bad request, as any query value outside its type.
  const service = ctx.query.get('service');
  if (service !== null && parseUri(service)?.kind !== 'service') throw badRequest('service must be a service resource URI');
  return logSession(ctx, c.logs);
};

export const serviceLogs: StreamHandler = (ctx) => {
  const svc = findIn(ctx.world.store.services, ctx.scope.namespace, ctx.params.uuid ?? '');
  if (!svc) throw notFound('service');
  return logSession(ctx, svc.logs);
};

export const actionLogs: StreamHandler = (ctx) => {
  const a = ctx.world.store.actions.get(ctx.params.uuid ?? '');
  if (!a || !namespacesOf(ctx.user).includes(a.namespace)) throw notFound('action');
  return logSession(ctx, a.logs);
};
