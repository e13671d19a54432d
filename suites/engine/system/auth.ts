import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';

/**
 * The registry POST /auth logs in to: the run's registry (with its credentials), or on the
 * embedded reference target its built-in one; a real daemon without a registry cannot be asked.
 */
function loginTarget(ctx: EngineContext): { serveraddress: string; username: string; password: string } {
  if (ctx.run.registry) {
    const auth = ctx.run.registryAuth ?? { user: 'conformance', key: 'conformance' };
    return { serveraddress: ctx.run.registry, username: auth.user, password: auth.key };
  }
  if (ctx.run.embedded) return { serveraddress: 'registry.invalid:5000', username: ctx.uniqueName('user'), password: 'secret' };
  return ctx.skip('no registry is configured (--registry): POST /auth needs one to log in to');
}

/** Spec: Endpoints > System > 42. POST /auth. */
export default [
  engineCheck({
    id: 'engine/system/auth/200-credentials-accepted',
    title: 'POST /auth with valid credentials answers 200 or 204 (both listed as success), also when the same login is repeated',
    requirements: ['engine/system/auth/200-credentials-accepted', 'engine/system/auth/204-credentials-accepted'],
    // One rule: 200 and 204 are both listed as the success of a login.
    oneRule: true,
    endpoint: 'engine/system/auth',
    async run(ctx) {
      const login = loginTarget(ctx);
      const body = { json: { ...login, email: 'conformance@example.invalid' } };
      ctx.expectStatus(await ctx.api.post('/auth', body), [200, 204], 'POST /auth with valid credentials');
      // A client logs in again with what it stored: the same credentials are still valid.
      ctx.expectStatus(await ctx.api.post('/auth', body), [200, 204], 'POST /auth repeated with the same valid credentials');
    },
  }),
  engineCheck({
    id: 'engine/system/auth/checks-credentials',
    title: 'POST /auth with wrong credentials for a registry that requires them is not a success',
    endpoint: 'engine/system/auth',
    async run(ctx) {
      const { registry, registryAuth } = ctx.run;
      if (!registry || !registryAuth) return ctx.skip('needs a registry that requires credentials (--registry and --registry-auth)');
      const login = { serveraddress: registry, username: registryAuth.user, password: registryAuth.key, email: '' };
      const right = await ctx.api.post('/auth', { json: login });
      ctx.expect(right.status === 200 || right.status === 204, `precondition: POST /auth with the run's registry credentials answered ${right.status}`, {
        expected: '200 or 204',
        actual: right.status,
      });
      const res = await ctx.api.post('/auth', { json: { ...login, password: `${registryAuth.key}-wrong` } });
      ctx.expect(res.status >= 400, `POST /auth with a wrong password answered ${res.status}, a success`, { expected: 'an error status', actual: res.status });
    },
  }),
];
