/**
 * Spec: Container: a listed container is a container object, showing each of its lists and maps as
 * its GET does; a container carries its service's descriptive fields (dns, cap_add, labels, roles
 * ...) as the service shows them, and links to every container of each linked service
 * (linked_to_container). Every list holds two items (support/linked-app.ts), so a list cut to one
 * item, emptied or with an item repeated differs.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { CONTAINERS, sharedNodes, waitForContainers } from '../support/app.ts';
import { verifyInherited } from '../support/inherited.ts';
import { CONTAINER_FLAGS, CONTAINER_LISTS, linkedApp, SETTLED_STATE } from '../support/linked-app.ts';
import { expectEachListedAsGot, listAll, sameResource, type Json } from '../support/lists.ts';
import type { Container } from '../support/views.generated.ts';

const R = {
  list: 'cloud/container/list/returns-containers',
  inherits: 'cloud/container/get/inherits-service',
  linked: 'cloud/container/get/linked-to-container',
};

/**
 * Each server container is the target of exactly one link of `client`, which starts at `client`,
 * and no link goes elsewhere (the client's service links to the server's only and is not sequential).
 */
function verifyLinkedOnce(ctx: CloudContext, client: Json, servers: readonly Container[]): void {
  const links = Array.isArray(client.linked_to_container) ? (client.linked_to_container as Json[]) : [];
  const stray = links.filter((l) => !servers.some((server) => sameResource(l?.to_container, server.resource_uri)));
  ctx.verify(stray.length === 0, `${String(client.resource_uri)} links to ${stray.length} container(s) of no service it links to`, {
    requirement: R.linked,
    expected: servers.map((s) => s.resource_uri),
    actual: stray,
  });
  for (const server of servers) {
    const to = links.filter((l) => sameResource(l?.to_container, server.resource_uri) && sameResource(l?.from_container, client.resource_uri));
    ctx.verify(to.length === 1, `${String(client.resource_uri)} links ${to.length} times, not once, to ${server.resource_uri}`, {
      requirement: R.linked,
      expected: servers.map((s) => s.resource_uri),
      actual: client.linked_to_container,
    });
  }
}

export default [
  cloudCheck({
    id: `${R.list}/lists-as-got`,
    title: 'A listed container shows its lists and maps (ports, variables, bindings, links, roles...) and its boolean settings as its GET does',
    requirements: [R.list],
    endpoint: 'cloud/container/list',
    async run(ctx) {
      const app = await ctx.setUp(async () => linkedApp(ctx, await sharedNodes(ctx)));
      const mine = [...(await waitForContainers(ctx, app.client, 2)), ...(await waitForContainers(ctx, app.server, 2))];
      const listed = await listAll(ctx, CONTAINERS);
      await expectEachListedAsGot(ctx, listed, mine, 'container', [...CONTAINER_LISTS, ...CONTAINER_FLAGS, ...SETTLED_STATE], `GET ${CONTAINERS}`, R.list);
    },
  }),
  cloudCheck({
    id: `${R.inherits}/descriptive-lists`,
    title: "A container shows its service's inherited fields (roles, labels, descriptive lists...), and links once to each container of its linked service",
    requirements: [R.inherits, R.linked],
    endpoint: 'cloud/container/get',
    async run(ctx) {
      const app = await ctx.setUp(async () => linkedApp(ctx, await sharedNodes(ctx)));
      const servers = await waitForContainers(ctx, app.server, 2);
      for (const own of await waitForContainers(ctx, app.client, 2)) {
        const got = await ctx.getJson('container', own.resource_uri, 'the container');
        verifyInherited(ctx, got, app.client, `GET ${own.resource_uri}`, R.inherits);
        verifyLinkedOnce(ctx, got, servers);
      }
    },
  }),
];
