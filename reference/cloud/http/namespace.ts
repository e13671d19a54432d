/**
 * Namespaces: the caller's own (the default) and its organizations'. Any other namespace answers
 * 403 whether or not it exists, so the answer does not tell which namespaces exist.
 */
import type { CloudDecisions } from '../../../harness/mutation/apply-cloud.ts';
import { namespacesOf, type CloudUser } from '../users.ts';
import type { UriScope } from '../uris.ts';
import type { World } from '../world.ts';
import { ApiError } from './errors.ts';

/** A collection path with a namespace segment (`/api/app/v1/<ns>/service/`): a POST there creates. */
const COLLECTION = /^\/api\/[a-z]+\/v1\/[^/]+\/[a-z]+\/?$/;

/** A namespace no object is in (`blind7-namespace-foreign-read-as-empty`). */
const FOREIGN_READ = '';

export function resolveScope(world: World, user: CloudUser, named: string | undefined, mutation?: CloudDecisions, path = '', method = 'GET'): UriScope {
  if (named === undefined) return { namespace: defaultNamespace(world, user), spelled: false };
  const leaked = world.faults.has('namespace-leak') || mutation?.namespaceForeignAccepted === true;
  // Under `organization-namespace-refused` an organization's segment is not recognised: the path is answered as unknown (404).
  if (named !== user.username && namespacesOf(user).includes(named) && world.faults.has('organization-namespace-refused')) {
    throw new ApiError(404, `no such resource: namespace '${named}'`);
  }
  if ((namespacesOf(user).includes(named) && !refusedByFault(world, user, named, path, method)) || leaked) {
    const createdInOwn = named !== user.username && method === 'POST' && COLLECTION.test(path) && world.faults.has('blind5-namespace-create-in-own');
    return { namespace: createdInOwn ? user.username : named, spelled: true };
  }
  if (world.faults.has('blind6-namespace-foreign-falls-back-own')) return { namespace: user.username, spelled: false };
  // Under `blind7-namespace-foreign-read-as-empty` a read is filtered by owner and namespace both: a namespace that holds nothing of the caller's.
  if (method === 'GET' && world.faults.has('blind7-namespace-foreign-read-as-empty')) return { namespace: FOREIGN_READ, spelled: true };
  throw new ApiError(403, `user '${user.username}' has no access to namespace '${named}'`);
}

/** The caller's own namespace (the fault default-namespace-first-org takes its first organization). */
function defaultNamespace(world: World, user: CloudUser): string {
  return world.faults.has('default-namespace-first-org') ? (user.organizations[0] ?? user.username) : user.username;
}

/**
 * The fault own-namespace-segment-refused refuses the caller's own namespace;
 * own-namespace-segment-nodecluster-only refuses the caller's own outside node clusters,
 * own-namespace-segment-writes-nodecluster-only only its writes (reads are served).
 */
function refusedByFault(world: World, user: CloudUser, named: string, path: string, method: string): boolean {
  if (named !== user.username) return false;
  if (world.faults.has('own-namespace-segment-nodecluster-only') && !path.includes('/nodecluster/')) return true;
  if (world.faults.has('own-namespace-segment-writes-nodecluster-only') && method !== 'GET' && !path.includes('/nodecluster/')) return true;
  return world.faults.has('own-namespace-segment-refused');
}
