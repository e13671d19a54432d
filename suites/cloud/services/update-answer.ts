/**
 * Spec: Overview > resource URIs ("a GET of an object's resource_uri returns that object"): the
 * service a PATCH answers with (the facts: the object in its new state) is the service its
 * resource_uri names, so its uuid, the lists and maps the PATCH does not change (ports, variables,
 * bindings, links both ways, tags, roles, containers...), its cpu_shares, memory and memory_swap and
 * whether it is synchronized read as its GET reads them; its dates (the last deploy, start, stop) lie between those of its
 * GETs before and after the PATCH. Every list holds two items (support/linked-app.ts); the client
 * runs, a server is stopped, so that each date is set on one of them; a service never started
 * carries a published port with the outer_port it was created with, so that a port number the
 * answer writes otherwise shows.
 */
import { cloudCheck } from '../support/check.ts';
import { createService, operateAndSettle, serviceBody, settled, sharedNodes } from '../support/app.ts';
import { expectAnswerDatesBetween } from '../support/answer-times.ts';
import { linkedApp, SERVICE_FLAGS, SERVICE_LISTS } from '../support/linked-app.ts';
import { expectAnswerAsGot, type Json } from '../support/lists.ts';

const R = {
  resolves: 'cloud/uri/resource-uri-resolves',
  status202: 'cloud/service/update/202',
  dates: 'cloud/service/get/datetimes-track-operations',
};
const SHOWN = [...SERVICE_LISTS, ...SERVICE_FLAGS, 'cpu_shares', 'memory', 'memory_swap', 'synchronized'];
const FIXED_PORTS: Json[] = [
  { protocol: 'tcp', inner_port: 8080, outer_port: 18080, published: true },
  { protocol: 'udp', inner_port: 5353 },
];

export default [
  cloudCheck({
    id: `${R.resolves}/service-update-answer`,
    title: 'The service a PATCH answers with is the one it names, showing what the PATCH does not change as its GET does',
    requirements: [R.resolves, R.status202, R.dates],
    endpoint: 'cloud/service/update',
    async run(ctx) {
      const app = await ctx.setUp(async () => linkedApp(ctx, await sharedNodes(ctx)));
      const stopped = await ctx.setUp(() => operateAndSettle(ctx, app.server, 'stop'));
      const fixed = await ctx.setUp(() => createService(ctx, serviceBody(ctx, undefined, { container_ports: FIXED_PORTS })));
      // The running client (containers, links both ways), a service of two tags, the stopped server, a fixed outer port.
      for (const { resource_uri: uri } of [app.client, app.linking[0]!, stopped, fixed]) {
        const before: Json = await ctx.getJson('service', uri);
        const res = await ctx.api.patch(uri, { nickname: ctx.uniqueName('nick') });
        await settled(ctx, 'service', uri);
        await expectAnswerAsGot(ctx, res, 'service', uri, SHOWN, `PATCH ${uri}`, R.resolves);
        await expectAnswerDatesBetween(ctx, res, 'service', uri, before, `PATCH ${uri}`, R.dates);
      }
    },
  }),
];
