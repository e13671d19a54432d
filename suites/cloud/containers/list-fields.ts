/**
 * Spec: Container: a container is deployed from its service's configuration (redeploy "runs again
 * with its service's current configuration"), so its container_ports, container_envvars and
 * bindings hold each item its service was created with, once, in the GET of the container and in
 * the container list. Two items of each, and zero values inside them (an unpublished port, a
 * binding with no host path that is not writable), so a list cut to its first item, emptied or
 * with its first item repeated, and a field left out because it is zero, read differently.
 * Items the target adds (variables of links, of the platform) are allowed. A container a scale
 * adds is one of the service's too: it holds them as a container of the first deployment does, as
 * the service is when it is added (a variable PATCHed in before the scale too).
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { sharedNodes, CONTAINERS, runningService, scaledTo, settled, waitForContainers } from '../support/app.ts';
import { OPERATION } from '../support/operation-requirements.ts';
import { listAll, type Json } from '../support/lists.ts';
import { printenv } from '../support/streams.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const R = {
  inherits: 'cloud/container/get/inherits-service',
  fromService: 'cloud/container/get/additional-fields-from-service',
  list: 'cloud/container/list/returns-containers',
  overrides: 'cloud/service/overrides-image',
};

const PORTS: Json[] = [
  { protocol: 'tcp', inner_port: 8080, published: false },
  { protocol: 'udp', inner_port: 5353, published: false },
];
const ENVVARS: Json[] = [
  { key: 'CONFORMANCE_ONE', value: 'one' },
  { key: 'CONFORMANCE_TWO', value: '' },
];
/** A variable the service gets by PATCH after its first deployment: a container a later scale adds is built from the service as it is then. */
const LATER: Json = { key: 'CONFORMANCE_LATER', value: 'later' };
const BINDINGS: Json[] = [
  { container_path: '/conformance-a', rewritable: false },
  { container_path: '/conformance-b', rewritable: true },
];

/** How many items of `got` carry every field of `sent` with the value sent. */
const countOf = (got: unknown, sent: Json): number =>
  Array.isArray(got) ? got.filter((g) => Object.entries(sent).every(([k, v]) => (g as Json)?.[k] === v)).length : 0;

function verifyEachOnce(ctx: CloudContext, container: Json, what: string, requirement: string, envvars: readonly Json[] = ENVVARS): void {
  for (const [field, items] of [
    ['container_ports', PORTS],
    ['container_envvars', envvars],
    ['bindings', BINDINGS],
  ] as const) {
    for (const item of items) {
      const n = countOf(container[field], item);
      ctx.verify(n === 1, `${what}: ${field} holds ${JSON.stringify(item)} ${n} times, not once`, {
        requirement,
        expected: item,
        actual: container[field],
      });
    }
  }
}

export default [
  cloudCheck({
    id: `${R.inherits}/lists`,
    title: "A container's ports, environment variables and bindings hold each of its service's, once (GET and list)",
    requirements: [R.fromService, R.inherits, R.list],
    endpoint: 'cloud/container/get',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await ctx.setUp(() =>
        runningService(ctx, at, { target_num_containers: 2, container_ports: PORTS, container_envvars: ENVVARS, bindings: BINDINGS }),
      );
      const containers = await waitForContainers(ctx, svc, 2);
      const listed = await listAll(ctx, CONTAINERS);
      for (const own of containers) {
        const got = ctx.expectView('container', await ctx.getJson('container', own.resource_uri, 'the container'), 'GET container', R.inherits);
        verifyEachOnce(ctx, got, `GET ${own.resource_uri}`, R.fromService);
        const inList = listed.find((o) => o.uuid === own.uuid);
        ctx.expect(inList !== undefined, `the container ${String(own.uuid)} is not listed`, { requirement: R.list });
        verifyEachOnce(ctx, ctx.expectView('container', inList, 'the listed container', R.list), 'the listed container', R.fromService);
      }
    },
  }),
  cloudCheck({
    id: `${R.fromService}/scaled`,
    title:
      "A container a scale adds holds each of its service's current ports, variables (one PATCHed in before) and bindings, once, and has its variables set",
    requirements: [R.fromService, R.overrides],
    endpoint: 'cloud/container/get',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await ctx.setUp(() => runningService(ctx, at, { container_ports: PORTS, container_envvars: ENVVARS, bindings: BINDINGS }));
      const [first] = await waitForContainers(ctx, svc, 1);
      const envvars = [...ENVVARS, LATER];
      const update = await ctx.api.patch(svc.resource_uri, { container_envvars: envvars });
      ctx.precondition(isSuccess(update.status), `PATCH container_envvars answered ${update.status}`, OPERATION.serviceUpdate);
      await settled(ctx, 'service', svc.resource_uri);
      if (!(await scaledTo(ctx, svc, 2))) ctx.skip(`the service ${svc.resource_uri} could not be scaled: no container was added by a scale`);
      const added = (await waitForContainers(ctx, svc, 2)).filter((c) => c.uuid !== first?.uuid);
      ctx.expectEqual(added.length, 1, 'a scale from 1 to 2 containers did not add one container beside the first', R.fromService);
      for (const own of added) {
        const got = ctx.expectView('container', await ctx.getJson('container', own.resource_uri, 'the container'), 'GET container', R.fromService);
        verifyEachOnce(ctx, got, `GET ${own.resource_uri} (added by scale)`, R.fromService, envvars);
        // The service's variables are set in each of its containers (required), whatever its fields show: those it was created with and the one added since.
        for (const one of [ENVVARS[0], LATER]) {
          const value = await printenv(ctx, own, String(one?.key), R.overrides);
          ctx.expectEqual(
            value,
            one?.value,
            `a container added by scale does not have the service's variable ${String(one?.key)} in its environment`,
            R.overrides,
          );
        }
      }
    },
  }),
];
