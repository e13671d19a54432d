/**
 * Namespaces: the caller's own (the default) and its organizations'. Any other namespace answers
 * 403 whether or not it exists, so the answer does not tell which namespaces exist.
 */
import { namespacesOf, type CloudUser } from '../users.ts';
import type { UriScope } from '../uris.ts';
import type { World } from '../world.ts';
import { ApiError } from './errors.ts';

export function resolveScope(world: World, user: CloudUser, named: string | undefined): UriScope {
  if (named === undefined) return { namespace: user.username, spelled: false };
  if (namespacesOf(user).includes(named) || world.faults.has('namespace-leak')) return { namespace: named, spelled: true };
  throw new ApiError(403, `user '${user.username}' has no access to namespace '${named}'`);
}
