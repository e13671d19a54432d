/**
 * Spec: Service roles [S] ("API roles granted; value global") and resource URIs ("a GET of an
 * object's resource_uri returns that object"): every answer that shows one service or one of its
 * containers shows the same roles. The only documented role is global, so a list of two roles can
 * only name it twice: the spec neither forbids nor merges a repeated item, so whether the target
 * keeps both, merges them or refuses the body is observed, never judged. Whatever it keeps, the
 * create answer, GET, list and PATCH answer of the service, and the GET, list and redeploy answer
 * of its container show alike (so where the target keeps two, a list cut to one item differs).
 */
import { isSuccess } from '../../../harness/target/http-transport.ts';
import { cloudCheck } from '../support/check.ts';
import { CONTAINERS, firstContainer, operate, operateAndSettle, serviceBody, SERVICES, settled, sharedNodes, terminateLater } from '../support/app.ts';
import { expectAnswerAsGot, expectListedAsGot, expectShownAsGot, type Json } from '../support/lists.ts';
import type { Service } from '../support/views.generated.ts';

const R = {
  created: 'cloud/service/create/returns-service',
  list: 'cloud/service/list/returns-services',
  resolves: 'cloud/uri/resource-uri-resolves',
  inherits: 'cloud/container/get/inherits-service',
  containers: 'cloud/container/list/returns-containers',
};
const ROLES = ['roles'];

export default [
  cloudCheck({
    id: `${R.created}/roles-twice`,
    title: 'A service granted global twice shows its roles alike in every answer about it and its containers',
    requirements: [R.created, R.list, R.resolves, R.inherits, R.containers],
    endpoint: 'cloud/service/create',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const res = await ctx.api.post(SERVICES, serviceBody(ctx, at, { roles: ['global', 'global'] }));
      if (!isSuccess(res.status)) return ctx.notApplicable(`a service create with roles ['global', 'global'] answered ${res.status}`);
      const created = ctx.expectJson<Json>(res, 'service create response', R.created);
      const uri = String(created.resource_uri);
      terminateLater(ctx, uri);
      const svc = await ctx.setUp(() => operateAndSettle(ctx, { resource_uri: uri } as Service, 'start'));
      const got: Json = await ctx.getJson('service', uri);
      ctx.observe(`roles sent ['global', 'global'] read ${JSON.stringify(got.roles)}`);
      expectShownAsGot(ctx, created, got, ROLES, 'the create answer', R.created);
      await expectListedAsGot(ctx, SERVICES, got, ROLES, R.list);
      const patch = await ctx.api.patch(uri, { nickname: ctx.uniqueName('nick') });
      await settled(ctx, 'service', uri);
      await expectAnswerAsGot(ctx, patch, 'service', uri, ROLES, `PATCH ${uri}`, R.resolves);
      const container: Json = await ctx.getJson('container', (await firstContainer(ctx, svc)).resource_uri);
      expectShownAsGot(ctx, container, got, ROLES, `GET ${String(container.resource_uri)}`, R.inherits);
      await expectListedAsGot(ctx, CONTAINERS, container, ROLES, R.containers);
      const redeploy = await operate(ctx, String(container.resource_uri), 'redeploy');
      await settled(ctx, 'container', String(container.resource_uri));
      await expectAnswerAsGot(ctx, redeploy, 'container', String(container.resource_uri), ROLES, 'container redeploy', R.resolves);
    },
  }),
];
