import { engineCheck } from '../support/check.ts';
import { BUILD_ENDPOINT, buildName, postBuild, registryConfigHeader } from '../support/build.ts';
import type { EngineContext } from '../support/context.ts';
import {
  buildTransfer,
  embeddedPrivateOfficialRepo,
  registryBase,
  registryCredentials,
  wrongCredentials,
  type LoginCredentials,
} from '../support/registry-credentials.ts';

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
    title:
      'a build FROM a private repository of the official registry uses the credentials X-Registry-Config keys as ' +
      'https://<index host>/v1/ (wrong ones are refused)',
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      if (!ctx.run.embedded)
        ctx.notApplicable(
          'no private repository of the official registry is known for this run (the embedded reference has one): ' +
            'a build that never pulls from it cannot show whether the key is used',
        );
      const creds = registryCredentials(ctx);
      const key = await officialRegistryKey(ctx);
      const base = await registryBase(ctx, creds, 'official', embeddedPrivateOfficialRepo(ctx));
      const build = async (c: LoginCredentials) =>
        buildTransfer(
          ctx,
          await postBuild(ctx, {
            buildFile: `FROM ${base}\nLABEL conformance.registry-config=1\n`,
            query: { t: buildName(ctx, 'official') },
            headers: registryConfigHeader({ [key]: c }),
          }),
        );
      const wrong = await build(wrongCredentials(creds));
      const right = await build(creds);
      ctx.expect(right.accepted, `the build FROM ${base} with the right credentials keyed ${key} was refused (${right.detail})`, {
        expected: 'accepted',
        actual: right.detail,
      });
      ctx.expect(!wrong.accepted, `the build FROM ${base} with wrong credentials keyed ${key} was accepted`, { expected: 'refused', actual: wrong.detail });
    },
  }),
];
