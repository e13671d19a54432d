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
  serviceBody,
  settled,
  SERVICES,
  waitForContainers,
} from '../support/app.ts';
import { expectListed, listAll, sameResource, type Json } from '../support/lists.ts';
import { expectAtSpecPath } from '../support/spec-paths.ts';

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

const DATES = ['deployed_datetime', 'started_datetime', 'stopped_datetime', 'destroyed_datetime'] as const;
const time = (v: unknown): number => (typeof v === 'string' ? Date.parse(v) : Number.NaN);

export default [
  cloudCheck({
    id: R.list,
    title: 'The service list returns a list of service objects, including the two just created, each once',
    endpoint: 'cloud/service/list',
    async run(ctx) {
      const mine = [await createService(ctx, serviceBody(ctx, undefined)), await createService(ctx, serviceBody(ctx, undefined))];
      await expectListed(ctx, 'service', SERVICES, mine, 'a service just created', R.list);
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
    },
  }),
  cloudCheck({
    id: R.synchronized,
    title: 'synchronized is false after an update that changes the containers, true again after redeploy',
    endpoint: 'cloud/service/get',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await runningService(ctx, at);
      const uri = svc.resource_uri;
      ctx.expectEqual((await ctx.getJson('service', uri, 'service')).synchronized, true, 'a service just started is not synchronized', R.synchronized);
      const res = await ctx.api.patch(uri, { container_envvars: [{ key: 'CONFORMANCE', value: 'changed' }] });
      ctx.expect(res.status >= 200 && res.status < 300, `PATCH answered ${res.status}`, { requirement: R.synchronized });
      ctx.expectEqual(
        (await settled(ctx, 'service', uri)).synchronized,
        false,
        'after an update of container_envvars the service still says synchronized',
        R.synchronized,
      );
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
    title: 'deployed/started/stopped/destroyed_datetime are null before the first deploy, start, stop, terminate and set after it',
    endpoint: 'cloud/service/get',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await createService(ctx, serviceBody(ctx, at));
      const uri = svc.resource_uri;
      const fresh = await ctx.getJson('service', uri, 'service');
      ctx.expectEqual(
        DATES.map((d) => fresh[d]),
        [null, null, null, null],
        'a created service has dates set',
        R.dates,
      );
      const started = await operateAndSettle(ctx, svc, 'start');
      ctx.expect(
        !Number.isNaN(time(started.deployed_datetime)) && !Number.isNaN(time(started.started_datetime)),
        'a started service has no deployed_datetime or started_datetime',
        { actual: DATES.map((d) => started[d]), requirement: R.dates },
      );
      ctx.expectEqual(
        [started.stopped_datetime, started.destroyed_datetime],
        [null, null],
        'a started, never stopped service has stopped/destroyed dates',
        R.dates,
      );
      const stopped = await operateAndSettle(ctx, svc, 'stop');
      ctx.expect(time(stopped.stopped_datetime) >= time(started.started_datetime), 'stopped_datetime is not set to a time after the start', {
        actual: [stopped.started_datetime, stopped.stopped_datetime],
        requirement: R.dates,
      });
      const res = await operate(ctx, uri, 'terminate');
      ctx.expect(res.status < 300, `terminate answered ${res.status}`, { requirement: R.dates });
      const gone = await ctx.waitForState('service', uri, ['Terminated']);
      ctx.expect(time(gone.destroyed_datetime) >= time(stopped.stopped_datetime), 'destroyed_datetime is not set after terminate', {
        actual: gone.destroyed_datetime,
        requirement: R.dates,
      });
    },
  }),
];
