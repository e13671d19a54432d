import { sharedNodes, firstContainer, live, containersOf, operateAndSettle, runningService } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { CLUSTERS } from '../support/infra.ts';
import { EVENTS, printenv } from '../support/streams.ts';
import type { Container } from '../support/views.generated.ts';
import { operationRequirement } from '../support/operation-requirements.ts';

const R = {
  global: 'cloud/auth/global-role-vendor-auth',
  usable: 'cloud/auth/vendor-auth-usable',
  none: 'cloud/auth/no-global-role-no-vendor-auth',
};

/** The container's VENDOR_AUTH, which must hold an Authorization value (Basic credentials). */
async function expectVendorAuth(ctx: CloudContext, container: Container, what: string): Promise<string | undefined> {
  const name = ctx.spell('VENDOR_AUTH');
  const value = await printenv(ctx, container, name, R.global);
  ctx.expect(!!value && /^Basic\s+\S+/.test(value), `${what}: the container's ${name} is ${JSON.stringify(value)}`, {
    expected: 'Basic <credentials>',
    actual: value,
    requirement: R.global,
  });
  return value;
}

export default [
  cloudCheck({
    id: R.global,
    title: 'A container of a service with the role global gets VENDOR_AUTH, an Authorization value the REST and Stream APIs accept',
    requirements: [R.global, R.usable],
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const container = await firstContainer(ctx, await runningService(ctx, at, { roles: ['global'] }));
      const name = ctx.spell('VENDOR_AUTH');
      const value = await expectVendorAuth(ctx, container, 'a started service with the role global');
      const anonymous = ctx.api.as(null);
      const rest = await anonymous.request('GET', CLUSTERS, { headers: { authorization: value! } });
      ctx.expectStatus(rest, 200, `GET with Authorization: <${name}>`, R.usable);
      const session = await anonymous.openStream(EVENTS, undefined, { authorization: value! });
      ctx.defer(() => session.close());
      ctx.expectEqual(session.status, 101, `the Stream API refused Authorization: <${name}>`, R.usable);
    },
  }),
  cloudCheck({
    id: `${R.global}/redeployed`,
    title: 'The containers of a service with the role global still get VENDOR_AUTH once the service is redeployed',
    requirements: [R.global],
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await operateAndSettle(ctx, await runningService(ctx, at, { roles: ['global'] }), 'redeploy');
      const containers = live(await containersOf(ctx, svc));
      ctx.precondition(
        containers.length > 0,
        `the redeployed service ${svc.resource_uri} has no container`,
        operationRequirement(svc.resource_uri, 'redeploy'),
      );
      for (const container of containers) await expectVendorAuth(ctx, container, 'a redeployed service with the role global');
    },
  }),
  cloudCheck({
    id: R.none,
    title: 'A container of a service without the role global gets no VENDOR_AUTH',
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const container = await firstContainer(ctx, await runningService(ctx, at));
      const value = await printenv(ctx, container, ctx.spell('VENDOR_AUTH'), R.none);
      ctx.expectEqual(value, undefined, `a container without the global role has ${ctx.spell('VENDOR_AUTH')}`, R.none);
    },
  }),
];
