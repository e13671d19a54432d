/** Spec: Stacks > PATCH, start, stop, redeploy (reuse_volumes), DELETE. */
import type { WebSocketSession } from '../../../harness/target/websocket.ts';
import { expectActionSucceeded, ENDS, SUCCEEDS, IN_PROGRESS } from '../support/actions.ts';
import { startOp } from '../support/async-op.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { getRequirement, operationRequirement } from '../support/operation-requirements.ts';
import { sharedNodes, containersOf, createStack, live, operateAndSettle, serviceBody, settled, waitForContainers, type AppNodes } from '../support/app.ts';
import { keptField, verifyKept } from '../support/kept.ts';
import { UPDATE } from '../services/update.ts';
import { expectAnswerAsGot, sameResource, type Json } from '../support/lists.ts';
import { openEventsWitness, parseFrame } from '../support/streams.ts';
import { volumesOf } from '../services/operations.ts';
import { servicesByName } from './create.ts';
import { afterTargetSecond } from '../support/target-clock.ts';
import { DATA_PATH, expectReuseVolumesDefault, expectReuseVolumesQuery, type RedeployedVolumes } from '../support/reuse-volumes.ts';
import type { Container, Service, Stack } from '../support/views.generated.ts';
import { OPERATION } from '../support/operation-requirements.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const R = {
  updates: 'cloud/stack/update/updates-services',
  emptyPatch: 'cloud/stack/update/default-services-empty',
  update202: 'cloud/stack/update/202',
  resolves: 'cloud/uri/resource-uri-resolves',
  updateOutside: 'cloud/states/stack/update-not-in-table',
  start: 'cloud/stack/start/starts-services',
  start202: 'cloud/stack/start/202-async',
  stop: 'cloud/stack/stop/stops-services',
  stop202: 'cloud/stack/stop/202-async',
  stopOutside: 'cloud/states/stack/stop-not-in-table',
  redeploy: 'cloud/stack/redeploy/redeploys-services',
  redeploy202: 'cloud/stack/redeploy/202-async',
  terminate: 'cloud/stack/terminate/terminates-services',
  terminate202: 'cloud/stack/terminate/202-async',
  reuse: 'cloud/stack/redeploy/reuse-volumes-default-true',
  reuseQuery: 'cloud/stack/redeploy/query-reuse-volumes',
};

/** How long the event stream is read, once the stop has settled, for the messages still on their way. */
const EVENTS_GRACE_MS = 300;

/** The second PATCH item's parameters: values other than UPDATE's, so the service each item reached shows. */
const SECOND_UPDATE: Json = {
  container_envvars: [{ key: 'CONFORMANCE', value: 'second' }],
  target_num_containers: 2,
  nickname: 'conformance-second',
  tags: [{ name: 'conformance-stack-second' }],
};

/** A stack of `count` services (two by default) on the check's nodes. */
async function stackOf(ctx: CloudContext, at: AppNodes | undefined, extra: Json = {}, count = 2): Promise<Stack> {
  return createStack(ctx, { name: ctx.uniqueName('stack'), services: Array.from({ length: count }, () => serviceBody(ctx, at, extra)) });
}

export async function runningStack(ctx: CloudContext, extra: Json = {}): Promise<Stack> {
  const stack = await stackOf(ctx, await sharedNodes(ctx), extra);
  await operateAndSettle(ctx, stack, 'start');
  return ctx.waitForState('stack', stack.resource_uri, ['Running']);
}

/**
 * A started stack of two services on the shared nodes, one of two containers whose first container was stopped
 * by its own stop (the service Partly running), the other Running; the stack, its services, and the containers that still run.
 * A stop that stops only the services that are Running leaves the second container of the first running.
 */
async function partlyRunningStack(ctx: CloudContext): Promise<{ stack: Stack; services: Service[]; running: Container[] }> {
  const at = await sharedNodes(ctx);
  const bodies = [serviceBody(ctx, at, { target_num_containers: 2 }), serviceBody(ctx, at)];
  const stack = await createStack(ctx, { name: ctx.uniqueName('stack'), services: bodies });
  await operateAndSettle(ctx, stack, 'start');
  await ctx.waitForState('stack', stack.resource_uri, ['Running']);
  const byName = await servicesByName(ctx, stack);
  const services = bodies.map((b) => byName.get(String(b.name)));
  ctx.precondition(services.every(Boolean), `the stack does not list both services it was created with`, OPERATION.stackServices);
  const [partly, whole] = services as [Service, Service];
  const [first] = await ctx.setUp(() => waitForContainers(ctx, partly, 2), R.start);
  const containerStop = operationRequirement(first!.resource_uri, 'stop');
  const stopped = await operateAndSettle(ctx, first!, 'stop');
  ctx.precondition(stopped.state === 'Stopped', `the container stopped by its own stop is ${String(stopped.state)}`, containerStop);
  ctx.observe(`before the stack stop: the service with a container stopped is ${String((await settled(ctx, 'service', partly.resource_uri)).state)}`);
  const running = live([...(await containersOf(ctx, partly)), ...(await containersOf(ctx, whole))]).filter((c) => c.state === 'Running');
  ctx.precondition(running.length === 2, `after one container's stop, ${running.length} container(s) of the stack run, not the 2 others`, containerStop);
  return { stack: await settled(ctx, 'stack', stack.resource_uri), services: [partly, whole], running };
}

/** The stack's services (those `known` before an operation, else as the stack lists them now) end in one of `states`. */
async function expectServicesIn(ctx: CloudContext, stack: Stack, states: string[], requirement: string, known?: Service[]): Promise<Service[]> {
  const services = known ?? [...(await servicesByName(ctx, stack)).values()];
  ctx.precondition(services.length > 0, 'the stack has no services', OPERATION.stackServices);
  for (const svc of services) {
    const now = await settled(ctx, 'service', svc.resource_uri);
    ctx.expect(states.includes(String(now.state)), `service ${String(svc.name)} of the stack is ${String(now.state)}`, {
      expected: states,
      actual: now.state,
      requirement,
    });
  }
  return services;
}

/**
 * The containers of each service are in `state` too, as many as its target_num_containers: a service's
 * state is a word the target shows, its containers are what starting or stopping it does (a stack op
 * that only relabels its services, or runs one container of each, passes on their state).
 */
async function expectContainersIn(ctx: CloudContext, services: readonly Service[], state: string, requirement: string): Promise<void> {
  for (const svc of services) {
    const containers = live(await containersOf(ctx, svc));
    const other = containers.filter((c) => c.state !== state);
    ctx.expect(
      containers.length === svc.target_num_containers && other.length === 0,
      `service ${String(svc.name)}: ${containers.length} live container(s) for a target of ${svc.target_num_containers}, ${other.length} not ${state}`,
      {
        expected: `${svc.target_num_containers} container(s), every one ${state}`,
        actual: containers.map((c) => `${c.resource_uri}: ${String(c.state)}`),
        requirement,
      },
    );
  }
}

/**
 * Each container the services had before the stack's DELETE (running or Stopped) ends Terminated, or is gone (its GET 404):
 * as for start and stop, a DELETE that writes Terminated on the stack and its services while their containers run on passes
 * on the services' states ("terminates all its services": a service's containers are what terminating it ends).
 */
async function expectContainersTerminated(ctx: CloudContext, containers: readonly Container[], requirement: string): Promise<void> {
  ctx.precondition(containers.length > 0, 'the services of the started stack show no container before the DELETE', R.start);
  for (const c of containers) {
    const gone = (await ctx.api.get(c.resource_uri)).status === 404;
    const state = gone ? 'gone (404)' : String((await settled(ctx, 'container', c.resource_uri)).state);
    ctx.expect(gone || state === 'Terminated', `container ${String(c.name)} (${String(c.state)} before) of the terminated stack is ${state}`, {
      expected: 'Terminated, or gone',
      actual: state,
      requirement,
    });
  }
}

/**
 * An In progress action ends at the end of its operation: the stop's action reads Success only once
 * the containers that ran are Stopped. A stop that ends its action first leaves them Stopping for
 * a moment only, shorter than a few requests, so the order is read from the event stream (its
 * messages are facts): the action's Success event comes after every Stopped event of those containers.
 */
async function expectStoppedBeforeActionEnds(ctx: CloudContext, events: WebSocketSession, actionUri: string, containers: readonly Container[]): Promise<void> {
  const { messages } = await events.collect(EVENTS_GRACE_MS);
  const seen = messages.map((m) => parseFrame(ctx, m, 'event'));
  const ended = seen.findIndex((m) => m.type === 'action' && sameResource(m.resource_uri, actionUri) && m.state === 'Success');
  const stopped = containers.map((c) => seen.findIndex((m) => m.type === 'container' && sameResource(m.resource_uri, c.resource_uri) && m.state === 'Stopped'));
  if (ended < 0 || stopped.some((i) => i < 0))
    return ctx.observe(`the event stream did not show both the stop action's Success and each container's Stopped: their order was not read`);
  const late = containers.filter((_, i) => stopped[i]! > ended).map((c) => c.resource_uri);
  ctx.expect(late.length === 0, `the stop action ended Success before ${late.length} of the stack's containers were Stopped (event order)`, {
    expected: "every container that ran Stopped before the stop's action ended",
    actual: late,
    requirement: R.stop,
  });
}

/** Container uuids and deploy dates of every service of the stack. */
async function deployments(ctx: CloudContext, stack: Stack): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  for (const svc of (await servicesByName(ctx, stack)).values()) {
    for (const c of live(await containersOf(ctx, svc))) out.set(String(c.uuid), c.deployed_datetime);
  }
  return out;
}

/** The volumes of the stack's services' containers, once each service has its container again. */
async function stackVolumes(ctx: CloudContext, services: readonly Service[]): Promise<string[]> {
  for (const svc of services) await waitForContainers(ctx, svc, 1);
  return (await Promise.all(services.map((s) => volumesOf(ctx, s)))).flat();
}

/** The volumes of the stack's containers and the containers, read once each service has its container again. */
const stackRedeployed = (ctx: CloudContext, services: readonly Service[]): RedeployedVolumes => ({
  volumes: () => stackVolumes(ctx, services),
  running: async () => (await Promise.all(services.map((s) => waitForContainers(ctx, s, 1)))).flat(),
});

export default [
  cloudCheck({
    id: R.updates,
    title: "PATCH updates the stack's services: each item's update parameters apply to the service of that name (facts: 202)",
    requirements: [R.updates, R.update202, R.updateOutside, R.resolves, ENDS, SUCCEEDS],
    endpoint: 'cloud/stack/update',
    async run(ctx) {
      // Three services, the PATCH naming the third and the second in that order with different parameters: a target
      // applying only the first item, or matching items to services by position, leaves one of them without its own.
      const bodies = [serviceBody(ctx, undefined), serviceBody(ctx, undefined), serviceBody(ctx, undefined)];
      const stack = await createStack(ctx, { name: ctx.uniqueName('stack'), services: bodies });
      const before = await servicesByName(ctx, stack);
      const [first, second, third] = bodies.map((b): Service => {
        const svc = before.get(String(b.name));
        ctx.precondition(svc !== undefined, `the stack created with three services does not list ${String(b.name)}`, getRequirement('stack'));
        return svc as Service;
      }) as [Service, Service, Service];
      // Every parameter of service update, the link naming another service of the stack by its name.
      const update: Json = { ...UPDATE, tags: [{ name: 'conformance-stack' }] };
      const link = { to_service: first.name, name: 'conformance-db' };
      const items: [Service, Json][] = [
        [third, update],
        [second, SECOND_UPDATE],
      ];
      const res = await ctx.api.patch(stack.resource_uri, {
        services: [
          { name: third.name, ...update, linked_to_service: [link] },
          { name: second.name, ...SECOND_UPDATE },
        ],
      });
      ctx.expect(isSuccess(res.status), `PATCH answered ${res.status}: ${res.text().slice(0, 200)}`, { requirement: R.updates });
      ctx.observe(`PATCH of a Not Running stack answered ${res.status} (the state table does not list update)`);
      await settled(ctx, 'stack', stack.resource_uri);
      const after = await servicesByName(ctx, stack);
      for (const [svc, sent] of items)
        verifyKept(ctx, sent, after.get(String(svc.name)) ?? {}, `service ${String(svc.name)} after the PATCH item naming it`, R.updates);
      const linked: Json = after.get(String(third.name)) ?? {};
      ctx.verify(keptField('linked_to_service', [{ ...link, to_service: first.resource_uri }], linked), 'the named service did not get the link sent', {
        expected: [{ ...link, to_service: first.resource_uri }],
        actual: linked.linked_to_service,
        requirement: R.updates,
      });
      ctx.expectEqual(after.get(String(first.name))?.target_num_containers, first.target_num_containers, 'a service the PATCH did not name changed', R.updates);
      // The stack answered is the one its resource_uri names: its services are those of its GET.
      await expectAnswerAsGot(ctx, res, 'stack', stack.resource_uri, ['services'], `PATCH ${stack.resource_uri}`, R.resolves);
      ctx.expectStatus(res, 202, 'PATCH (facts: 202 with the stack)', R.update202);
      await expectActionSucceeded(ctx, res, 'PATCH');
    },
  }),
  cloudCheck({
    id: R.emptyPatch,
    title: 'services defaults to []: PATCH with an empty body changes no service',
    endpoint: 'cloud/stack/update',
    async run(ctx) {
      const stack = await stackOf(ctx, undefined);
      const before = [...(await servicesByName(ctx, stack)).values()];
      const res = await ctx.api.patch(stack.resource_uri, {});
      ctx.expect(isSuccess(res.status), `PATCH {} answered ${res.status}`, { requirement: R.emptyPatch });
      await settled(ctx, 'stack', stack.resource_uri);
      const after = await servicesByName(ctx, stack);
      ctx.expectEqual(after.size, before.length, 'PATCH {} changed the number of services', R.emptyPatch);
      for (const svc of before) {
        const now = after.get(svc.name);
        for (const f of ['image_name', 'target_num_containers', 'container_envvars', 'run_command', 'state'] as const)
          ctx.expectEqual(now?.[f], svc[f], `PATCH {} changed ${f} of service ${String(svc.name)}`, R.emptyPatch);
      }
    },
  }),
  cloudCheck({
    id: R.start,
    title: 'start starts the services of the stack: they and their containers end Running (202, action ends)',
    requirements: [R.start, R.start202, SUCCEEDS, IN_PROGRESS],
    endpoint: 'cloud/stack/start',
    async run(ctx) {
      // Two containers per service: a start that runs one container of each service shows.
      const stack = await stackOf(ctx, await sharedNodes(ctx), { target_num_containers: 2 });
      const op = await startOp(ctx, stack.resource_uri, 'start', R.start, R.start202);
      await settled(ctx, 'stack', stack.resource_uri);
      await expectContainersIn(ctx, await expectServicesIn(ctx, stack, ['Running'], R.start), 'Running', R.start);
      await op.expectAsync();
    },
  }),
  cloudCheck({
    id: `${R.start}/never-started-service`,
    title: 'start of a Stopped stack deployed before starts every service, one that never ran too: they and their containers end Running',
    requirements: [R.start],
    endpoint: 'cloud/stack/start',
    async run(ctx) {
      // A stack deployed before (its redeploy) whose second service never ran: a start that resumes only what a stop stopped leaves it.
      const stack = await stackOf(ctx, await sharedNodes(ctx));
      const [first, second] = [...(await servicesByName(ctx, stack)).values()] as [Service, Service];
      await operateAndSettle(ctx, first, 'start');
      await operateAndSettle(ctx, await settled(ctx, 'stack', stack.resource_uri), 'redeploy');
      await operateAndSettle(ctx, first, 'stop');
      const before = await settled(ctx, 'stack', stack.resource_uri);
      // The state table allows start from Not Running and Stopped only; a target whose redeploy also ran the second service ends elsewhere.
      ctx.precondition(['Stopped', 'Not Running'].includes(String(before.state)), `the stack is ${String(before.state)}, a state start is not allowed in`);
      ctx.observe(`before the start: the second service is ${String((await settled(ctx, 'service', second.resource_uri)).state)}`);
      await startOp(ctx, stack.resource_uri, 'start', R.start, R.start202);
      await settled(ctx, 'stack', stack.resource_uri);
      await expectContainersIn(ctx, await expectServicesIn(ctx, stack, ['Running'], R.start), 'Running', R.start);
    },
  }),
  cloudCheck({
    id: R.stop,
    title:
      'stop stops the services of the stack, a Partly running one (a container stopped by its own stop) beside a Running one: ' +
      'they and every container of each end Stopped (202, action ends)',
    requirements: [R.stop, R.stop202, R.stopOutside, SUCCEEDS, IN_PROGRESS],
    endpoint: 'cloud/stack/stop',
    async run(ctx) {
      const { stack, services, running } = await partlyRunningStack(ctx);
      const events = await openEventsWitness(ctx);
      const op = await startOp(ctx, stack.resource_uri, 'stop', R.stop, R.stop202);
      ctx.observe(`stop of a ${String(stack.state)} stack answered ${op.res.status} (no row of the state table lists stop)`);
      await settled(ctx, 'stack', stack.resource_uri);
      await expectContainersIn(ctx, await expectServicesIn(ctx, stack, ['Stopped'], R.stop, services), 'Stopped', R.stop);
      await op.expectAsync();
      const actionUri = op.res.headers[ctx.actionHeader];
      if (actionUri && events) await expectStoppedBeforeActionEnds(ctx, events, actionUri, running);
    },
  }),
  cloudCheck({
    id: R.redeploy,
    title: 'redeploy redeploys all services of the stack: their containers are deployed again (202, action ends)',
    requirements: [R.redeploy, R.redeploy202, SUCCEEDS, IN_PROGRESS],
    endpoint: 'cloud/stack/redeploy',
    async run(ctx) {
      const stack = await runningStack(ctx);
      const before = await deployments(ctx, stack);
      await afterTargetSecond(ctx, stack.resource_uri, [...before.values()]);
      const op = await startOp(ctx, stack.resource_uri, 'redeploy', R.redeploy, R.redeploy202);
      await settled(ctx, 'stack', stack.resource_uri);
      const services = await expectServicesIn(ctx, stack, ['Running'], R.redeploy);
      for (const svc of services) await waitForContainers(ctx, svc, 1);
      const after = await deployments(ctx, stack);
      const same = [...after.entries()].filter(([uuid, date]) => before.has(uuid) && before.get(uuid) === date);
      ctx.expect(same.length === 0, `${same.length} container(s) of the stack were not redeployed (same container, same deployed_datetime)`, {
        actual: same,
        requirement: R.redeploy,
      });
      await op.expectAsync();
    },
  }),
  cloudCheck({
    id: R.terminate,
    title:
      'DELETE terminates all services of the stack, Running, Stopped and Not running (never started), and the stack: they and every ' +
      'container of the services end Terminated (202, action ends)',
    requirements: [R.terminate, R.terminate202, SUCCEEDS, IN_PROGRESS],
    endpoint: 'cloud/stack/terminate',
    async run(ctx) {
      const stack = await stackOf(ctx, await sharedNodes(ctx), {}, 3);
      // Its services as it listed them before: whether a terminated stack still lists them is not shown.
      const services = [...(await servicesByName(ctx, stack)).values()];
      ctx.precondition(services.length === 3, `the stack created with three services lists ${services.length}`, OPERATION.stackServices);
      const [running, stopped] = services as [Service, Service, Service];
      // "all its services" covers those that do not run: one Stopped, one never started (Not running); every settled stack state allows terminate.
      await operateAndSettle(ctx, running, 'start');
      await operateAndSettle(ctx, stopped, 'start');
      await operateAndSettle(ctx, stopped, 'stop');
      const states = await Promise.all(services.map(async (svc) => String((await settled(ctx, 'service', svc.resource_uri)).state)));
      ctx.observe(`before the DELETE: the stack is ${String((await settled(ctx, 'stack', stack.resource_uri)).state)}, its services ${states.join(', ')}`);
      const containers = live((await Promise.all(services.map((svc) => containersOf(ctx, svc)))).flat());
      const op = await startOp(ctx, stack.resource_uri, 'terminate', R.terminate, R.terminate202);
      ctx.expectEqual((await settled(ctx, 'stack', stack.resource_uri)).state, 'Terminated', 'the terminated stack is not Terminated', R.terminate);
      await expectServicesIn(ctx, stack, ['Terminated'], R.terminate, services);
      await expectContainersTerminated(ctx, containers, R.terminate);
      await op.expectAsync();
    },
  }),
  cloudCheck({
    id: R.reuse,
    title: "Without reuse_volumes, stack redeploy keeps the containers' volumes (default true)",
    endpoint: 'cloud/stack/redeploy',
    async run(ctx) {
      const stack = await runningStack(ctx, { bindings: [{ container_path: DATA_PATH }] });
      await expectReuseVolumesDefault(ctx, stack, stackRedeployed(ctx, [...(await servicesByName(ctx, stack)).values()]), R.reuse);
    },
  }),
  cloudCheck({
    id: R.reuseQuery,
    title: "Stack redeploy with reuse_volumes=true keeps the containers' volumes, with reuse_volumes=false gives them new ones",
    endpoint: 'cloud/stack/redeploy',
    async run(ctx) {
      const stack = await runningStack(ctx, { bindings: [{ container_path: DATA_PATH }] });
      await expectReuseVolumesQuery(ctx, stack, stackRedeployed(ctx, [...(await servicesByName(ctx, stack)).values()]), R.reuseQuery);
    },
  }),
];
