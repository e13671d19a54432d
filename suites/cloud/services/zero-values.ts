/**
 * Spec: Services and Container: a service and each of its containers are service and container
 * objects whatever their values, also where a value is empty or null. A service sent with its
 * optional strings empty (nickname, user, working_dir, a link's name, a tag's name), no
 * run_command (null), an environment variable with an empty value, an unpublished port (no outer
 * port, no endpoint), a binding with a host path (no volume) and one by volumes_from (no
 * container path), and one with no containers at all, is read in every form: its create answer,
 * GET, the list and the update answer; its container's GET, the container list (also at once after
 * the start, while a container not yet started shows started_datetime null) and the redeploy
 * answer; a stack with an empty nickname likewise. Each must be the documented object (its schema): a field left out because its value is
 * zero reads differently. Whether an empty nickname, user or working_dir is kept or replaced by
 * its default is not shown, so the values themselves are not compared.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import {
  CONTAINERS,
  firstContainer,
  operate,
  runningService,
  serviceBody,
  SERVICES,
  settleOperation,
  STACKS,
  sharedNodes,
  type AppNodes,
} from '../support/app.ts';
import { listAll, sameResource, type Json } from '../support/lists.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const R = {
  create: 'cloud/service/create/returns-service',
  list: 'cloud/service/list/returns-services',
  inherits: 'cloud/container/get/returns-container',
  containers: 'cloud/container/list/returns-containers',
  stack: 'cloud/stack/create/returns-stack',
};

/**
 * The zero-valued service's body: links to and mounts the volumes of `to`; no run_command. Its
 * three containers start one after the other, so that the last one is still starting when a
 * client lists the containers as soon as the start is answered.
 */
function zeroBody(ctx: CloudContext, at: AppNodes, to: string): Json {
  const { run_command: _kept, ...body } = serviceBody(ctx, at, {
    nickname: '',
    target_num_containers: 3,
    sequential_deployment: true,
    user: '',
    working_dir: '',
    container_envvars: [{ key: 'CONFORMANCE_EMPTY', value: '' }],
    container_ports: [{ protocol: 'tcp', inner_port: 8080 }],
    bindings: [{ volumes_from: to }, { host_path: '/tmp', container_path: '/conformance-host', rewritable: false }],
    linked_to_service: [{ to_service: to, name: '' }],
  });
  return body;
}

/** POST of a service the target may refuse for its empty values: then the check cannot go on. */
async function createOrSkip(ctx: CloudContext, body: Json): Promise<Json> {
  const res = await ctx.api.post(SERVICES, body);
  if (res.status >= 400 && res.status < 500) return ctx.skip(`a service with empty optional values was refused (${res.status}): ${res.text().slice(0, 200)}`);
  const created = ctx.expectView('service', ctx.expectJson(res, 'create answer', R.create), 'the create answer', R.create);
  ctx.defer(async () => void (await ctx.api.delete(created.resource_uri)));
  return created;
}

/** The service's containers, as the container list shows them, are container objects (at least one where `some`). */
async function expectListedContainers(ctx: CloudContext, service: string, some = true): Promise<void> {
  const containers = (await listAll(ctx, CONTAINERS, { service })).filter((c) => sameResource(c.service, service));
  if (some) ctx.expect(containers.length > 0, 'the container list holds no container of the service', { requirement: R.containers });
  for (const c of containers) ctx.expectView('container', c, 'the listed container', R.containers);
}

/** A stack with an empty nickname is a stack object in its create answer, GET, the list and its update answer. */
async function expectEmptyNicknameStack(ctx: CloudContext): Promise<void> {
  const res = await ctx.api.post(STACKS, { name: ctx.uniqueName('stack'), nickname: '' });
  if (res.status >= 400 && res.status < 500) return ctx.observe(`a stack with an empty nickname was refused (${res.status})`);
  const stack = ctx.expectView('stack', ctx.expectJson(res, 'stack create answer', R.stack), 'the stack create answer', R.stack);
  ctx.defer(async () => void (await ctx.api.delete(stack.resource_uri)));
  ctx.expectView('stack', await ctx.getJson('stack', stack.resource_uri), 'GET of the stack', R.stack);
  ctx.expectView(
    'stack',
    (await listAll(ctx, STACKS)).find((o) => o.uuid === stack.uuid),
    'the listed stack',
    R.stack,
  );
  const update = await ctx.api.patch(stack.resource_uri, { services: [] });
  if (update.status === 202) ctx.expectView('stack', ctx.expectJson(update, 'stack update answer', R.stack), 'the stack update answer', R.stack);
}

export default [
  cloudCheck({
    id: `${R.create}/zero-values`,
    title: 'A service and its container with empty, null and false values are answered as service and container objects in every form',
    requirements: [R.create, R.list, R.inherits, R.containers, R.stack],
    endpoint: 'cloud/service/create',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const target = await ctx.setUp(() => runningService(ctx, at));
      const idle = await createOrSkip(ctx, serviceBody(ctx, undefined, { target_num_containers: 0, nickname: '', tags: [{ name: '' }] }));
      const zero = await createOrSkip(ctx, zeroBody(ctx, at, target.resource_uri));
      const begun = await operate(ctx, String(zero.resource_uri), 'start');
      // At once: the containers the start made may not have started yet (none may be listed yet either).
      if (isSuccess(begun.status)) await expectListedContainers(ctx, String(zero.resource_uri), false);
      const started = await ctx.setUp(() => settleOperation(ctx, { resource_uri: String(zero.resource_uri) }, 'start', begun));
      const listed = await listAll(ctx, SERVICES);
      for (const svc of [idle, zero, target] as Json[]) {
        ctx.expectView('service', await ctx.getJson('service', String(svc.resource_uri)), `GET ${String(svc.resource_uri)}`, R.create);
        const inList = listed.find((o) => o.uuid === svc.uuid);
        ctx.expect(inList !== undefined, `the service ${String(svc.uuid)} is not listed`, { requirement: R.list });
        ctx.expectView('service', inList, 'the listed service', R.list);
      }
      for (const svc of [zero, idle, target] as Json[]) {
        const update = await ctx.api.patch(String(svc.resource_uri), { nickname: '' });
        if (update.status === 202) ctx.expectView('service', ctx.expectJson(update, 'update answer', R.create), 'the update answer', R.create);
      }
      // Updated, its containers run the configuration before: the list shows it not synchronized.
      const relisted = (await listAll(ctx, SERVICES)).find((o) => o.uuid === zero.uuid);
      ctx.expectView('service', relisted, 'the updated service as listed', R.list);
      const container = await firstContainer(ctx, started);
      ctx.expectView('container', await ctx.getJson('container', container.resource_uri), 'GET of the container', R.inherits);
      await expectListedContainers(ctx, String(zero.resource_uri));
      const redeploy = await ctx.api.post(`${container.resource_uri}redeploy/`);
      if (redeploy.status === 202) ctx.expectView('container', ctx.expectJson(redeploy, 'redeploy answer', R.inherits), 'the redeploy answer', R.inherits);
      await expectListedContainers(ctx, String(zero.resource_uri));
      await expectEmptyNicknameStack(ctx);
    },
  }),
];
