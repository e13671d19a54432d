import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { CLUSTERS, placement } from '../support/infra.ts';
import { listAll } from '../support/lists.ts';
import { EVENTS } from '../support/streams.ts';
import { expectUpgradeRefused, refusedCallers, wrongCredentials } from '../support/stream-auth.ts';

const R = {
  basic: 'cloud/auth/rest-basic-api-key',
  none: 'cloud/auth/rest-without-credentials-refused',
  wrong: 'cloud/auth/rest-wrong-key-refused',
  code401: 'cloud/auth/rest-401',
  codes: 'cloud/errors/codes',
  streamOk: 'cloud/auth/stream-basic-on-upgrade',
  streamRefused: 'cloud/auth/stream-without-credentials-refused',
  query: 'cloud/auth/stream-query-credentials',
  errorFrame: 'cloud/auth/stream-error-frame',
};

/** A caller without valid credentials gets no data and changes nothing. */
async function expectRefusedCaller(ctx: CloudContext, api: CloudContext['api'], requirement: string, what: string): Promise<void> {
  const list = await api.get(CLUSTERS);
  ctx.expect(list.status >= 400, `GET ${CLUSTERS} ${what} answered ${list.status}`, { expected: 'refused (401)', actual: list.status, requirement });
  const marker = ctx.uniqueName('unauth');
  const at = await placement(ctx);
  const create = await api.post(CLUSTERS, { name: marker, node_type: at.nodeType, region: at.region });
  ctx.expect(create.status >= 400, `POST ${CLUSTERS} ${what} answered ${create.status}`, { expected: 'refused (401)', actual: create.status, requirement });
  const left = (await listAll(ctx, CLUSTERS)).filter((c) => c.name === marker);
  for (const c of left) ctx.defer(async () => void (await ctx.api.delete(String(c.resource_uri))));
  ctx.expect(left.length === 0, `POST ${what} created a node cluster`, { requirement });
  ctx.expectStatus(list, 401, `a request ${what} (HTTP Basic authentication: 401)`, R.code401);
  ctx.expectView('error-body', ctx.expectJson(list, '401 body', R.codes), 'the 401 body', R.codes);
}

export default [
  cloudCheck({
    id: R.basic,
    title: 'REST requests with Basic username:API key are served',
    async run(ctx) {
      const res = await ctx.api.get(CLUSTERS);
      ctx.expectStatus(res, 200, 'GET with valid Basic credentials', R.basic);
    },
  }),
  cloudCheck({
    id: R.none,
    title: 'A REST request without Authorization is refused: no data, nothing changes (facts: 401)',
    requirements: [R.none, R.code401, R.codes],
    run: (ctx) => expectRefusedCaller(ctx, ctx.api.as(null), R.none, 'without credentials'),
  }),
  cloudCheck({
    id: R.wrong,
    title:
      "A REST request with a wrong API key (another key, an empty one, the user's key under another name) is refused: nothing served or changed (facts: 401)",
    requirements: [R.wrong, R.code401, R.codes],
    async run(ctx) {
      for (const [credentials, what] of wrongCredentials(ctx)) await expectRefusedCaller(ctx, ctx.api.as(credentials), R.wrong, what);
    },
  }),
  cloudCheck({
    id: R.streamOk,
    title: 'The Stream API accepts the same Basic header on the WebSocket upgrade (101)',
    endpoint: 'cloud/events',
    async run(ctx) {
      const session = await ctx.api.openStream(EVENTS);
      ctx.defer(() => session.close());
      ctx.expectEqual(session.status, 101, 'the upgrade with valid credentials was not accepted', R.streamOk);
    },
  }),
  cloudCheck({
    id: R.streamRefused,
    title: 'A WebSocket upgrade without credentials or with a wrong key (another, an empty one, the key under another name) is refused: no 101, no messages',
    requirements: [R.streamRefused, R.errorFrame],
    endpoint: 'cloud/events',
    async run(ctx) {
      for (const [what, api] of refusedCallers(ctx)) await expectUpgradeRefused(ctx, api, EVENTS, what, R.streamRefused);
    },
  }),
  cloudCheck({
    id: R.query,
    title: 'facts: a WebSocket upgrade with ?user=&token= and no Authorization header is accepted',
    endpoint: 'cloud/events',
    async run(ctx) {
      const creds = ctx.api.credentials!;
      const session = await ctx.api.as(null).openStream(EVENTS, { user: creds.user, token: creds.key });
      ctx.defer(() => session.close());
      ctx.expectEqual(session.status, 101, 'the upgrade with ?user=&token= was not accepted', R.query);
    },
  }),
];
