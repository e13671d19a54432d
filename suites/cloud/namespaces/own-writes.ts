/**
 * Spec: "Namespaced endpoints accept an optional namespace path segment before the resource name".
 * The rule holds for every method: a service is created, updated, started, stopped and terminated
 * through the caller's own namespace segment, each call with its effect (read without the
 * segment). So is an external repository (subsystem repo) added and removed through it. The reads
 * of every kind are own-every-kind.ts's; a node cluster created through the segment is namespaces.ts's.
 */
import { operate, serviceBody, SERVICES, settled, sharedNodes, terminateLater, waitForContainers, type Verb } from '../support/app.ts';
import { finishedActionOf } from '../support/actions.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { Service } from '../support/views.generated.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';
import { newRepositoryName, REPOSITORIES } from '../repos/repositories.ts';
import { unverifiedWhenOwnNameUnknown } from '../repos/repository-source.ts';

const R = { segment: 'cloud/namespaces/optional-segment' };

/** The call through the segment was accepted, and its action (if any) has ended. */
async function accepted(ctx: CloudContext, res: HttpResponse, call: string): Promise<void> {
  ctx.expect(isSuccess(res.status), `${call} (the caller's own namespace) answered ${res.status}: ${res.text().slice(0, 200)}`, {
    expected: 'a success',
    actual: res.status,
    requirement: R.segment,
  });
  if (res.headers[ctx.actionHeader]) await finishedActionOf(ctx, res, call);
}

export default [
  cloudCheck({
    id: `${R.segment}/service-writes`,
    title: "A service is created, updated, started, stopped and terminated through the caller's own namespace segment, each call with its effect",
    requirements: [R.segment],
    endpoint: 'cloud/service/create',
    async run(ctx) {
      const own = ctx.namespaced(SERVICES, ctx.api.credentials!.user);
      const created = await ctx.api.post(own, serviceBody(ctx, await sharedNodes(ctx)));
      await accepted(ctx, created, `POST ${own}`);
      const svc = ctx.expectJson<Service>(created, `POST ${own}`, R.segment);
      terminateLater(ctx, svc.resource_uri);
      const plain = `${SERVICES}${svc.uuid}/`;
      const spelled = `${own}${svc.uuid}/`;
      const patch = await ctx.api.patch(spelled, { target_num_containers: 2 });
      await accepted(ctx, patch, `PATCH ${spelled}`);
      ctx.expectEqual((await ctx.getJson('service', plain)).target_num_containers, 2, `PATCH ${spelled} did not set target_num_containers`, R.segment);
      const steps: Array<[Verb, string]> = [
        ['start', 'Running'],
        ['stop', 'Stopped'],
        ['terminate', 'Terminated'],
      ];
      for (const [verb, state] of steps) {
        await accepted(ctx, await operate(ctx, spelled, verb), `${verb} through ${spelled}`);
        if (verb === 'start') await waitForContainers(ctx, { resource_uri: plain }, 2, ['Running'], undefined, R.segment);
        ctx.expectEqual((await settled(ctx, 'service', plain)).state, state, `${verb} through ${spelled} did not take effect`, R.segment);
      }
    },
  }),
  cloudCheck({
    id: `${R.segment}/repository-writes`,
    title: "An external repository is added and removed through the caller's own namespace segment, each call with its effect",
    requirements: [R.segment],
    endpoint: 'cloud/repository/create',
    async run(ctx) {
      const own = ctx.namespaced(REPOSITORIES, ctx.api.credentials!.user);
      const name = newRepositoryName(ctx);
      const plain = `${REPOSITORIES}${name}/`;
      const created = await ctx.api.post(own, { name, username: 'conformance-ns-login', password: 'conformance-ns-secret' });
      if (!isSuccess(created.status)) unverifiedWhenOwnNameUnknown(ctx, name, created);
      ctx.defer(async () => void (await ctx.api.delete(plain)));
      await accepted(ctx, created, `POST ${own}`);
      ctx.expectStatus(await ctx.api.get(plain), 200, `GET ${plain} of the repository added through ${own}`, R.segment);
      const spelled = `${own}${name}/`;
      await accepted(ctx, await ctx.api.delete(spelled), `DELETE ${spelled}`);
      const after = await ctx.api.get(plain);
      ctx.expect(after.status >= 400, `DELETE ${spelled} did not remove the repository: GET ${plain} answered ${after.status}`, {
        expected: 'a client error (the repository is gone)',
        actual: after.status,
        requirement: R.segment,
      });
    },
  }),
];
