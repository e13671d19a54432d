/**
 * Spec: Overview > resource URIs ("a GET of an object's resource_uri returns that object"): the
 * service a PATCH answers with (the facts: the object in its new state) is the service its
 * resource_uri names, so the lists and maps the PATCH does not change (ports, variables, bindings,
 * links both ways, tags, roles, containers...) read as its GET reads them. Every list holds two
 * items (support/linked-app.ts).
 */
import { cloudCheck } from '../support/check.ts';
import { settled, sharedNodes } from '../support/app.ts';
import { linkedApp, SERVICE_LISTS } from '../support/linked-app.ts';
import { expectAnswerAsGot } from '../support/lists.ts';

const R = { resolves: 'cloud/uri/resource-uri-resolves', status202: 'cloud/service/update/202' };

export default [
  cloudCheck({
    id: `${R.resolves}/service-update-answer`,
    title: 'The service a PATCH answers with shows the lists the PATCH does not change as its GET does',
    requirements: [R.resolves, R.status202],
    endpoint: 'cloud/service/update',
    async run(ctx) {
      const app = await ctx.setUp(async () => linkedApp(ctx, await sharedNodes(ctx)));
      // The running client (containers, links both ways) and a service of two tags.
      for (const { resource_uri: uri } of [app.client, app.linking[0]!]) {
        const res = await ctx.api.patch(uri, { nickname: ctx.uniqueName('nick') });
        await settled(ctx, 'service', uri);
        await expectAnswerAsGot(ctx, res, 'service', uri, SERVICE_LISTS, `PATCH ${uri}`, R.resolves);
      }
    },
  }),
];
