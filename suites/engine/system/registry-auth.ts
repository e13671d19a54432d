import type { AuthConfig } from '../../../harness/protocol/registry-auth.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { engineCheck } from '../support/check.ts';
import { sharedExitedContainer } from '../support/lifecycle.ts';
import type { EngineContext } from '../support/context.ts';
import { fixtureAs, registryRepo } from '../support/registry.ts';
import { attachSession, expectFrames, expectPayload, LOGGED_BOTH } from '../support/streams.ts';
import { expectHandedOver } from '../support/upgrade-answers.ts';
import {
  buildFrom,
  pullWith,
  pushWith,
  registryBase,
  registryCredentials,
  registryToken,
  wrongCredentials,
  type Transfer,
} from '../support/registry-credentials.ts';

const EMAIL = 'conformance@example.invalid';
/** An origin other than the daemon's own, which a browser would send with a page's request. */
const CROSS_ORIGIN = 'http://conformance.example.invalid';

/**
 * The right credentials must work; wrong ones, refused by the registry, show that the target
 * passed what it was given. A registry that takes wrong ones too cannot show it: recorded.
 */
function judgeCredentials(ctx: EngineContext, what: string, right: Transfer, wrong: Transfer, requirement: string): boolean {
  ctx.expect(right.accepted, `${what} with the right credentials was refused (${right.detail})`, { expected: 'accepted', actual: right.detail, requirement });
  if (wrong.accepted)
    ctx.observe(`${what} with wrong credentials was accepted too (${wrong.detail}): the registry does not show whether the credentials are passed`);
  return !wrong.accepted;
}

/**
 * Push, then pull, `repo:tag` with the right and with wrong X-Registry-Auth (by default a
 * repository of the check's own on the run's registry).
 */
async function pushAndPull(
  ctx: EngineContext,
  right: AuthConfig,
  wrong: AuthConfig,
  requirement: string,
  { repo, tag } = { repo: registryRepo(ctx, 'auth'), tag: 'x' },
): Promise<void> {
  await ctx.setUp(() => fixtureAs(ctx, repo, tag));
  const pushes = [await pushWith(ctx, repo, tag, wrong), await pushWith(ctx, repo, tag, right)] as const;
  const pulls = [await pullWith(ctx, `${repo}:${tag}`, wrong), await pullWith(ctx, `${repo}:${tag}`, right)] as const;
  const shown = [judgeCredentials(ctx, 'the push', pushes[1], pushes[0], requirement), judgeCredentials(ctx, 'the pull', pulls[1], pulls[0], requirement)];
  if (!shown.some(Boolean))
    ctx.notApplicable('the registry accepted wrong credentials for both push and pull: whether the target passes X-Registry-Auth cannot be seen');
}

/** Builds FROM an image of the registry with the right and with wrong X-Registry-Config, keyed by `keyOf` its host:port (default: host:port). */
async function buildWithConfig(ctx: EngineContext, requirement: string, keyOf?: (host: string) => string): Promise<void> {
  const creds = registryCredentials(ctx);
  const base = await registryBase(ctx, creds, 'build-base');
  const wrong = await buildFrom(ctx, base, wrongCredentials(creds), keyOf);
  const right = await buildFrom(ctx, base, creds, keyOf);
  if (!judgeCredentials(ctx, `the build FROM ${base}`, right, wrong, requirement))
    ctx.notApplicable('the registry accepted wrong credentials: whether the target passes X-Registry-Config cannot be seen');
}

/** Spec: Authentication (registry credentials, CORS, connection upgrade, API callers). */
export default [
  engineCheck({
    id: 'engine/auth/x-registry-auth',
    title: 'Push and pull pass X-Registry-Auth {username, password, email} to the registry: the right credentials work, wrong ones are refused',
    endpoint: 'engine/images/push',
    async run(ctx) {
      const creds = registryCredentials(ctx);
      await pushAndPull(ctx, { ...creds, email: EMAIL }, { ...wrongCredentials(creds), email: EMAIL }, 'engine/auth/x-registry-auth');
    },
  }),
  engineCheck({
    id: 'engine/auth/x-registry-auth-registrytoken',
    title: 'Push and pull pass X-Registry-Auth {registrytoken} to the registry: the right token works, a wrong one is refused',
    endpoint: 'engine/images/push',
    async run(ctx) {
      // A token grants repositories by name: the run's token repository, with a tag of the check's own.
      const { repository, token } = registryToken(ctx);
      await pushAndPull(ctx, { registrytoken: token }, { registrytoken: `${token}-wrong` }, 'engine/auth/x-registry-auth-registrytoken', {
        repo: repository,
        tag: ctx.uniqueName('token'),
      });
    },
  }),
  engineCheck({
    id: 'engine/auth/x-registry-config',
    title:
      'A build passes X-Registry-Config (URL-safe base64 of {host: {username, password}}) when it pulls its FROM image: ' +
      'the right credentials work, wrong ones are refused',
    endpoint: 'engine/images/build',
    async run(ctx) {
      await buildWithConfig(ctx, 'engine/auth/x-registry-config');
    },
  }),
  engineCheck({
    id: 'engine/auth/x-registry-config-host-key',
    title: 'X-Registry-Config keyed by the registry domain name and port alone (no scheme, no path) is used for that registry',
    endpoint: 'engine/images/build',
    async run(ctx) {
      await buildWithConfig(ctx, 'engine/auth/x-registry-config-host-key');
    },
  }),
  engineCheck({
    id: 'engine/auth/x-registry-config-host-key/url-form',
    title: 'X-Registry-Config keyed by a URL holding the registry domain name and port (https://host:port/) is used for that registry',
    requirements: ['engine/auth/x-registry-config-host-key'],
    endpoint: 'engine/images/build',
    async run(ctx) {
      // Only the domain name (and port) is required of the key: a key holding it with a scheme and a path,
      // the form the official registry's key must have, still names that registry.
      await buildWithConfig(ctx, 'engine/auth/x-registry-config-host-key', (host) => `https://${host}/`);
    },
  }),
  engineCheck({
    id: 'engine/auth/cors-default-disabled',
    title:
      'By default CORS is disabled: no cross-origin request gets Access-Control-Allow-Origin, ' +
      'neither /_ping nor an API endpoint, nor the preflight a browser sends first',
    async run(ctx) {
      // A CORS layer may answer only preflights, or only the API's own paths: each is a way to allow cross-origin calls.
      const probes: Array<[string, HttpResponse]> = [
        ['GET /_ping', await ctx.api.get('/_ping', undefined, { headers: { origin: CROSS_ORIGIN } })],
        ['GET /containers/json', await ctx.api.get('/containers/json', undefined, { headers: { origin: CROSS_ORIGIN } })],
        [
          'the preflight OPTIONS /containers/create',
          await ctx.api.request('OPTIONS', '/containers/create', {
            headers: { origin: CROSS_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
          }),
        ],
      ];
      const allowed = probes.flatMap(([what, res]) => {
        const header = res.headers['access-control-allow-origin'];
        return header === undefined ? [] : [`${what}: ${header}`];
      });
      ctx.expect(
        allowed.length === 0,
        `cross-origin requests got Access-Control-Allow-Origin (the daemon may run with --api-cors-header): ${allowed.join('; ')}`,
        {
          expected: 'no Access-Control-Allow-Origin',
          actual: allowed,
        },
      );
    },
  }),
  engineCheck({
    id: 'engine/auth/upgrade-hint',
    title:
      'With Upgrade: tcp the daemon answers 101, repeats the headers and hands the connection over (the stream follows raw, ' +
      'no Transfer-Encoding); without it, 200',
    requirements: ['engine/auth/upgrade-hint', 'engine/errors/101-hijack'],
    oneRule: true,
    async run(ctx) {
      // An exited container's log: the stream has bytes to judge after the head, and ends by itself.
      const { id } = await sharedExitedContainer(ctx, LOGGED_BOTH);
      const upgraded = await attachSession(ctx, id, { logs: 1, stdout: 1 });
      ctx.expectEqual(upgraded.status, 101, 'attach with Upgrade: tcp and Connection: Upgrade answers 101');
      ctx.expectEqual(
        [upgraded.headers.connection?.toLowerCase(), upgraded.headers.upgrade?.toLowerCase()],
        ['upgrade', 'tcp'],
        'the 101 repeats Connection: Upgrade and Upgrade: tcp',
      );
      expectHandedOver(ctx, upgraded, 'attach with Upgrade: tcp');
      const frames = expectFrames(ctx, upgraded.data, 'the bytes after the 101');
      expectPayload(ctx, frames.stdout, 'logged-out\n', 'the bytes after the 101 are the raw stream: frames from the first byte, carrying the stdout log');
      const plain = await attachSession(ctx, id, { logs: 1, stdout: 1 }, { upgrade: false });
      ctx.expectEqual(plain.status, 200, 'attach without the upgrade headers answers 200');
    },
  }),
  engineCheck({
    id: 'engine/auth/api-caller-authentication',
    title: 'Records whether the target serves API requests without caller credentials (not shown in the spec)',
    async run(ctx) {
      const res = await ctx.api.get('/info');
      ctx.observe(`GET /info without credentials answered ${res.status}`);
    },
  }),
];
