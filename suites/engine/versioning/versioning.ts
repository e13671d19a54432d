import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { eventsOf, hasKinds, nowSeconds } from '../support/events.ts';

/** Info fields that are I in 1.18 and B in 1.22 (spec: Resources > System information). */
const VERSIONED_FLAGS = ['Debug', 'IPv4Forwarding', 'MemoryLimit', 'SwapLimit'];
const FLAGS_AGREE = 'engine/versioning/info-flags-agree';
/** Event fields 1.22 adds (spec: Resources > Event object). */
const EVENT_FIELDS_122 = ['Type', 'Action', 'Actor', 'timeNano'];

/** What of a GET /version answer may depend on the version in its path: status, ApiVersion, its fields (BuildTime and Experimental are 1.22). */
function versionShape(res: HttpResponse): { status: number; ApiVersion?: unknown; fields?: string[] } {
  let body: Record<string, unknown> | null = null;
  try {
    body = res.status === 200 ? (JSON.parse(res.text()) as Record<string, unknown> | null) : null;
  } catch {
    // Not JSON: the status alone is compared; the shape of the answer is /version's own checks'.
  }
  return body === null || typeof body !== 'object'
    ? { status: res.status }
    : { status: res.status, ApiVersion: body.ApiVersion, fields: Object.keys(body).sort() };
}

/** GET /v<first>/version, then GET /v<then>/version on the same connection: both answers. */
async function twoVersionsOnOneConnection(ctx: EngineContext, first: string, then: string): Promise<[HttpResponse, HttpResponse]> {
  const conn = ctx.api.keptAlive();
  try {
    const opening = await conn.request('GET', `/v${first}/version`);
    const next = await conn.request('GET', `/v${then}/version`);
    if (conn.connectionsOpened !== 1)
      ctx.unverified(`the target did not keep the connection of GET /v${first}/version alive: GET /v${then}/version went on another`);
    ctx.observe(`GET /v${first}/version then GET /v${then}/version went on one kept-alive connection, answered ${opening.status}, ${next.status}`);
    return [opening, next];
  } finally {
    await conn.close();
  }
}

/** Spec: Versioning. */
export default [
  engineCheck({
    id: 'engine/versioning/path-prefix',
    title: 'The API version is part of the request path: /v<version>/... is served',
    async run(ctx) {
      // A version the run found refused is said once, plainly; its other checks are not applicable.
      const refused = ctx.run.refusedVersions?.[ctx.version];
      if (refused) ctx.fail(refused, { expected: `GET ${ctx.api.path('/_ping')} answered 200`, actual: refused });
      for (const path of ['/_ping', '/version', '/containers/json']) ctx.expectStatus(await ctx.api.get(path), 200, `GET ${ctx.api.path(path)}`);
    },
  }),
  engineCheck({
    id: 'engine/versioning/path-prefix/kept-alive',
    title: "Each request's own /v<version>/ prefix decides its version on a kept-alive connection, whatever the earlier requests' versions",
    requirements: ['engine/versioning/path-prefix'],
    endpoint: 'engine/system/version',
    versions: ['1.22'],
    async run(ctx) {
      // Each answer on a reused connection must be the one its path gets on a fresh connection (as the first request):
      // whether an answer depends on its version is the target's, but not on the connection's earlier requests.
      const [fresh122, after122] = await twoVersionsOnOneConnection(ctx, '1.22', '1.18');
      const [fresh118, after118] = await twoVersionsOnOneConnection(ctx, '1.18', '1.22');
      for (const [path, reused, fresh, before] of [
        ['/v1.18/version', after122, fresh118, '/v1.22/version'],
        ['/v1.22/version', after118, fresh122, '/v1.18/version'],
      ] as const)
        ctx.expectEqual(
          versionShape(reused),
          versionShape(fresh),
          `GET ${path} after GET ${before} on the same connection must be answered as ${path} is on a connection of its own (its prefix is its version)`,
        );
    },
  }),
  engineCheck({
    id: 'engine/versioning/api-version-field',
    title: 'GET /version reports the API version in ApiVersion: a version whose path prefix the target serves',
    endpoint: 'engine/system/version',
    async run(ctx) {
      const version = ctx.expectJson<{ ApiVersion?: unknown }>(await ctx.api.get('/version'), 'version');
      const reported = version.ApiVersion;
      ctx.expect(typeof reported === 'string' && /^\d+\.\d+$/.test(reported), `ApiVersion must hold the API version, got ${JSON.stringify(reported)}`, {
        expected: 'a version such as 1.22',
        actual: reported,
      });
      // The version the path carries is the API version: the one reported is served under its own prefix
      // (not a product release, not a version the target refuses).
      const ping = await ctx.api.raw('GET', `/v${reported as string}/_ping`);
      ctx.expect(ping.status === 200, `GET /v${reported as string}/_ping, the prefix of the ApiVersion reported, answered ${ping.status}`, {
        expected: 200,
        actual: { status: ping.status, body: ping.text().trim().slice(0, 200) },
      });
    },
  }),
  engineCheck({
    id: 'engine/versioning/api-version-matches-path',
    title: 'Records whether ApiVersion equals the version of the request path (not stated)',
    endpoint: 'engine/system/version',
    async run(ctx) {
      const version = ctx.expectJson<{ ApiVersion?: unknown }>(await ctx.api.get('/version'), 'version');
      ctx.observe(`GET ${ctx.api.path('/version')} reports ApiVersion ${JSON.stringify(version.ApiVersion)}`);
    },
  }),
  engineCheck({
    id: 'engine/versioning/unversioned-path',
    title: 'Records how the target answers paths without a version prefix (not shown)',
    async run(ctx) {
      for (const path of ['/_ping', '/version', '/containers/json']) {
        const res = await ctx.api.raw('GET', path);
        ctx.observe(`GET ${path} (no version prefix) answered ${res.status} ${JSON.stringify(res.text().slice(0, 80))}`);
      }
    },
  }),
  engineCheck({
    id: 'engine/versioning/unsupported-version',
    title: 'Records how the target answers an unsupported version prefix (not shown)',
    async run(ctx) {
      for (const path of ['/v1.99/_ping', '/v0.1/version', '/v9/_ping']) {
        const res = await ctx.api.raw('GET', path);
        ctx.observe(`GET ${path} answered ${res.status} ${res.headers['content-type'] ?? ''} ${JSON.stringify(res.text().slice(0, 100))}`);
      }
    },
  }),
  engineCheck({
    id: FLAGS_AGREE,
    title: "(1.18) The Info flags written as integers are 0 or 1 and say what the same daemon's 1.22 booleans say",
    endpoint: 'engine/system/info',
    versions: ['1.18'],
    async run(ctx) {
      const newer = await ctx.api.raw('GET', '/v1.22/info');
      if (newer.status !== 200) ctx.notApplicable(`GET /v1.22/info answered ${newer.status}: the flags have no 1.22 reading to agree with`);
      const flags122 = ctx.expectJson<Record<string, unknown> | null>(newer, 'the 1.22 info') ?? {};
      const info = ctx.expectJson<Record<string, unknown> | null>(await ctx.api.get('/info'), 'info') ?? {};
      for (const flag of VERSIONED_FLAGS) {
        const value = info[flag];
        const isFlag = typeof value === 'boolean' || value === 0 || value === 1;
        ctx.verify(isFlag, `1.18 Info ${flag} is a flag written as an integer: 0 or 1`, { expected: '0 or 1', actual: value, requirement: FLAGS_AGREE });
        if (typeof flags122[flag] === 'boolean' && isFlag)
          ctx.verify(Boolean(value) === flags122[flag], `1.18 Info ${flag} says what 1.22 Info ${flag} says of the same daemon`, {
            expected: flags122[flag] ? 1 : 0,
            actual: value,
            requirement: FLAGS_AGREE,
          });
      }
    },
  }),
  engineCheck({
    id: 'engine/versioning/shapes-per-version',
    title: 'A response has the shapes of the version in its path (Info flags, event fields)',
    async run(ctx) {
      const info = ctx.expectJson<Record<string, unknown> | null>(await ctx.api.get('/info'), 'info') ?? {};
      const want = ctx.version === '1.18' ? 'number' : 'boolean';
      const wrong = VERSIONED_FLAGS.filter((f) => typeof info[f] !== want);
      ctx.expect(wrong.length === 0, `in ${ctx.version}, Info ${wrong.join(', ')} must be ${want === 'number' ? 'integers' : 'booleans'}`, {
        expected: want,
        actual: Object.fromEntries(wrong.map((f) => [f, info[f]])),
      });
      const since = nowSeconds();
      const { id } = await ctx.runningContainer(['true']);
      await ctx.waitExit(id);
      // Which operations emit events is not shown: any event about the container will do, and none is only recorded.
      const [event] = await eventsOf(ctx, since, id, hasKinds('create', 'start', 'die'));
      if (event === undefined)
        return ctx.observe('no event about a container created, started and run to its end arrived: the event shape per version could not be judged');
      const has122 = EVENT_FIELDS_122.filter((f) => f in event!);
      if (ctx.version === '1.18')
        ctx.expect(has122.length === 0, `a /v1.18 event carries the 1.22 field(s) ${has122.join(', ')}`, {
          expected: 'the 1.18 event {status, id, from, time}',
          actual: event,
        });
      else
        ctx.expect(has122.length === EVENT_FIELDS_122.length, 'a /v1.22 event carries Type, Action, Actor and timeNano', {
          expected: EVENT_FIELDS_122,
          actual: event,
        });
    },
  }),
];
