/**
 * Spec: Overview > resource URIs ("a GET of an object's resource_uri returns that object"): the
 * container a redeploy answers with (the facts: the object in its new state) is the container its
 * resource_uri names; redeployed with the configuration it already runs, its lists and maps
 * (ports, variables, bindings, links, roles...) read as its GET reads them once it runs again.
 * Every list holds two items (support/linked-app.ts).
 */
import { cloudCheck } from '../support/check.ts';
import { operate, settled, sharedNodes, waitForContainers } from '../support/app.ts';
import { CONTAINER_LISTS, linkedApp } from '../support/linked-app.ts';
import { expectAnswerAsGot } from '../support/lists.ts';

const R = { resolves: 'cloud/uri/resource-uri-resolves', redeploy202: 'cloud/container/redeploy/202' };

export default [
  cloudCheck({
    id: `${R.resolves}/container-redeploy-answer`,
    title: 'The container a redeploy answers with shows its lists as its GET does',
    requirements: [R.resolves, R.redeploy202],
    endpoint: 'cloud/container/redeploy',
    async run(ctx) {
      const app = await ctx.setUp(async () => linkedApp(ctx, await sharedNodes(ctx)));
      const [own] = await waitForContainers(ctx, app.client, 2);
      const uri = own!.resource_uri;
      const res = await operate(ctx, uri, 'redeploy');
      await settled(ctx, 'container', uri);
      await expectAnswerAsGot(ctx, res, 'container', uri, CONTAINER_LISTS, `redeploy of ${uri}`, R.resolves);
    },
  }),
];
