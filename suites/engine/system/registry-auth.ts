import { encodeRegistryAuth, encodeRegistryConfig, type AuthConfig } from '../../../harness/protocol/registry-auth.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { registryOf } from '../support/registry.ts';
import { build, jsonObjects } from '../support/system.ts';

/** Pushes a tag of the fixture to the run's registry with the given X-Registry-Auth; the push must succeed. */
async function pushWith(ctx: EngineContext, auth: AuthConfig): Promise<void> {
  // The embedded reference target has its own in-memory registry; a real daemon needs --registry.
  const registry = registryOf(ctx);
  const repo = `${registry}/${ctx.uniqueName('push')}`;
  const tagged = await ctx.api.post(`/images/${ctx.fixtureImage()}/tag`, { query: { repo, tag: 'x' } });
  if (tagged.status !== 201) ctx.fail(`precondition: tagging the fixture as ${repo}:x answered ${tagged.status}`);
  ctx.defer(async () => void (await ctx.api.delete(`/images/${repo}:x`)));
  const res = await ctx.api.post(`/images/${repo}/push`, { query: { tag: 'x' }, headers: { 'X-Registry-Auth': encodeRegistryAuth(auth) }, timeoutMs: 60_000 });
  ctx.expectStatus(res, 200, 'push with X-Registry-Auth');
  const errors = jsonObjects(res.body).values.filter((v) => 'error' in v);
  ctx.expect(errors.length === 0, `the push with X-Registry-Auth failed: ${errors.map((e) => String(e.error)).join('; ')}`, { actual: errors });
}

/** Builds with the given X-Registry-Config; the build must succeed. */
async function buildWith(ctx: EngineContext, config: Record<string, { username: string; password: string }>): Promise<void> {
  const res = await build(ctx, `FROM ${ctx.fixtureImage()}\n`, { 'X-Registry-Config': encodeRegistryConfig(config) });
  ctx.expectStatus(res, 200, 'build with X-Registry-Config');
  const errors = jsonObjects(res.body).values.filter((v) => 'error' in v);
  ctx.expect(errors.length === 0, `the build with X-Registry-Config failed: ${errors.map((e) => String(e.error)).join('; ')}`, { actual: errors });
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
      await pushWith(ctx, { ...credentials(ctx), email: 'conformance@example.invalid' });
    },
  }),
  engineCheck({
    id: 'engine/auth/x-registry-auth-registrytoken',
    title: 'A push accepts X-Registry-Auth as base64 of {registrytoken}',
    requirements: ['engine/auth/x-registry-auth-registrytoken'],
    async run(ctx) {
      await pushWith(ctx, { registrytoken: 'conformance-token' });
    },
  }),
  engineCheck({
    id: 'engine/auth/x-registry-config',
    title: 'A build accepts X-Registry-Config as URL-safe base64 of a map from registry host to {username, password}',
    requirements: ['engine/auth/x-registry-config'],
    endpoint: 'engine/images/build',
    async run(ctx) {
      await buildWith(ctx, { [ctx.run.registry ?? 'registry.example.invalid:5000']: credentials(ctx) });
    },
  }),
  engineCheck({
    id: 'engine/auth/x-registry-config-host-key',
    title: 'X-Registry-Config keyed by the registry domain name alone (port 443 implied) is accepted',
    requirements: ['engine/auth/x-registry-config-host-key'],
    endpoint: 'engine/images/build',
    async run(ctx) {
      await buildWith(ctx, { 'registry.example.invalid': credentials(ctx) });
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
    title: 'With Upgrade: tcp the daemon answers 101 and repeats the headers; without it, 200',
    requirements: ['engine/auth/upgrade-hint'],
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
