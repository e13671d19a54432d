/** Spec: Services > POST /api/app/v1/[ns/]service/: the service created carries every field of the create body sent. */
import { cloudCheck } from '../support/check.ts';
import { createService, serviceBody, SERVICES, sharedNodes } from '../support/app.ts';
import { everyFieldBody } from './every-field.ts';
import { verifyKept } from '../support/kept.ts';
import { expectStaysUnstarted } from '../support/unstarted.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const R = {
  returns: 'cloud/service/create/returns-service',
  notStarted: 'cloud/service/create/not-started',
  status201: 'cloud/service/create/201',
};

export default [
  cloudCheck({
    id: R.returns,
    title: 'POST creates a service and returns it carrying every field sent (the create answer and a later GET); it is not started',
    requirements: [R.returns, R.notStarted, R.status201],
    endpoint: 'cloud/service/create',
    async run(ctx) {
      const body = await ctx.setUp(() => everyFieldBody(ctx));
      const res = await ctx.api.post(SERVICES, body);
      ctx.expect(isSuccess(res.status), `create answered ${res.status}: ${res.text().slice(0, 200)}`, { requirement: R.returns });
      const svc = ctx.expectView('service', ctx.expectJson(res, 'create response'), 'the created service', R.returns);
      ctx.defer(async () => void (await ctx.api.delete(svc.resource_uri)));
      verifyKept(ctx, body, svc, 'the create answer', R.returns);
      const got = ctx.expectView('service', await ctx.getJson('service', svc.resource_uri, 'the service'), 'GET service', R.returns);
      verifyKept(ctx, body, got, 'a later GET', R.returns);
      // Nothing ran between the two: the answer shows the service's state of synchrony as the GET does.
      ctx.expectEqual(svc.synchronized, got.synchronized, 'the create answer shows synchronized otherwise than the GET right after it', R.returns);
      ctx.verify(got.state === 'Not running', `a created service is in state ${String(got.state)}`, {
        requirement: R.notStarted,
        expected: 'Not running',
        actual: got.state,
      });
      ctx.verify(got.current_num_containers === 0 && JSON.stringify(got.containers) === '[]', 'a created service has containers', {
        requirement: R.notStarted,
        expected: { current_num_containers: 0, containers: [] },
        actual: { current_num_containers: got.current_num_containers, containers: got.containers },
      });
      ctx.verify(res.status === 201, `create answered ${res.status} (facts: 201 with the service)`, {
        requirement: R.status201,
        expected: 201,
        actual: res.status,
      });
    },
  }),
  cloudCheck({
    id: `${R.notStarted}/placeable`,
    title: 'A service created where it could run (its tags name a deployed node) stays Not running, without containers, a while after create',
    requirements: [R.notStarted],
    endpoint: 'cloud/service/create',
    async run(ctx) {
      // The service of the check above names tags no node carries: a start the create set off could place nothing there.
      const svc = await createService(ctx, serviceBody(ctx, await sharedNodes(ctx)));
      const unstarted = { state: 'Not running', current_num_containers: 0, containers: [] };
      await expectStaysUnstarted(
        ctx,
        async () => {
          const got = await ctx.getJson('service', svc.resource_uri, 'the created service');
          return { state: got.state, current_num_containers: got.current_num_containers, containers: got.containers };
        },
        unstarted,
        'a created service',
        R.notStarted,
      );
    },
  }),
];
