/**
 * Undoes a create whose success the mutant answers without applying (operation/not-applied): the
 * object the answer names leaves the store, with the services a stack create made.
 */
import { isJsonObject } from '../../../harness/protocol/json-value.ts';
import type { World } from '../world.ts';

export function forgetCreated(world: World, body: unknown): void {
  if (!isJsonObject(body)) return;
  const { store } = world;
  const uuid = typeof body.uuid === 'string' ? body.uuid : undefined;
  if (uuid) {
    for (const child of store.stacks.get(uuid)?.services ?? []) store.services.delete(child);
    for (const map of [store.nodeClusters, store.nodes, store.stacks, store.services, store.containers]) map.delete(uuid);
  }
  for (const [key, repo] of store.repositories) if (repo.resource_uri === body.resource_uri) store.repositories.delete(key);
}
