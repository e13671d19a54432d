/** Spec: Services > start, stop, redeploy (reuse_volumes), DELETE (not reversible). */
import { expectRefused, finishedActionOf, SUCCEEDS, IN_PROGRESS } from '../support/actions.ts';
import { startOp } from '../support/async-op.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import {
  sharedNodes,
  containersOf,
  createService,
  IGNORES_TERM,
  live,
  operate,
  operateAndSettle,
  runningService,
  serviceBody,
  SERVICES,
  settled,
  startedService,
  terminateLater,
  waitForContainers,
} from '../support/app.ts';
import { environment } from '../support/streams.ts';
import {
  DATA_PATH,
  expectDataDeleted,
  expectReuseVolumesDefault,
  expectReuseVolumesQuery,
  type RedeployedVolumes,
  volumeAt,
  writeMarker,
} from '../support/reuse-volumes.ts';
import type { Service } from '../support/views.generated.ts';
import { OPERATION, operationRequirement } from '../support/operation-requirements.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const R = {
  start: 'cloud/service/start/effect',
  start202: 'cloud/service/start/202-async',
  stop: 'cloud/service/stop/effect',
  stop202: 'cloud/service/stop/202-async',
  redeploy: 'cloud/service/redeploy/effect',
  redeploy202: 'cloud/service/redeploy/202-async',
  terminate: 'cloud/service/terminate/effect',
  terminate202: 'cloud/service/terminate/202-async',
  reuse: 'cloud/service/redeploy/reuse-volumes-default-true',
  reuseQuery: 'cloud/service/redeploy/query-reuse-volumes',
  irreversible: 'cloud/service/terminate/not-reversible',
  dataDeleted: 'cloud/service/terminate/data-deleted',
};
const PARTLY_RUNNING_START = 'cloud/states/service/partly-running-allows-start';

/** The volume URIs of a service's live containers, by container path. */
export async function volumesOf(ctx: CloudContext, svc: Service): Promise<string[]> {
  const containers = live(await containersOf(ctx, svc));
  return containers.flatMap((c) => (c.bindings ?? []).map((b) => `${String(b.container_path)}=${String(b.volume)}`)).sort();
}

/** The volumes and the running container of a one-container service, read once it has its container again. */
export const serviceVolumes = (ctx: CloudContext, svc: Service): RedeployedVolumes => ({
  volumes: async () => {
    await waitForContainers(ctx, svc, 1);
    return volumesOf(ctx, svc);
  },
  running: () => waitForContainers(ctx, svc, 1),
});

/**
 * A start of a service that has run before: every container ends Running again, none added. `refusable`: the state table
 * does not list start for this state (Partly running: the spec only adds that start is described as acting on it), so a
 * refusal is observed, not a breach of the start's effect (its state row, recommended, reports it once); an accepted start
 * must take effect.
 */
async function startAll(ctx: CloudContext, svc: Service, what: string, refusable = false): Promise<void> {
  const res = await operate(ctx, svc.resource_uri, 'start');
  if (refusable && !isSuccess(res.status)) {
    ctx.observe(`start of ${what} answered ${res.status}: the state table does not list start there (see ${PARTLY_RUNNING_START})`);
    return;
  }
  ctx.expect(isSuccess(res.status), `start of ${what} answered ${res.status}`, {
    expected: 'accepted',
    actual: res.status,
    requirement: R.start,
  });
  await waitForContainers(ctx, svc, 2, ['Running'], undefined, R.start);
  const got = await settled(ctx, 'service', svc.resource_uri);
  ctx.expectEqual(got.running_num_containers, 2, `after the start of ${what} not all its containers run`, R.start);
}

export default [
  cloudCheck({
    id: R.start,
    title: 'start starts all containers: they end Running and running_num_containers equals target_num_containers (202, action ends)',
    requirements: [R.start, R.start202, SUCCEEDS, IN_PROGRESS],
    endpoint: 'cloud/service/start',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await createService(ctx, serviceBody(ctx, at, { target_num_containers: 2 }));
      const op = await startOp(ctx, svc.resource_uri, 'start', R.start, R.start202);
      const [one] = await waitForContainers(ctx, svc, 2);
      const got = await ctx.waitForState('service', svc.resource_uri, ['Running']);
      ctx.expectEqual(got.running_num_containers, got.target_num_containers, 'running_num_containers is not target_num_containers', R.start);
      await op.expectAsync();
      // Not only the first deploy: a start of a partly running (where accepted), then of a stopped service starts all its containers.
      await ctx.setUp(async () => {
        await operate(ctx, one!.resource_uri, 'stop');
        await ctx.waitForState('container', one!.resource_uri, ['Stopped']);
        await settled(ctx, 'service', svc.resource_uri);
      }, R.stop);
      await startAll(ctx, svc, 'a partly running service', true);
      await ctx.setUp(async () => {
        await operateAndSettle(ctx, svc, 'stop');
        await waitForContainers(ctx, svc, 2, ['Stopped']);
      }, R.stop);
      await startAll(ctx, svc, 'a stopped service');
    },
  }),
  cloudCheck({
    id: R.stop,
    title: 'stop stops all containers of the service, programs that ignore SIGTERM too: they end Stopped (202 at once, action ends)',
    requirements: [R.stop, R.stop202, SUCCEEDS, IN_PROGRESS],
    endpoint: 'cloud/service/stop',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      // Programs that ignore SIGTERM: their stop lasts (a grace period), so an answer that waited for it is told by the dates.
      const svc = await runningService(ctx, at, { target_num_containers: 2, run_command: IGNORES_TERM });
      const op = await startOp(ctx, svc.resource_uri, 'stop', R.stop, R.stop202);
      await waitForContainers(ctx, svc, 2, ['Stopped']);
      ctx.expectEqual((await settled(ctx, 'service', svc.resource_uri)).state, 'Stopped', 'the stopped service is not Stopped', R.stop);
      await op.expectAsync();
    },
  }),
  cloudCheck({
    id: R.redeploy,
    title:
      'redeploy redeploys all containers with the current configuration, a Stopped one included: afterwards they all run it ' +
      '(synchronized, Running) (202, action ends)',
    requirements: [R.redeploy, R.redeploy202, SUCCEEDS, IN_PROGRESS],
    endpoint: 'cloud/service/redeploy',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      // Two containers: "all containers" get the current configuration, not only the first; and the second one stopped
      // (by its own stop), so that "all" is not only the running ones. The state table allows a redeploy of a Partly running service.
      const svc = await runningService(ctx, at, { target_num_containers: 2 });
      const uri = svc.resource_uri;
      const [, second] = await waitForContainers(ctx, svc, 2);
      const stopped = await operateAndSettle(ctx, second!, 'stop');
      ctx.precondition(
        stopped.state === 'Stopped',
        `the container stopped by its stop endpoint is ${stopped.state}`,
        operationRequirement(stopped.resource_uri, 'stop'),
      );
      const patch = await ctx.api.patch(uri, { container_envvars: [{ key: 'CONFORMANCE_REDEPLOY', value: 'new' }] });
      ctx.precondition(patch.status < 300, `PATCH of the service answered ${patch.status}`, OPERATION.serviceUpdate);
      const before = await settled(ctx, 'service', uri);
      ctx.observe(`before the redeploy the service with one container stopped is ${before.state}`);
      const op = await startOp(ctx, uri, 'redeploy', R.redeploy, R.redeploy202);
      // The redeploy's work ended first: a redeploy may replace the containers (new uuids, the old ones
      // Terminated), so the containers read before its end may be the old ones. An action that never ends breaks the async rule.
      if (op.res.headers[ctx.actionHeader]) await finishedActionOf(ctx, op.res, 'redeploy', 30_000, R.redeploy202);
      const got = await settled(ctx, 'service', uri);
      const containers = live(await containersOf(ctx, svc));
      ctx.expect(
        containers.length === 2 && containers.every((c) => c.state === 'Running'),
        'after redeploy not all containers of the service run: a Stopped one was not redeployed',
        { expected: ['Running', 'Running'], actual: containers.map((c) => `${String(c.name)} ${c.state}`), requirement: R.redeploy },
      );
      ctx.expectEqual(got.state, 'Running', 'after redeploy of a service with a Stopped container the service is not Running', R.redeploy);
      ctx.expectEqual(got.synchronized, true, 'after redeploy the service is not synchronized with its containers', R.redeploy);
      for (const container of containers) {
        ctx.expectEqual(container.synchronized, true, `the redeployed container ${String(container.name)} is not synchronized with its service`, R.redeploy);
        if (container.state !== 'Running') continue;
        ctx.expectEqual(
          (await environment(ctx, container, R.redeploy)).get('CONFORMANCE_REDEPLOY'),
          'new',
          `the redeployed container ${String(container.name)} does not have the current configuration`,
          R.redeploy,
        );
      }
      await op.expectAsync();
    },
  }),
  cloudCheck({
    id: R.terminate,
    title: 'DELETE terminates all containers and the service: they end Terminated (202, action ends)',
    requirements: [R.terminate, R.terminate202, SUCCEEDS, IN_PROGRESS],
    endpoint: 'cloud/service/terminate',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await runningService(ctx, at, { target_num_containers: 2 });
      const containers = live(await containersOf(ctx, svc));
      const op = await startOp(ctx, svc.resource_uri, 'terminate', R.terminate, R.terminate202);
      await ctx.waitForState('service', svc.resource_uri, ['Terminated']);
      for (const c of containers)
        ctx.expectEqual(
          (await settled(ctx, 'container', c.resource_uri)).state,
          'Terminated',
          `container ${c.resource_uri} of the terminated service is not Terminated`,
          R.terminate,
        );
      await op.expectAsync();
    },
  }),
  cloudCheck({
    id: R.reuse,
    title: "Without reuse_volumes, redeploy keeps the containers' volumes (default true)",
    endpoint: 'cloud/service/redeploy',
    async run(ctx) {
      const svc = await runningService(ctx, await sharedNodes(ctx), { bindings: [{ container_path: DATA_PATH }] });
      await expectReuseVolumesDefault(ctx, svc, serviceVolumes(ctx, svc), R.reuse);
    },
  }),
  cloudCheck({
    id: R.reuseQuery,
    title: "Service redeploy with reuse_volumes=true keeps the containers' volumes, with reuse_volumes=false gives them new ones",
    endpoint: 'cloud/service/redeploy',
    async run(ctx) {
      const svc = await runningService(ctx, await sharedNodes(ctx), { bindings: [{ container_path: DATA_PATH }] });
      await expectReuseVolumesQuery(ctx, svc, serviceVolumes(ctx, svc), R.reuseQuery);
    },
  }),
  cloudCheck({
    id: R.irreversible,
    title: 'Termination is not reversible: a Terminated service cannot be started again',
    endpoint: 'cloud/service/terminate',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await runningService(ctx, at);
      const uri = svc.resource_uri;
      await operateAndSettle(ctx, svc, 'terminate');
      const res = await operate(ctx, uri, 'start');
      await expectRefused(ctx, res, 'start of a Terminated service', R.irreversible);
      ctx.expectEqual((await settled(ctx, 'service', uri)).state, 'Terminated', 'the Terminated service left Terminated', R.irreversible);
    },
  }),
  cloudCheck({
    id: R.dataDeleted,
    title: "DELETE deletes the data in the service's containers for good: a new service of its name and binding gets neither its volume nor its data",
    endpoint: 'cloud/service/terminate',
    async run(ctx) {
      // The same name and binding again: a target keeping volumes by service name and path (as named volumes are) gives them back.
      const body = serviceBody(ctx, await sharedNodes(ctx), { bindings: [{ container_path: DATA_PATH }] });
      const svc = await startedService(ctx, await createService(ctx, body));
      const [container] = await waitForContainers(ctx, svc, 1);
      const volume = volumeAt(container!, DATA_PATH);
      const marker = await writeMarker(ctx, [container!]);
      await ctx.setUp(() => operateAndSettle(ctx, svc, 'terminate'), R.terminate);
      const res = await ctx.api.post(SERVICES, body);
      // Whether the name of a terminated service is free again is not shown.
      if (!isSuccess(res.status)) return ctx.unverified(`a new service named ${String(body.name)} was refused (${res.status}): ${res.text().slice(0, 200)}`);
      const again = ctx.expectJson<Service>(res, 'service create response');
      terminateLater(ctx, again.resource_uri);
      const [fresh] = await waitForContainers(ctx, await startedService(ctx, again), 1);
      const what = 'of a new service of the same name and binding';
      await expectDataDeleted(ctx, { volume, marker, fresh: fresh!, others: [fresh!], what }, R.dataDeleted);
    },
  }),
];
