/** Spec: Services > GET list and one service; the Service fields (counters, containers, links, dates, synchronized). */
import { cloudCheck } from '../support/check.ts';
import {
  sharedNodes,
  containersOf,
  createService,
  live,
  operate,
  operateAndSettle,
  runningService,
  scaledTo,
  serviceBody,
  settled,
  SERVICES,
  waitForContainers,
} from '../support/app.ts';
import { expectListed, expectListedAsGot, listAll, sameResource, type Json } from '../support/lists.ts';
import { expectAtSpecPath } from '../support/spec-paths.ts';
import { dateMs, expectLaterDate, expectNullDates, expectRunDates } from '../support/run-dates.ts';
import { afterTargetSecond } from '../support/target-clock.ts';
import type { CloudContext } from '../support/context.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const R = {
  list: 'cloud/service/list/returns-services',
  recent: 'cloud/service/list/recently-terminated',
  get: 'cloud/service/get/returns-service',
  counters: 'cloud/service/get/counters',
  belong: 'cloud/service/get/containers-belong',
  synchronized: 'cloud/service/get/synchronized',
  linkedFrom: 'cloud/service/get/linked-from',
  dates: 'cloud/service/get/datetimes-track-operations',
};

/** Fields of a service that its GET and its entry in the list show alike. */
const SERVICE_SHOWN = ['cpu_shares', 'memory', 'memory_swap', 'target_num_containers', 'current_num_containers', 'container_ports'];
/** Numbers other than their defaults, so that a list writing a placeholder for them shows. */
const SIZED: Json = { cpu_shares: 256, memory: 64, memory_swap: 128, target_num_containers: 2, container_ports: [{ protocol: 'tcp', inner_port: 8080 }] };
const DATES = ['deployed_datetime', 'started_datetime', 'stopped_datetime', 'destroyed_datetime'] as const;

/** The update of the synchronized check: containers deployed before it run without this variable. */
const CHANGED = { key: 'CONFORMANCE', value: 'changed' };

/**
 * After an update, a scale-up adds containers built from the new definition: while a container
 * still runs the old one (its container_envvars lack the change), the definition does not match
 * the current containers, and the service says synchronized false. A scale that redeployed every
 * container leaves none stale: then nothing is judged.
 */
async function expectStaleAfterScaleUp(ctx: CloudContext, svc: { resource_uri: string }, change: { key: string; value: string }): Promise<void> {
  if (!(await scaledTo(ctx, svc, 2))) return;
  const containers = await waitForContainers(ctx, svc, 2);
  const stale = containers.filter((c) => !(c.container_envvars ?? []).some((e) => e.key === change.key && e.value === change.value));
  const now = await settled(ctx, 'service', svc.resource_uri);
  if (!stale.length) return ctx.observe(`after the scale-up every container shows ${change.key}=${change.value}: none runs the old definition`);
  ctx.expect(now.synchronized === false, 'after an update and a scale-up the service says synchronized while a container still runs the old definition', {
    expected: false,
    actual: { synchronized: now.synchronized, stale: stale.map((c) => c.resource_uri) },
    requirement: R.synchronized,
  });
}

/** The date of the last `op` (done in a later second of the target's clock than every date of `before`) is later than before's. */
function expectLater(ctx: CloudContext, after: Json, before: Json, field: (typeof DATES)[number], op: string): void {
  expectLaterDate(ctx, after[field], before[field], `${field} is not the date of the last ${op}: it stayed ${String(before[field])}`, R.dates);
}

export default [
  cloudCheck({
    id: R.list,
    title: 'The service list returns a list of service objects, including the two just created, each once',
    endpoint: 'cloud/service/list',
    async run(ctx) {
      const body = (): Json => serviceBody(ctx, undefined, SIZED);
      const mine = [await createService(ctx, body()), await createService(ctx, body())];
      await expectListed(ctx, 'service', SERVICES, mine, 'a service just created', R.list, SERVICE_SHOWN);
    },
  }),
  cloudCheck({
    id: R.recent,
    title: 'The service list holds recently terminated services',
    endpoint: 'cloud/service/list',
    async run(ctx) {
      const svc = await createService(ctx, serviceBody(ctx, undefined));
      await operateAndSettle(ctx, svc, 'terminate');
      const objects = await listAll(ctx, SERVICES);
      const mine = objects.find((o) => o.uuid === svc.uuid);
      ctx.expect(mine !== undefined, 'a service terminated a moment ago is not listed', { requirement: R.recent });
      ctx.expectEqual(mine?.state, 'Terminated', 'the listed terminated service is not in state Terminated', R.recent);
    },
  }),
  cloudCheck({
    id: R.get,
    title: 'GET of one service returns it',
    endpoint: 'cloud/service/get',
    async run(ctx) {
      const svc = await createService(ctx, serviceBody(ctx, undefined));
      const got = ctx.expectView('service', await ctx.getJson('service', svc.resource_uri, 'service'), 'GET service', R.get);
      ctx.expectEqual(got.uuid, svc.uuid, 'GET returns another service', R.get);
      ctx.expectEqual(got.name, svc.name, 'GET returns another service', R.get);
      await expectAtSpecPath(ctx, 'service', svc, R.get);
    },
  }),
  cloudCheck({
    id: R.counters,
    title: "current/running/stopped_num_containers count the service's containers; each listed container names the service",
    requirements: [R.counters, R.belong],
    endpoint: 'cloud/service/get',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await runningService(ctx, at, { target_num_containers: 2 });
      const [one] = await waitForContainers(ctx, svc, 2);
      await operateAndSettle(ctx, one!, 'stop');
      const got = await settled(ctx, 'service', svc.resource_uri);
      const containers = await containersOf(ctx, svc);
      for (const c of containers)
        ctx.expect(sameResource(c.service, svc.resource_uri), `container ${c.resource_uri} names service ${String(c.service)}`, {
          requirement: R.belong,
        });
      const count = (state: string): number => containers.filter((c) => c.state === state).length;
      ctx.expectEqual(got.current_num_containers, live(containers).length, 'current_num_containers is not the number of containers', R.counters);
      ctx.expectEqual(got.running_num_containers, count('Running'), 'running_num_containers is not the number of Running containers', R.counters);
      ctx.expectEqual(got.stopped_num_containers, count('Stopped'), 'stopped_num_containers is not the number of Stopped containers', R.counters);
      ctx.expectEqual(
        [got.current_num_containers, got.running_num_containers, got.stopped_num_containers],
        [2, 1, 1],
        'counters after stopping one of two containers',
        R.counters,
      );
      // A terminated container is no longer counted: the stopped one is terminated.
      await ctx.setUp(() => operateAndSettle(ctx, one!, 'terminate'), 'cloud/container/terminate/effect');
      const now = await settled(ctx, 'service', svc.resource_uri);
      const left = live(await containersOf(ctx, svc));
      ctx.expectEqual(now.current_num_containers, left.length, 'after a terminate current_num_containers still counts the terminated container', R.counters);
      ctx.expectEqual(
        now.stopped_num_containers,
        left.filter((c) => c.state === 'Stopped').length,
        'after a terminate of the Stopped container stopped_num_containers still counts it',
        R.counters,
      );
    },
  }),
  cloudCheck({
    id: R.synchronized,
    title: 'synchronized is false after an update that changes the containers (also once a scale-up adds new ones), true again after redeploy',
    endpoint: 'cloud/service/get',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await runningService(ctx, at);
      const uri = svc.resource_uri;
      ctx.expectEqual((await ctx.getJson('service', uri, 'service')).synchronized, true, 'a service just started is not synchronized', R.synchronized);
      const res = await ctx.api.patch(uri, { container_envvars: [CHANGED] });
      ctx.expect(isSuccess(res.status), `PATCH answered ${res.status}`, { requirement: R.synchronized });
      ctx.expectEqual(
        (await settled(ctx, 'service', uri)).synchronized,
        false,
        'after an update of container_envvars the service still says synchronized',
        R.synchronized,
      );
      await expectStaleAfterScaleUp(ctx, svc, CHANGED);
      await operateAndSettle(ctx, svc, 'redeploy');
      ctx.expectEqual(
        (await ctx.waitForState('service', uri, ['Running'])).synchronized,
        true,
        'after redeploy the service is not synchronized',
        R.synchronized,
      );
    },
  }),
  cloudCheck({
    id: R.linkedFrom,
    title: "A link from service A to B appears in A's linked_to_service and B's linked_from_service (from A, to B)",
    endpoint: 'cloud/service/get',
    async run(ctx) {
      const b = await createService(ctx, serviceBody(ctx, undefined));
      const a = await createService(ctx, serviceBody(ctx, undefined, { linked_to_service: [{ to_service: b.resource_uri, name: 'conformance-db' }] }));
      const want = (l: Json): boolean =>
        sameResource(l.from_service, a.resource_uri) && sameResource(l.to_service, b.resource_uri) && l.name === 'conformance-db';
      const gotA = await ctx.getJson('service', a.resource_uri, 'service A');
      const gotB = await ctx.getJson('service', b.resource_uri, 'service B');
      ctx.expect((gotA.linked_to_service as Json[]).some(want), "the link is not in A's linked_to_service", {
        expected: { from_service: a.resource_uri, to_service: b.resource_uri, name: 'conformance-db' },
        actual: gotA.linked_to_service,
        requirement: R.linkedFrom,
      });
      ctx.expect((gotB.linked_from_service as Json[]).some(want), "the link is not in B's linked_from_service", {
        expected: { from_service: a.resource_uri, to_service: b.resource_uri },
        actual: gotB.linked_from_service,
        requirement: R.linkedFrom,
      });
    },
  }),
  cloudCheck({
    id: R.dates,
    title: 'deployed/started/stopped/destroyed_datetime are null before the first deploy, start, stop, terminate and the date of the last one after it',
    endpoint: 'cloud/service/get',
    async run(ctx) {
      const since = Date.now();
      const at = await sharedNodes(ctx);
      const svc = await createService(ctx, serviceBody(ctx, at));
      const uri = svc.resource_uri;
      expectNullDates(ctx, svc, DATES, 'the create answer of a service', R.dates);
      expectNullDates(ctx, await ctx.getJson('service', uri, 'service'), DATES, 'a created service', R.dates);
      const started = await operateAndSettle(ctx, svc, 'start');
      expectRunDates(ctx, started, ['deployed_datetime', 'started_datetime'], since, 'a started service', R.dates);
      expectNullDates(ctx, started, ['stopped_datetime', 'destroyed_datetime'], 'a started, never stopped service', R.dates);
      await expectListedAsGot(ctx, SERVICES, started, DATES, R.dates);
      const stopped = await operateAndSettle(ctx, svc, 'stop');
      expectRunDates(ctx, stopped, ['stopped_datetime'], dateMs(started.started_datetime), 'a stopped service', R.dates);
      await expectListedAsGot(ctx, SERVICES, stopped, DATES, R.dates);
      // The dates of the last operation: after a later second of the target's clock, each operation again.
      await afterTargetSecond(ctx, uri, [stopped.stopped_datetime, started.started_datetime, started.deployed_datetime]);
      const restarted = await operateAndSettle(ctx, svc, 'start');
      expectLater(ctx, restarted, stopped, 'started_datetime', 'start');
      expectLater(ctx, await operateAndSettle(ctx, svc, 'redeploy'), stopped, 'deployed_datetime', 'redeploy');
      const stoppedAgain = await operateAndSettle(ctx, svc, 'stop');
      expectLater(ctx, stoppedAgain, stopped, 'stopped_datetime', 'stop');
      const res = await operate(ctx, uri, 'terminate');
      ctx.expect(res.status < 300, `terminate answered ${res.status}`, { requirement: R.dates });
      const gone = await ctx.waitForState('service', uri, ['Terminated']);
      expectRunDates(ctx, gone, ['destroyed_datetime'], dateMs(stoppedAgain.stopped_datetime), 'a terminated service', R.dates);
      await expectListedAsGot(ctx, SERVICES, gone, DATES, R.dates);
    },
  }),
];
