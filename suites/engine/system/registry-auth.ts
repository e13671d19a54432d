import type { AuthConfig } from '../../../harness/protocol/registry-auth.ts';
import { buildName, expectBuildSucceeded, fromFixture, postBuild, registryConfigHeader } from '../support/build.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { expectAcceptedStream, expectNoStreamError } from '../support/image-streams.ts';
import { fixtureAs, push, registryRepo } from '../support/registry.ts';

/** Pushes a tag of the fixture to the run's registry with the given X-Registry-Auth; the push must succeed. */
async function pushWith(ctx: EngineContext, auth: AuthConfig, requirement: string): Promise<void> {
  // The embedded reference target has its own in-memory registry; a real daemon needs --registry.
  const repo = registryRepo(ctx, 'push');
  await fixtureAs(ctx, repo, 'x');
  const stream = expectAcceptedStream(ctx, await push(ctx, repo, { tag: 'x' }, auth), 'push with X-Registry-Auth', requirement);
  expectNoStreamError(ctx, stream, 'the push with X-Registry-Auth', requirement);
}

/** Builds with the given X-Registry-Config; the build must succeed. */
async function buildWith(ctx: EngineContext, config: Record<string, { username: string; password: string }>, requirement: string): Promise<void> {
  const result = await postBuild(ctx, { buildFile: `${fromFixture(ctx)}\n`, query: { t: buildName(ctx, 'registry-config') }, headers: registryConfigHeader(config) });
  expectBuildSucceeded(ctx, result, 'build with X-Registry-Config', requirement);
}

function credentials(ctx: EngineContext): { username: string; password: string } {
  return { username: ctx.run.registryAuth?.user ?? 'conformance', password: ctx.run.registryAuth?.key ?? 'conformance' };
}

/** Spec: Authentication (registry credentials, CORS, connection upgrade, API callers). */
export default [
  engineCheck({
    id: 'engine/auth/x-registry-auth',
    title: 'A push accepts X-Registry-Auth as base64 of {username, password, email}',
    requirements: ['engine/auth/x-registry-auth'],
    async run(ctx) {
      await pushWith(ctx, { ...credentials(ctx), email: 'conformance@example.invalid' }, 'engine/auth/x-registry-auth');
    },
  }),
  engineCheck({
    id: 'engine/auth/x-registry-auth-registrytoken',
    title: 'A push accepts X-Registry-Auth as base64 of {registrytoken}',
    requirements: ['engine/auth/x-registry-auth-registrytoken'],
    async run(ctx) {
      await pushWith(ctx, { registrytoken: 'conformance-token' }, 'engine/auth/x-registry-auth-registrytoken');
    },
  }),
  engineCheck({
    id: 'engine/auth/x-registry-config',
    title: 'A build accepts X-Registry-Config as URL-safe base64 of a map from registry host to {username, password}',
    requirements: ['engine/auth/x-registry-config'],
    endpoint: 'engine/images/build',
    async run(ctx) {
      await buildWith(ctx, { [ctx.run.registry ?? 'registry.example.invalid:5000']: credentials(ctx) }, 'engine/auth/x-registry-config');
    },
  }),
  engineCheck({
    id: 'engine/auth/x-registry-config-host-key',
    title: 'X-Registry-Config keyed by the registry domain name alone (port 443 implied) is accepted',
    requirements: ['engine/auth/x-registry-config-host-key'],
    endpoint: 'engine/images/build',
    async run(ctx) {
      await buildWith(ctx, { 'registry.example.invalid': credentials(ctx) }, 'engine/auth/x-registry-config-host-key');
    },
  }),
  engineCheck({
    id: 'engine/auth/cors-default-disabled',
    title: 'By default CORS is disabled: a cross-origin request gets no Access-Control-Allow-Origin',
    requirements: ['engine/auth/cors-default-disabled'],
    async run(ctx) {
      const res = await ctx.api.get('/_ping', undefined, { headers: { origin: 'http://conformance.example.invalid' } });
      const allowed = res.headers['access-control-allow-origin'];
      ctx.expect(allowed === undefined, `a cross-origin request got Access-Control-Allow-Origin: ${allowed} (the daemon may run with --api-cors-header)`, { expected: 'no Access-Control-Allow-Origin', actual: allowed });
    },
  }),
  engineCheck({
    id: 'engine/auth/upgrade-hint',
    title: 'With Upgrade: tcp the daemon answers 101 (the connection is hijacked) and repeats the headers; without it, 200',
    requirements: ['engine/auth/upgrade-hint', 'engine/errors/101-hijack'],
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300']);
      const upgraded = await ctx.api.hijack('POST', `/containers/${id}/attach`, { query: { stream: 1, stdout: 1 }, upgrade: true });
      upgraded.close();
      ctx.expectEqual(upgraded.status, 101, 'attach with Upgrade: tcp and Connection: Upgrade answers 101');
      ctx.expectEqual([upgraded.headers.connection?.toLowerCase(), upgraded.headers.upgrade?.toLowerCase()], ['upgrade', 'tcp'], 'the 101 repeats Connection: Upgrade and Upgrade: tcp');
      const plain = await ctx.api.hijack('POST', `/containers/${id}/attach`, { query: { stream: 1, stdout: 1 }, upgrade: false });
      plain.close();
      ctx.expectEqual(plain.status, 200, 'attach without the upgrade headers answers 200');
    },
  }),
  engineCheck({
    id: 'engine/auth/api-caller-authentication',
    title: 'Records whether the target serves API requests without caller credentials (not shown in the spec)',
    requirements: ['engine/auth/api-caller-authentication'],
    async run(ctx) {
      const res = await ctx.api.get('/info');
      ctx.observe(`GET /info without credentials answered ${res.status}`);
    },
  }),
];
