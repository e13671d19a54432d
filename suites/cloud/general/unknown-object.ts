/**
 * Spec: Errors ("A synchronous call returns immediately with the appropriate HTTP error code") at
 * every REST endpoint whose path names one object: named by a uuid or a name no object has, each
 * is refused with a client error, never served as if the object were there (the facts: 404),
 * and never with 401, which under HTTP Basic authentication refuses the credentials (valid here).
 * So is the WebSocket upgrade of every Stream endpoint whose path names one (the logs of an
 * action, a service or a container, a container's exec): a 101 would serve a stream of nothing.
 */
import { loadEndpoints } from '../../../harness/catalog/load.ts';
import { cloudCheck } from '../support/check.ts';
import { namesObject, pathWithoutObject, REST_ENDPOINTS } from '../support/spec-paths.ts';

const STREAM_ENDPOINTS = loadEndpoints('cloud').filter((e) => e.interface === 'stream' && namesObject(e));

const R = {
  appropriate: 'cloud/errors/appropriate-code',
  codes: 'cloud/errors/codes',
  basic: 'cloud/auth/rest-basic-api-key',
};

export default [
  cloudCheck({
    id: `${R.appropriate}/unknown-object`,
    title: 'Every REST endpoint whose path names an object answers a client error for an object that does not exist (facts: 404)',
    requirements: [R.appropriate, R.codes, R.basic],
    async run(ctx) {
      for (const e of REST_ENDPOINTS.filter(namesObject)) {
        const path = pathWithoutObject(ctx, e);
        const res = await ctx.api.request(e.method, path, e.method === 'POST' || e.method === 'PATCH' ? { json: {} } : {});
        ctx.verify(res.status >= 400 && res.status < 500, `${e.method} ${path} (no such object) answered ${res.status}`, {
          expected: 'a client error: the object does not exist',
          actual: res.status,
          requirement: R.appropriate,
        });
        // Under HTTP Basic authentication 401 says the credentials failed: these are valid.
        ctx.verify(res.status !== 401, `${e.method} ${path} with valid credentials answered 401`, {
          expected: 'served: valid credentials are not refused as unauthenticated',
          actual: res.status,
          requirement: R.basic,
        });
        ctx.verify(res.status === 404, `${e.method} ${path} (no such object) answered ${res.status}, not 404 (facts)`, {
          expected: 404,
          actual: res.status,
          requirement: R.codes,
        });
      }
    },
  }),
  cloudCheck({
    id: `${R.appropriate}/unknown-object-stream`,
    title: 'Every Stream endpoint whose path names an object refuses the upgrade for an object that does not exist with a client error, not 101',
    requirements: [R.appropriate, R.basic],
    endpoint: 'cloud/container/logs',
    async run(ctx) {
      for (const e of STREAM_ENDPOINTS) {
        const path = pathWithoutObject(ctx, e);
        const session = await ctx.api.openStream(path);
        ctx.defer(() => session.close());
        ctx.verify(session.status >= 400 && session.status < 500, `the upgrade of ${path} (no such object) answered ${session.status}`, {
          expected: 'a client error: the object does not exist (no 101)',
          actual: session.status,
          requirement: R.appropriate,
        });
        ctx.verify(session.status !== 401, `the upgrade of ${path} with valid credentials answered 401`, {
          expected: 'valid credentials are not refused as unauthenticated',
          actual: session.status,
          requirement: R.basic,
        });
        ctx.observe(`the upgrade of ${path} (no such object) answered ${session.status}`);
      }
    },
  }),
];
