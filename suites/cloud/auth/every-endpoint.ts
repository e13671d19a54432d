/**
 * Spec: Authentication ("REST and Stream requests use HTTP Basic authentication") at every REST
 * endpoint of the catalog, not only at one: each, requested without credentials and with a wrong
 * API key, is refused with 401 (HTTP Basic authentication's refusal; the facts agree). The path's parameters are filled
 * with values no object has: a refusal comes before any lookup, and nothing can change.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { pathWithoutObject, REST_ENDPOINTS } from '../support/spec-paths.ts';

const R = {
  none: 'cloud/auth/rest-without-credentials-refused',
  wrong: 'cloud/auth/rest-wrong-key-refused',
  code401: 'cloud/auth/rest-401',
};

async function refusedEverywhere(ctx: CloudContext, api: CloudContext['api'], requirement: string, what: string): Promise<void> {
  for (const e of REST_ENDPOINTS) {
    const path = pathWithoutObject(ctx, e);
    const body = e.method === 'POST' || e.method === 'PATCH' ? {} : undefined;
    const res = await api.request(e.method, path, body === undefined ? {} : { json: body });
    ctx.verify(res.status >= 400 && res.status < 500, `${e.method} ${path} ${what} answered ${res.status}`, {
      expected: 'refused with a client error (401)',
      actual: res.status,
      requirement,
    });
    ctx.verify(res.status === 401, `${e.method} ${path} ${what} answered ${res.status}, not 401 (HTTP Basic authentication)`, {
      expected: 401,
      actual: res.status,
      requirement: R.code401,
    });
  }
}

export default [
  cloudCheck({
    id: `${R.none}/every-endpoint`,
    title: 'Every REST endpoint refuses a request without Authorization, and one with a wrong API key, with 401',
    requirements: [R.none, R.wrong, R.code401],
    async run(ctx) {
      await refusedEverywhere(ctx, ctx.api.as(null), R.none, 'without credentials');
      const creds = ctx.api.credentials!;
      await refusedEverywhere(ctx, ctx.api.as({ user: creds.user, key: `${creds.key}-wrong` }), R.wrong, 'with a wrong API key');
    },
  }),
];
