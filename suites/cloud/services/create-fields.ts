/** Spec: Services > POST /api/app/v1/[ns/]service/: the service created carries every field of the create body sent. */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { createService, LONG_RUNNING, serviceBody, SERVICES } from '../support/app.ts';
import { verifyKept } from '../support/kept.ts';
import type { Json } from '../support/lists.ts';

const R = {
  returns: 'cloud/service/create/returns-service',
  notStarted: 'cloud/service/create/not-started',
  status201: 'cloud/service/create/201',
};

/** Every optional field of the create body, each with a value other than its default. */
async function everyField(ctx: CloudContext): Promise<Json> {
  const other = await createService(ctx, serviceBody(ctx, undefined));
  return serviceBody(ctx, undefined, {
    image: 'busybox:1.36',
    nickname: ctx.uniqueName('nick'),
    target_num_containers: 2,
    run_command: LONG_RUNNING,
    entrypoint: '/bin/sh -c',
    container_ports: [
      { protocol: 'udp', inner_port: 5353, outer_port: 15353, published: true },
      { protocol: 'tcp', inner_port: 8080 },
    ],
    container_envvars: [
      { key: 'CONFORMANCE', value: 'yes' },
      { key: 'CONFORMANCE_TWO', value: '2' },
    ],
    linked_to_service: [{ to_service: other.resource_uri, name: 'conformance-db' }],
    bindings: [{ container_path: '/conformance-data', rewritable: false }],
    autorestart: 'ON_FAILURE',
    autodestroy: 'ON_SUCCESS',
    sequential_deployment: true,
    roles: ['global'],
    privileged: true,
    deployment_strategy: 'HIGH_AVAILABILITY',
    tags: [{ name: 'conformance-a' }, { name: 'conformance-b' }],
    autoredeploy: true,
    net: 'host',
    pid: 'host',
    working_dir: '/tmp',
  });
}

export default [
  cloudCheck({
    id: R.returns,
    title: 'POST creates a service and returns it carrying every field sent (the create answer and a later GET); it is not started',
    requirements: [R.returns, R.notStarted, R.status201],
    endpoint: 'cloud/service/create',
    async run(ctx) {
      const body = await ctx.setUp(() => everyField(ctx));
      const res = await ctx.api.post(SERVICES, body);
      ctx.expect(res.status >= 200 && res.status < 300, `create answered ${res.status}: ${res.text().slice(0, 200)}`, { requirement: R.returns });
      const svc = ctx.expectView('service', ctx.expectJson(res, 'create response'), 'the created service', R.returns);
      ctx.defer(async () => void (await ctx.api.delete(svc.resource_uri)));
      verifyKept(ctx, body, svc, 'the create answer', R.returns);
      const got = ctx.expectView('service', await ctx.getJson('service', svc.resource_uri, 'the service'), 'GET service', R.returns);
      verifyKept(ctx, body, got, 'a later GET', R.returns);
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
];
