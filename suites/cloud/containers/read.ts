/** Spec: Containers > GET list and one container; the Container fields. */
import { repeated } from '../../../harness/check/repeated.ts';
import { isIP } from 'node:net';
import { afterTargetSecond } from '../support/target-clock.ts';
import { cloudCheck } from '../support/check.ts';
import {
  sharedNodes,
  CONTAINERS,
  EXITS_3,
  firstContainer,
  nodeOf,
  operateAndSettle,
  runningAppContainer,
  runningService,
  settled,
  waitForContainers,
  type AppNodes,
} from '../support/app.ts';
import { expectListed, expectListedAsGot, listAll, sameResource, type Json } from '../support/lists.ts';
import { createService, serviceBody } from '../support/app.ts';
import type { Container } from '../support/views.generated.ts';
import type { CloudContext } from '../support/context.ts';
import { expectAtSpecPath } from '../support/spec-paths.ts';
import { dateMs, expectLaterDate, expectNullDates, expectRunDates } from '../support/run-dates.ts';
import { DEVICE_FIELDS, expectDeviceFields } from './device-fields.ts';
import { UNLISTED_SCALARS, verifyInherited } from '../support/inherited.ts';

const R = {
  list: 'cloud/container/list/returns-containers',
  recent: 'cloud/container/list/recently-terminated',
  get: 'cloud/container/get/returns-container',
  created: 'cloud/service/create/returns-service',
  inherits: 'cloud/container/get/inherits-service',
  serviceNode: 'cloud/container/get/service-and-node',
  exitCode: 'cloud/container/get/exit-code',
  linked: 'cloud/container/get/linked-to-container',
  dates: 'cloud/container/get/datetimes-track-operations',
  privateIp: 'cloud/container/private-ip-address',
  autodestroyOff: 'cloud/service/create/default-autodestroy-off',
};

/**
 * The boolean descriptive fields, sent both ways across the GET check's two services; and the modes net and pid, left at
 * their defaults (bridge, none) by the first and sent host by the second, so that a container showing the defaults differs.
 */
const FLIPPED = ['tty', 'stdin_open', 'privileged', 'read_only', 'net', 'pid'] as const;
/** Fields of a running container that its GET and its entry in the list show alike. */
const SHOWN = ['cpu_shares', 'memory', 'memory_swap', 'exit_code', 'container_ports', 'deployed_datetime', 'started_datetime'];
/** Numbers other than their defaults, so that a list writing a placeholder for them shows. */
const SIZED: Json = { cpu_shares: 256, memory: 64, memory_swap: 128, container_ports: [{ protocol: 'tcp', inner_port: 8080 }] };
/** The linked server's ports: a published tcp port and a udp port only links reach. */
const SERVER_PORTS: Json[] = [
  { protocol: 'tcp', inner_port: 5432, published: true },
  { protocol: 'udp', inner_port: 5353 },
];
const DATES = ['deployed_datetime', 'started_datetime', 'stopped_datetime', 'destroyed_datetime'] as const;

/**
 * The container of a started service whose command exits with `code`, once Stopped (autorestart
 * and autodestroy left at their default, OFF: the exited container stays).
 */
async function exitedWith(ctx: CloudContext, at: AppNodes, code: number): Promise<Container> {
  const svc = await createService(ctx, serviceBody(ctx, at, { run_command: code === 3 ? EXITS_3 : `echo conformance-exit; exit ${code}` }));
  await operateAndSettle(ctx, svc, 'start');
  const stopped = (): Promise<Container[]> => waitForContainers(ctx, svc, 1, ['Stopped']);
  // A container gone after a successful exit is autodestroy's doing (its default is OFF), not the exit code's.
  const [c] = code === 0 ? await ctx.setUp(stopped, R.autodestroyOff) : await stopped();
  return c!;
}

/**
 * "exit_code_msg S or null" (the spec says no more): its type is required, what it holds (and when it is
 * null) is observed.
 */
function expectExitMessageType(ctx: CloudContext, c: Container, what: string): void {
  const msg: unknown = c.exit_code_msg;
  ctx.observe(`${what}: exit_code ${String(c.exit_code)}, exit_code_msg ${JSON.stringify(msg)}`);
  ctx.expect(msg === null || typeof msg === 'string', `${what} has an exit_code_msg that is neither a string nor null`, {
    expected: 'a string or null',
    actual: msg,
    requirement: R.exitCode,
  });
}

export default [
  cloudCheck({
    id: R.list,
    title: 'The container list returns a list of container objects, including the two containers just deployed, each once',
    endpoint: 'cloud/container/list',
    async run(ctx) {
      const svc = await runningService(ctx, await sharedNodes(ctx), { target_num_containers: 2, ...SIZED });
      await expectListed(ctx, 'container', CONTAINERS, await waitForContainers(ctx, svc, 2), 'a running container', R.list, SHOWN);
    },
  }),
  cloudCheck({
    id: R.recent,
    title: 'The container list holds recently terminated containers',
    endpoint: 'cloud/container/list',
    async run(ctx) {
      const container = await runningAppContainer(ctx);
      await operateAndSettle(ctx, container, 'terminate');
      const mine = (await listAll(ctx, CONTAINERS)).find((c) => c.uuid === container.uuid);
      ctx.expect(mine !== undefined, 'a container terminated a moment ago is not listed', { requirement: R.recent });
      ctx.expectEqual(mine?.state, 'Terminated', 'the listed terminated container is not Terminated', R.recent);
    },
  }),
  cloudCheck({
    id: R.get,
    title:
      "GET of one container returns it; it carries its service's descriptive fields (devices and cgroup_parent sent too), its service's URI and its node's",
    requirements: [R.get, R.inherits, R.serviceNode, R.created],
    endpoint: 'cloud/container/get',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await runningService(ctx, at, {
        autorestart: 'ON_FAILURE',
        privileged: true,
        working_dir: '/tmp',
        labels: { conformance: 'yes' },
        // Not fields of the create body (a target may ignore them): sent so that a container showing its own defaults differs.
        ...UNLISTED_SCALARS,
        ...DEVICE_FIELDS,
        // A published port: the container's port objects (outer_port I, endpoint_uri S) are then there to be judged.
        container_ports: [{ protocol: 'tcp', inner_port: 8080, published: true }],
      });
      const listed = await firstContainer(ctx, svc);
      const container = ctx.expectView('container', await ctx.getJson('container', listed.resource_uri, 'container'), 'GET container', R.get);
      ctx.expectEqual(container.uuid, listed.uuid, 'GET returns another container', R.get);
      await expectAtSpecPath(ctx, 'container', listed, R.get);
      const service = await ctx.getJson('service', svc.resource_uri, 'service');
      verifyInherited(ctx, container, service, `the container ${String(container.name)}`, R.inherits);
      // The boolean flags the other way round: each one true where it was false above (stdin_open without tty, read_only without
      // privileged), false where it was true, so that a flag a container shows fixed, or derived from another one, differs somewhere.
      // net and pid host (the first service left them at bridge and none): a container showing its own defaults differs too.
      const flipped = await runningService(ctx, at, { tty: false, stdin_open: true, privileged: false, read_only: true, net: 'host', pid: 'host' });
      const flippedService = await ctx.getJson('service', flipped.resource_uri, 'the service with the flags flipped');
      const flippedContainer = await ctx.getJson('container', (await firstContainer(ctx, flipped)).resource_uri, 'its container');
      for (const field of FLIPPED) {
        ctx.expectEqual(
          flippedContainer[field],
          flippedService[field],
          `the container's ${field} differs from its service's (flags flipped, net and pid host)`,
          R.inherits,
        );
      }
      const plain = await ctx.getJson('service', (await createService(ctx, serviceBody(ctx, undefined))).resource_uri, 'a service created without devices');
      expectDeviceFields(ctx, service, plain, [container], { shown: R.created, inherited: R.inherits });
      ctx.expect(sameResource(container.service, svc.resource_uri), `service is ${String(container.service)}, not the container's service`, {
        requirement: R.serviceNode,
      });
      ctx.expect(
        (service.containers as string[]).some((c) => sameResource(c, container.resource_uri)),
        "the container's service does not list it",
        { requirement: R.serviceNode },
      );
      ctx.expect(nodeOf(at, container) !== undefined, `node ${String(container.node)} is not a node the service could run on`, {
        expected: at.nodes.map((n) => n.resource_uri),
        actual: container.node,
        requirement: R.serviceNode,
      });
    },
  }),
  cloudCheck({
    id: R.exitCode,
    title: 'exit_code is null until the container exits, then its exit code, 0 included (GET and list); exit_code_msg is a string or null, its value observed',
    endpoint: 'cloud/container/get',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const running = await firstContainer(ctx, await runningService(ctx, at));
      ctx.expectEqual(running.exit_code, null, 'a running container that never exited has an exit code', R.exitCode);
      expectExitMessageType(ctx, running, 'a running container');
      // A failing code and 0: an exit code of 0 is a code, not "no code" (a truthiness test writes it null).
      for (const code of [3, 0]) {
        const c = await exitedWith(ctx, at, code);
        ctx.expectEqual(c.exit_code, code, `the container of \`exit ${code}\` does not have exit_code ${code}`, R.exitCode);
        expectExitMessageType(ctx, c, `the container of \`exit ${code}\``);
        await expectListedAsGot(ctx, CONTAINERS, c, ['exit_code', 'exit_code_msg'], R.exitCode);
      }
      // Stopped (an exit), then redeployed: whether the redeployed container still tells of the earlier exit is not stated.
      const svc = await runningService(ctx, at);
      await operateAndSettle(ctx, svc, 'stop');
      await operateAndSettle(ctx, svc, 'redeploy');
      const again = await ctx.getJson('container', (await firstContainer(ctx, svc)).resource_uri);
      ctx.observe(
        `after a stop and a redeploy the container is ${again.state}: exit_code ${again.exit_code}, exit_code_msg ${JSON.stringify(again.exit_code_msg)}`,
      );
      expectExitMessageType(ctx, again, 'a container stopped and redeployed');
    },
  }),
  cloudCheck({
    id: R.linked,
    title: "linked_to_container lists links from this container to the linked service's containers, with endpoints keyed <port>/<protocol>",
    endpoint: 'cloud/container/get',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      // Two ports of two protocols, one not published (reachable only by links): each keys its own endpoint.
      const server = await runningService(ctx, at, { container_ports: SERVER_PORTS });
      const target = await firstContainer(ctx, server);
      const client = await firstContainer(
        ctx,
        await runningService(ctx, at, { linked_to_service: [{ to_service: server.resource_uri, name: 'conformance-db' }] }),
      );
      const links = (client.linked_to_container as Json[] | undefined) ?? [];
      const link = links.find((l) => sameResource(l.to_container, target.resource_uri));
      ctx.expect(link !== undefined, "the linking container's linked_to_container has no link to the linked service's container", {
        expected: target.resource_uri,
        actual: links,
        requirement: R.linked,
      });
      ctx.expect(sameResource(link!.from_container, client.resource_uri), 'from_container is not the linking container', {
        actual: link!.from_container,
        requirement: R.linked,
      });
      ctx.expectEqual(link!.name, 'conformance-db', 'the link does not carry the link name', R.linked);
      const endpoints = (link!.endpoints as Json | undefined) ?? {};
      const keys = SERVER_PORTS.map((p) => `${String(p.inner_port)}/${String(p.protocol)}`);
      ctx.expect(
        keys.every((k) => typeof endpoints[k] === 'string') && Object.keys(endpoints).every((k) => keys.includes(k)),
        `the link's endpoints are not keyed '<port>/<protocol>' by the server's ports ${keys.join(', ')}`,
        { expected: keys, actual: endpoints, requirement: R.linked },
      );
    },
  }),
  cloudCheck({
    id: R.dates,
    title: "deployed/started/stopped/destroyed_datetime are null before the container's first deploy, start, stop, terminate, then the last one",
    endpoint: 'cloud/container/get',
    async run(ctx) {
      const since = Date.now();
      const c = await runningAppContainer(ctx);
      const uri = c.resource_uri;
      expectRunDates(ctx, c, ['deployed_datetime', 'started_datetime'], since, 'a running container', R.dates);
      expectNullDates(ctx, c, ['stopped_datetime', 'destroyed_datetime'], 'a container never stopped or terminated', R.dates);
      await expectListedAsGot(ctx, CONTAINERS, c, DATES, R.dates);
      const stopped = await operateAndSettle(ctx, c, 'stop');
      expectRunDates(ctx, stopped, ['stopped_datetime'], dateMs(c.started_datetime), 'a stopped container', R.dates);
      await expectListedAsGot(ctx, CONTAINERS, stopped, DATES, R.dates);
      // The dates are the last start (the service's fields, in per-container form): a start in a later second moves started_datetime.
      await afterTargetSecond(ctx, uri, [c.started_datetime, stopped.stopped_datetime]);
      const restarted = await operateAndSettle(ctx, c, 'start');
      expectLaterDate(ctx, restarted.started_datetime, c.started_datetime, 'a second start did not move started_datetime', R.dates);
      await operateAndSettle(ctx, c, 'terminate');
      const gone = await settled(ctx, 'container', uri);
      expectRunDates(ctx, gone, ['destroyed_datetime'], dateMs(stopped.stopped_datetime), 'a terminated container', R.dates);
    },
  }),
  cloudCheck({
    id: R.privateIp,
    title:
      "A Running container's private_ip is an IP address of its own: no two Running containers of the caller share one, " +
      'also after a terminate and a later start',
    endpoint: 'cloud/container/get',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const two = await waitForContainers(ctx, await runningService(ctx, at, { target_num_containers: 2 }), 2);
      const one = await waitForContainers(ctx, await runningService(ctx, at), 1);
      const shown = await Promise.all([...two, ...one].map((c) => ctx.getJson('container', c.resource_uri, 'a Running container')));
      for (const c of shown)
        ctx.verify(typeof c.private_ip === 'string' && isIP(c.private_ip) !== 0, `container ${c.resource_uri} has private_ip ${JSON.stringify(c.private_ip)}`, {
          expected: 'an IP address (its address on the overlay network)',
          actual: c.private_ip,
          requirement: R.privateIp,
        });
      expectDistinctIps(ctx, shown, 'containers started together');
      // An address freed by a terminate may be given again, but never one a Running container still holds.
      await operateAndSettle(ctx, two[0], 'terminate');
      await waitForContainers(ctx, await runningService(ctx, at), 1);
      const running = (await listAll(ctx, CONTAINERS, { state: 'Running' })).filter((c) => c.state === 'Running');
      expectDistinctIps(ctx, running, 'the Running containers listed after a terminate and a later start');
    },
  }),
];

/**
 * No two of the given Running containers hold one private_ip (a container without an address is judged above).
 * A container listed twice is one container: pages read while other clients remove containers may repeat one.
 */
function expectDistinctIps(ctx: CloudContext, listed: readonly Json[], what: string): void {
  const running = [...new Map(listed.map((c) => [String(c.resource_uri), c])).values()];
  const ips = running.map((c) => c.private_ip).filter((ip) => typeof ip === 'string' && ip !== '');
  const shared = repeated(ips);
  ctx.expect(shared.length === 0, `${what} share a private_ip`, {
    expected: 'one address each',
    actual: running.filter((c) => shared.includes(c.private_ip)).map((c) => `${String(c.resource_uri)}: ${String(c.private_ip)}`),
    requirement: R.privateIp,
  });
}
