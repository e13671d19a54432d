/**
 * Spec: Services > GET /api/app/v1/[ns/]service/ and POST: a listed service, and the service a
 * create returns, are service objects: they show each of its lists and maps as its GET does
 * (compared by meaning: lists in any order, the fields both sides carry). Every list of the
 * application holds two items (support/linked-app.ts), so a list cut to one item, emptied or with
 * an item repeated differs from the GET.
 */
import { cloudCheck } from '../support/check.ts';
import { SERVICES, sharedNodes } from '../support/app.ts';
import { DESCRIPTIVE_FIELDS, linkedApp, SERVICE_FLAGS, SERVICE_LISTS, SETTLED_STATE } from '../support/linked-app.ts';
import { expectEachListedAsGot, expectShownAsGot, listAll } from '../support/lists.ts';

const R = { list: 'cloud/service/list/returns-services', created: 'cloud/service/create/returns-service' };

/** What a create answer shows as the service still shows it once started (not containers or link variables). */
const CREATED_AS_GOT = ['container_envvars', 'bindings', 'roles', 'cpu_shares', 'memory', 'memory_swap', ...DESCRIPTIVE_FIELDS, ...SERVICE_FLAGS];

export default [
  cloudCheck({
    id: `${R.list}/lists-as-got`,
    title:
      'A listed service, and a created one, shows its lists and maps (ports, variables, bindings, links both ways, tags, roles...) ' +
      'and its boolean settings as its GET does',
    requirements: [R.list, R.created],
    endpoint: 'cloud/service/list',
    async run(ctx) {
      const app = await ctx.setUp(async () => linkedApp(ctx, await sharedNodes(ctx)));
      expectShownAsGot(ctx, app.created, app.client, CREATED_AS_GOT, 'the create answer', R.created);
      const listed = await listAll(ctx, SERVICES);
      const own = [app.client, app.server, ...app.linking];
      await expectEachListedAsGot(ctx, listed, own, 'service', [...SERVICE_LISTS, ...SERVICE_FLAGS, ...SETTLED_STATE], `GET ${SERVICES}`, R.list);
    },
  }),
];
