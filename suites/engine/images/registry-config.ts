import { engineCheck } from '../support/check.ts';
import { BUILD_ENDPOINT, buildImage, fromFixture, registryConfigHeader } from '../support/build.ts';
import type { EngineContext } from '../support/context.ts';

/**
 * Spec: Authentication: build credentials in X-Registry-Config; "the official hosted registry must
 * be keyed with an https:// prefix and a /v1/ suffix". (The header's other rules are checked in
 * suites/engine/system/registry-auth.ts.)
 */

/** The official registry's key: the target's IndexServerAddress (GET /info) in the https://…/v1/ form. */
async function officialRegistryKey(ctx: EngineContext): Promise<string> {
  const res = await ctx.api.get('/info');
  const address = res.status === 200 ? String(ctx.expectJson<{ IndexServerAddress?: string }>(res, 'info').IndexServerAddress ?? '') : '';
  const host = address.replace(/^https?:\/\//, '').replace(/\/.*$/, '') || 'index.docker.io';
  return `https://${host}/v1/`;
}

export default [
  engineCheck({
    id: 'engine/auth/x-registry-config-official-registry-key',
    title: 'a build accepts X-Registry-Config keying the official hosted registry as https://<index host>/v1/',
    requirements: ['engine/auth/x-registry-config-official-registry-key'],
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      const key = await officialRegistryKey(ctx);
      const headers = registryConfigHeader({ [key]: { username: 'conformance', password: 'not-a-secret' } });
      await buildImage(ctx, 'registry-config', { buildFile: `${fromFixture(ctx)}\nLABEL conformance.registry-config=1\n`, headers }, 'engine/auth/x-registry-config-official-registry-key');
    },
  }),
];
