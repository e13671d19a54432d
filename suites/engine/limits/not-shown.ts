import { engineCheck } from '../support/check.ts';
import { createBody, createRaw } from '../support/container-data.ts';

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
];
