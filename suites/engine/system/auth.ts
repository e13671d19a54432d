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

/**
 * A registry other than the run's, that checks credentials with accounts of its own: on the
 * embedded reference target, another host of its in-memory registry (each host keeps its own
 * accounts); the suite knows no second credential-checking registry of a real target.
 */
function otherRegistry(ctx: EngineContext): string | undefined {
  return ctx.run.embedded ? `${ctx.uniqueName('other')}.registry.invalid:5000` : undefined;
}

const LOGIN_OK = [200, 204];

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
      ctx.expectStatus(await ctx.api.post('/auth', body), LOGIN_OK, 'POST /auth with valid credentials');
      // A client logs in again with what it stored: the same credentials are still valid.
      ctx.expectStatus(await ctx.api.post('/auth', body), LOGIN_OK, 'POST /auth repeated with the same valid credentials');
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
      ctx.precondition(
        right.status === 200 || right.status === 204,
        `POST /auth with the run's registry credentials answered ${right.status}`,
        'engine/system/auth/200-credentials-accepted',
      );
      const res = await ctx.api.post('/auth', { json: { ...login, password: `${registryAuth.key}-wrong` } });
      ctx.expect(res.status >= 400, `POST /auth with a wrong password answered ${res.status}, a success`, { expected: 'an error status', actual: res.status });
    },
  }),
  engineCheck({
    id: 'engine/system/auth/body-serveraddress',
    title: "POST /auth checks the credentials of the registry serveraddress names: the run registry's are refused at another registry, accepted at their own",
    endpoint: 'engine/system/auth',
    notApplicable: (ctx) =>
      otherRegistry(ctx) ? undefined : 'needs a second registry that checks credentials with accounts of its own; the suite knows one registry (--registry)',
    async run(ctx) {
      const { registry, registryAuth } = ctx.run;
      const other = otherRegistry(ctx);
      if (!registry || !registryAuth || !other) return ctx.skip('needs a registry that requires credentials (--registry and --registry-auth)');
      const login = { username: registryAuth.user, password: registryAuth.key, email: '' };
      const otherLogin = { ...login, password: `${registryAuth.key}-other`, serveraddress: other };
      await ctx.setUp(async () => {
        ctx.expectStatus(await ctx.api.post('/auth', { json: { ...login, serveraddress: registry } }), LOGIN_OK, `POST /auth to ${registry}`);
      }, 'engine/system/auth/200-credentials-accepted');
      // Another registry's account of the same user, with its own password: not the run registry's.
      ctx.expectStatus(await ctx.api.post('/auth', { json: otherLogin }), LOGIN_OK, `POST /auth to ${other} with the password of its own account`);
      const crossed = await ctx.api.post('/auth', { json: { ...login, serveraddress: other } });
      ctx.expect(crossed.status >= 400, `POST /auth with ${registry}'s credentials and serveraddress ${other} answered ${crossed.status}, a success`, {
        expected: `an error status: ${other} holds ${login.username} with another password`,
        actual: crossed.status,
      });
      const right = await ctx.api.post('/auth', { json: { ...login, serveraddress: registry } });
      ctx.expectStatus(right, LOGIN_OK, `the same credentials with serveraddress ${registry}, whose credentials they are`);
    },
  }),
];
