/** Spec: Containers > start, stop, redeploy (reuse_volumes), DELETE (not reversible). */
import { expectActionSucceeded, expectRefused, ENDS, SUCCEEDS, IN_PROGRESS } from '../support/actions.ts';
import { expect202, expectCreatedInProgress, startOp } from '../support/async-op.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import {
  sharedNodes,
  firstContainer,
  IGNORES_TERM,
  live,
  containersOf,
  operate,
  operateAndSettle,
  runningService,
  settled,
  waitForContainers,
} from '../support/app.ts';
import type { Json } from '../support/lists.ts';
import type { Container, Service } from '../support/views.generated.ts';
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
import { OPERATION } from '../support/operation-requirements.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const R = {
  start: 'cloud/container/start/effect',
  start202: 'cloud/container/start/202-async',
  stop: 'cloud/container/stop/effect',
  stop202: 'cloud/container/stop/202-async',
  terminate: 'cloud/container/terminate/effect',
  terminate202: 'cloud/container/terminate/202-async',
  redeploy: 'cloud/container/redeploy/effect',
  redeploy202: 'cloud/container/redeploy/202',
  redeployAsync: 'cloud/container/redeploy/202-async',
  redeployOutside: 'cloud/states/container/redeploy-not-in-table',
  reuse: 'cloud/container/redeploy/reuse-volumes-default-true',
  reuseQuery: 'cloud/container/redeploy/query-reuse-volumes',
  irreversible: 'cloud/container/terminate/not-reversible',
  dataDeleted: 'cloud/container/terminate/data-deleted',
  serviceStart: 'cloud/service/start/effect',
  serviceStop: 'cloud/service/stop/effect',
};

const runningContainer = async (ctx: CloudContext, extra: Json = {}): Promise<Container> =>
  firstContainer(ctx, await runningService(ctx, await sharedNodes(ctx), extra));
/**
 * The two running containers of a service of two: an operation on one must leave the other as it
 * was (a service of one container cannot tell an operation on the container from one on its service).
 */
async function twoRunning(ctx: CloudContext, extra: Json = {}): Promise<{ svc: Service; one: Container; other: Container }> {
  const svc = await runningService(ctx, await sharedNodes(ctx), { target_num_containers: 2, ...extra });
  const [one, other] = await waitForContainers(ctx, svc, 2);
  return { svc, one: one!, other: other! };
}

/**
 * The action on the container answers 202, the container settles in `state`, the action ends,
 * and its service's other container stays in the state it was in.
 */
async function endsIn(
  ctx: CloudContext,
  c: Container,
  other: Container,
  verb: 'start' | 'stop' | 'terminate',
  state: string,
  effect: string,
  async202: string,
): Promise<void> {
  const uri = c.resource_uri;
  const was = (await ctx.getJson('container', other.resource_uri, 'the other container')).state;
  const op = await startOp(ctx, uri, verb, effect, async202);
  const past = { start: 'started', stop: 'stopped', terminate: 'terminated' }[verb];
  ctx.expectEqual((await settled(ctx, 'container', uri)).state, state, `the ${past} container is not ${state}`, effect);
  await op.expectAsync();
  ctx.expectEqual(
    (await settled(ctx, 'container', other.resource_uri)).state,
    was,
    `the ${verb} of ${uri} also changed the other container of its service (${other.resource_uri})`,
    effect,
  );
}

const volumes = (c: Container): string[] => (c.bindings ?? []).map((b) => `${String(b.container_path)}=${String(b.volume)}`).sort();
/** The volumes of a container and the container, read once it runs again. */
const containerVolumes = (ctx: CloudContext, c: Container): RedeployedVolumes => ({
  volumes: async () => volumes(await ctx.waitForState('container', c.resource_uri, ['Running'])),
  running: async () => [await ctx.waitForState('container', c.resource_uri, ['Running'])],
});

export default [
  cloudCheck({
    id: R.stop,
    title:
      'stop stops a running container, whose program ignores SIGTERM: it ends Stopped, the other container of its service runs on (202 at once, action ends)',
    requirements: [R.stop, R.stop202, SUCCEEDS, IN_PROGRESS],
    endpoint: 'cloud/container/stop',
    async run(ctx) {
      // A program that ignores SIGTERM: its stop lasts (a grace period), so an answer that waited for it is told by the dates.
      const { one, other } = await twoRunning(ctx, { run_command: IGNORES_TERM });
      await endsIn(ctx, one, other, 'stop', 'Stopped', R.stop, R.stop202);
    },
  }),
  cloudCheck({
    id: R.start,
    title:
      'start starts the stopped container named, the last of its service by name: it ends Running, ' +
      'the other stopped container of its service stays Stopped (202, action ends)',
    requirements: [R.start, R.start202, SUCCEEDS, IN_PROGRESS],
    endpoint: 'cloud/container/start',
    async run(ctx) {
      const { svc, one, other } = await twoRunning(ctx);
      // Both stopped (by their service), so that a start of one that starts the other shows.
      await ctx.setUp(async () => {
        await operateAndSettle(ctx, svc, 'stop');
        await waitForContainers(ctx, svc, 2, ['Stopped']);
      }, R.serviceStop);
      // The one named is not the first (by name; the service's order is not shown): a start of "the next stopped container" shows.
      const [first, last] = [one, other].sort((a, b) => String(a.name).localeCompare(String(b.name)));
      await endsIn(ctx, last!, first!, 'start', 'Running', R.start, R.start202);
    },
  }),
  cloudCheck({
    id: R.terminate,
    title: 'DELETE terminates the container: it ends Terminated, the other container of its service runs on (202, action ends)',
    requirements: [R.terminate, R.terminate202, SUCCEEDS, IN_PROGRESS],
    endpoint: 'cloud/container/terminate',
    async run(ctx) {
      const { one, other } = await twoRunning(ctx);
      await endsIn(ctx, one, other, 'terminate', 'Terminated', R.terminate, R.terminate202);
    },
  }),
  cloudCheck({
    id: R.redeploy,
    title: "redeploy runs the container again with its service's current configuration (asynchronous: 202, action created In progress, ends Success)",
    requirements: [R.redeploy, R.redeployAsync, R.redeploy202, R.redeployOutside, IN_PROGRESS, ENDS, SUCCEEDS],
    endpoint: 'cloud/container/redeploy',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await runningService(ctx, at);
      const c = await firstContainer(ctx, svc);
      const patch = await ctx.api.patch(svc.resource_uri, { container_envvars: [{ key: 'CONFORMANCE_REDEPLOY', value: 'container' }] });
      ctx.precondition(patch.status < 300, `PATCH of the service answered ${patch.status}`, OPERATION.serviceUpdate);
      await settled(ctx, 'service', svc.resource_uri);
      const res = await operate(ctx, c.resource_uri, 'redeploy');
      ctx.observe(`redeploy of a Running container answered ${res.status} (the state table does not list redeploy)`);
      ctx.expect(isSuccess(res.status), `redeploy answered ${res.status}`, { requirement: R.redeploy });
      await expectCreatedInProgress(ctx, res, c.resource_uri, 'redeploy');
      const after = await ctx.waitForState('container', c.resource_uri, ['Running']);
      ctx.expectEqual(
        (await environment(ctx, after, R.redeploy)).get('CONFORMANCE_REDEPLOY'),
        'container',
        "the redeployed container does not have its service's current configuration",
        R.redeploy,
      );
      expect202(ctx, res, 'redeploy', R.redeployAsync);
      ctx.expectStatus(res, 202, 'redeploy (facts: 202 with the container)', R.redeploy202);
      await expectActionSucceeded(ctx, res, 'redeploy');
    },
  }),
  cloudCheck({
    id: R.reuse,
    title: "Without reuse_volumes, container redeploy keeps the container's volumes (default true)",
    endpoint: 'cloud/container/redeploy',
    async run(ctx) {
      const c = await runningContainer(ctx, { bindings: [{ container_path: DATA_PATH }] });
      await expectReuseVolumesDefault(ctx, c, containerVolumes(ctx, c), R.reuse);
    },
  }),
  cloudCheck({
    id: R.reuseQuery,
    title: "Container redeploy with reuse_volumes=true keeps the container's volumes, with reuse_volumes=false gives it new ones",
    endpoint: 'cloud/container/redeploy',
    async run(ctx) {
      const c = await runningContainer(ctx, { bindings: [{ container_path: DATA_PATH }] });
      await expectReuseVolumesQuery(ctx, c, containerVolumes(ctx, c), R.reuseQuery);
    },
  }),
  cloudCheck({
    id: R.irreversible,
    title: 'Termination is not reversible: a Terminated container cannot be started again',
    endpoint: 'cloud/container/terminate',
    async run(ctx) {
      const c = await runningContainer(ctx);
      await operateAndSettle(ctx, c, 'terminate');
      await expectRefused(ctx, await operate(ctx, c.resource_uri, 'start'), 'start of a Terminated container', R.irreversible);
      ctx.expectEqual((await settled(ctx, 'container', c.resource_uri)).state, 'Terminated', 'the Terminated container left Terminated', R.irreversible);
    },
  }),
  cloudCheck({
    id: R.dataDeleted,
    title: "DELETE deletes the container's data for good: the container its service deploys in its place has neither its volume nor its data",
    endpoint: 'cloud/container/terminate',
    async run(ctx) {
      const svc = await runningService(ctx, await sharedNodes(ctx), { bindings: [{ container_path: DATA_PATH }] });
      const c = await firstContainer(ctx, svc);
      const volume = volumeAt(c, DATA_PATH);
      // The data itself: a marker written into the volume by exec, which a kept volume would still hold under any URI.
      const marker = await writeMarker(ctx, [c]);
      await ctx.setUp(() => operateAndSettle(ctx, c, 'terminate'), R.terminate);
      // The service still wants one container: its start (or, where the state it settled in refuses a start, a
      // scale) deploys a new one, where a kept volume would show.
      const [fresh] = await ctx.setUp(async () => {
        if ((await operate(ctx, svc.resource_uri, 'start')).status >= 400) await operateAndSettle(ctx, svc, 'scale');
        return waitForContainers(ctx, svc, 1);
      }, R.serviceStart);
      const others = live(await containersOf(ctx, svc));
      await expectDataDeleted(ctx, { volume, marker, fresh: fresh!, others, what: 'deployed in place of the terminated container' }, R.dataDeleted);
    },
  }),
];
