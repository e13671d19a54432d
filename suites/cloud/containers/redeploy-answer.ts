/**
 * Spec: Overview > resource URIs ("a GET of an object's resource_uri returns that object"): the
 * container a redeploy answers with (the facts: the object in its new state) is the container its
 * resource_uri names; redeployed with the configuration it already runs, its uuid, its lists and
 * maps (ports, variables, bindings, links, roles...), its cpu_shares, memory and memory_swap and whether
 * it is synchronized read as its GET reads them once it runs again, and its dates (the last deploy, start, stop) lie
 * between those of its GETs before and after. Every list holds two items (support/linked-app.ts).
 */
import { cloudCheck } from '../support/check.ts';
import { operate, settled, sharedNodes, waitForContainers } from '../support/app.ts';
import { expectAnswerDatesBetween } from '../support/answer-times.ts';
import { CONTAINER_FLAGS, CONTAINER_LISTS, linkedApp } from '../support/linked-app.ts';
import { expectAnswerAsGot, type Json } from '../support/lists.ts';

const R = {
  resolves: 'cloud/uri/resource-uri-resolves',
  redeploy202: 'cloud/container/redeploy/202',
  dates: 'cloud/container/get/datetimes-track-operations',
};
const SHOWN = [...CONTAINER_LISTS, ...CONTAINER_FLAGS, 'cpu_shares', 'memory', 'memory_swap', 'synchronized'];

export default [
  cloudCheck({
    id: `${R.resolves}/container-redeploy-answer`,
    title: 'The container a redeploy answers with is the one it names, showing its lists and limits as its GET does',
    requirements: [R.resolves, R.redeploy202, R.dates],
    endpoint: 'cloud/container/redeploy',
    async run(ctx) {
      const app = await ctx.setUp(async () => linkedApp(ctx, await sharedNodes(ctx)));
      const [own] = await waitForContainers(ctx, app.client, 2);
      const uri = own!.resource_uri;
      const before: Json = await ctx.getJson('container', uri);
      const res = await operate(ctx, uri, 'redeploy');
      await settled(ctx, 'container', uri);
      await expectAnswerAsGot(ctx, res, 'container', uri, SHOWN, `redeploy of ${uri}`, R.resolves);
      await expectAnswerDatesBetween(ctx, res, 'container', uri, before, `redeploy of ${uri}`, R.dates);
    },
  }),
];
