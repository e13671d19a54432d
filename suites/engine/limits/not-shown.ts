import { engineCheck } from '../support/check.ts';
import { createBody, createRaw } from '../support/container-data.ts';
import type { IdleOutcome } from '../../../harness/target/idle-connection.ts';

/** How long the timeouts check leaves each connection idle. */
const IDLE_MS = 8000;

const told = (o: IdleOutcome): string =>
  o.closedAfterMs === undefined ? `kept open for ${IDLE_MS / 1000} s` : `closed after ${(o.closedAfterMs / 1000).toFixed(1)} s`;

/** Spec: Limits: "Rate limits, request size limits and timeouts: not shown." */
export default [
  engineCheck({
    id: 'engine/limits/rate-limits',
    title: 'Rate limits are not shown: record how the target answers a burst of 20 requests',
    endpoint: 'engine/system/ping',
    async run(ctx) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => ctx.api.get('/_ping')));
      const counts: Record<number, number> = {};
      for (const res of answers) counts[res.status] = (counts[res.status] ?? 0) + 1;
      ctx.observe(`20 concurrent GET /_ping answered ${JSON.stringify(counts)}${counts[429] ? ' (throttled)' : ''}`);
    },
  }),
  engineCheck({
    id: 'engine/limits/request-size-limits',
    title: 'Request size limits are not shown: record how the target answers a 1 MiB create body',
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const { res } = await createRaw(ctx, createBody(ctx, { Labels: { 'conformance.big': 'x'.repeat(1024 * 1024) } }));
      ctx.observe(`a create body of about 1 MiB answered ${res.status}`);
    },
  }),
  engineCheck({
    id: 'engine/limits/timeouts',
    title: `Timeouts are not shown: record whether the target closes a connection idle ${IDLE_MS / 1000} s after an answer, or one whose head never ends`,
    endpoint: 'engine/system/ping',
    async run(ctx) {
      const [idle, slow] = await Promise.all([
        ctx.api.leftIdle('GET /_ping HTTP/1.1\r\nHost: conformance\r\n\r\n', IDLE_MS),
        ctx.api.leftIdle('GET /_ping HTTP/1.1\r\nHost: conformance\r\n', IDLE_MS),
      ]);
      ctx.precondition(idle.answered, 'GET /_ping written on a connection of its own got no answer head');
      ctx.observe(`a kept-alive connection left idle after its GET /_ping was answered: ${told(idle)}`);
      ctx.observe(`a connection whose GET /_ping request head never ended: ${told(slow)}${slow.answered ? ' (answered before the head ended)' : ''}`);
    },
  }),
];
