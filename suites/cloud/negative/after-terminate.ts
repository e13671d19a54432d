/**
 * Use after terminate: a terminated stack, service, container, node or node cluster stays what the
 * spec says it is, a Terminated object that lists keep for a while ("list current and recently
 * terminated"; state Terminated allows no operation; termination is not reversible): GET answers
 * it in state Terminated, a list shows it only so, and no operation of the catalog on it brings it
 * back or answers a server error. The operations of its state table are left to the table's
 * checks (cloud/states/<resource>/terminated-rejects-<op>); the others (update, scale, a stack's
 * stop and export) are sent here, the update with a body that would scale the object back up
 * (refused or accepted, it must not: "not reversible"), each judged once its action has ended,
 * on the object's state and on what it was made of (./not-revived.ts). A deleted external repository is gone: every operation on it
 * answers as for a name never added, and no list shows it.
 */
import { loadEndpoints } from '../../../harness/catalog/load.ts';
import type { Endpoint } from '../../../harness/catalog/types.ts';
import { loadStateTables } from '../../../catalog/cloud/state-tables.ts';
import { cloudCheck, type CloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { listAll, sameResource } from '../support/lists.ts';
import { newRepositoryName, REPOSITORIES } from '../repos/repositories.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { afterItsAction, expectNoneRevived, memberStates } from './not-revived.ts';
import { addedRepository, getOf, TERMINABLE_KINDS, type TerminableKind, terminatedByGet } from './terminated-objects.ts';

export const AFTER_TERMINATE = 'cloud/errors/after-terminate';
export const AFTER_TERMINATE_CLIENT_ERROR = 'cloud/errors/after-terminate/client-error';
export const AFTER_DELETE = 'cloud/errors/after-delete';
const TERMINATED_WITHIN_MS = 60_000;

/** The catalog's REST operations on one object of a resource. */
function operations(resource: string): Endpoint[] {
  return loadEndpoints('cloud').filter((e) => e.id.startsWith(`cloud/${resource}/`) && e.path.includes('{') && !e.responses.some((r) => r.status === 101));
}

/** The endpoints of the resource's state table: their Terminated rows have checks of their own. */
function tableEndpoints(resource: string): Set<string> {
  return new Set(Object.values(loadStateTables().find((t) => t.resource === resource)?.operations ?? {}));
}

/** The operation's path on the object at `uri` (the part of the template after the object's placeholder). */
function pathOn(endpoint: Endpoint, uri: string): string {
  return `${uri}${endpoint.path.slice(endpoint.path.indexOf('}/') + 2)}`;
}

async function answerOf(ctx: CloudContext, endpoint: Endpoint, uri: string, patch: unknown = {}): Promise<HttpResponse> {
  const body = endpoint.method === 'PATCH' ? { body: JSON.stringify(patch), headers: { 'content-type': 'application/json' } } : {};
  return ctx.api.unjudged(endpoint.method, pathOn(endpoint, uri), body);
}

const statusOf = async (ctx: CloudContext, endpoint: Endpoint, uri: string): Promise<number> => (await answerOf(ctx, endpoint, uri)).status;

async function stateOf(ctx: CloudContext, uri: string): Promise<string> {
  const res = await ctx.api.get(uri);
  if (res.status !== 200) return `(GET answered ${res.status})`;
  return String((JSON.parse(res.text()) as { state?: unknown }).state);
}

function afterTerminateCheck(kind: TerminableKind): CloudCheck {
  return cloudCheck({
    id: `${AFTER_TERMINATE}/${kind.resource}`,
    title: `A terminated ${kind.resource} stays Terminated: GET of its URI answers it (200, same uuid), lists show it so, no operation revives it or errs 5xx`,
    requirements: [
      AFTER_TERMINATE,
      AFTER_TERMINATE_CLIENT_ERROR,
      getOf(kind),
      ...new Set([kind.irreversible, kind.members?.requirement].filter((r): r is string => r !== undefined)),
    ],
    endpoint: `cloud/${kind.resource}/terminate`,
    async run(ctx) {
      const made = await ctx.setUp(() => kind.make(ctx));
      const { uri, uuid } = made;
      const ended = await ctx.api.delete(uri);
      if (ended.status >= 300) ctx.blockedBy(kind.terminates, `DELETE ${uri} answered ${ended.status}`);
      await terminatedByGet(ctx, kind, made, TERMINATED_WITHIN_MS);
      const table = tableEndpoints(kind.resource);
      const before = kind.members ? await memberStates(ctx, kind.members, uri) : new Map();
      for (const endpoint of operations(kind.resource).filter((e) => !table.has(e.id))) {
        const op = `${endpoint.method} ${pathOn(endpoint, uri)}`;
        // A PATCH that would scale the object back up on a target whose update has no state guard (an empty body cannot).
        const sent = endpoint.method === 'PATCH' ? (kind.revivingPatch?.(made) ?? {}) : undefined;
        const res = await answerOf(ctx, endpoint, uri, sent);
        const status = res.status;
        ctx.verify(status < 500, `${op} on the terminated ${kind.resource} answered ${status}, a server error`, {
          expected: 'a client error or an answer',
          actual: status,
          requirement: AFTER_TERMINATE_CLIENT_ERROR,
        });
        const what = sent === undefined ? op : `${op} ${JSON.stringify(sent)}`;
        if (endpoint.method !== 'GET') ctx.observe(`${what} on the terminated ${kind.resource} answered ${status} (the state table leaves it out)`);
        await afterItsAction(ctx, res);
        const state = await stateOf(ctx, uri);
        ctx.verify(state === 'Terminated', `after ${what} the terminated ${kind.resource} is ${state}`, {
          expected: 'Terminated',
          actual: state,
          requirement: kind.irreversible ? [AFTER_TERMINATE, kind.irreversible] : AFTER_TERMINATE,
        });
        if (endpoint.method !== 'GET') await expectNoneRevived(ctx, kind, uri, before, what);
      }
      const listed = (await listAll(ctx, kind.list, uuid ? { uuid } : {})).filter((o) => sameResource(o.resource_uri, uri));
      ctx.verify(
        listed.every((o) => o.state === 'Terminated'),
        `GET ${kind.list} shows the terminated ${kind.resource} in state ${listed.map((o) => o.state).join(', ')}`,
        { expected: 'Terminated, or not listed', actual: listed.map((o) => o.state), requirement: AFTER_TERMINATE },
      );
    },
  });
}

/** A repository path no repository of the target has, new at each call: an operation may add the name it was sent. */
const neverAdded = (ctx: CloudContext): string => `${REPOSITORIES}${newRepositoryName(ctx)}/`;

/**
 * The effect of `op` on the deleted repository at `path`: GET answers as for a name never added
 * and no list shows it. Verified after each operation, so that a later one (a DELETE) cannot hide
 * what an earlier one (a PATCH that adds the repository again) did.
 */
async function verifyStillGone(ctx: CloudContext, get: Endpoint, path: string, op: string): Promise<void> {
  const [status, control] = [await statusOf(ctx, get, path), await statusOf(ctx, get, neverAdded(ctx))];
  ctx.verify(status === control, `after ${op} GET of the deleted repository answered ${status}, where one never added answered ${control}`, {
    expected: control,
    actual: status,
    requirement: AFTER_DELETE,
  });
  const name = path.slice(REPOSITORIES.length, -1);
  const listed = (await listAll(ctx, REPOSITORIES, { name })).filter((r) => r.name === name);
  ctx.verify(listed.length === 0, `after ${op} GET ${REPOSITORIES} shows the deleted repository ${name}`, {
    expected: [],
    actual: listed,
    requirement: AFTER_DELETE,
  });
}

const afterDeleteRepository = cloudCheck({
  id: `${AFTER_DELETE}/repository`,
  title: 'Every operation on a deleted external repository answers as for one never added, and after each one no GET or list shows it',
  requirements: [AFTER_DELETE],
  endpoint: 'cloud/repository/delete',
  async run(ctx) {
    const path = await ctx.setUp(() => addedRepository(ctx));
    const removed = await ctx.api.delete(path);
    if (removed.status >= 300) ctx.blockedBy('cloud/repository/delete/removed', `DELETE ${path} answered ${removed.status}`);
    const get = operations('repository').find((e) => e.method === 'GET');
    if (!get) throw new Error('the catalog has no GET of one external repository');
    await verifyStillGone(ctx, get, path, 'DELETE');
    for (const endpoint of operations('repository')) {
      const op = `${endpoint.method} ${endpoint.path}`;
      const never = neverAdded(ctx);
      // A target that adds the name a PATCH was sent (an upsert) gets it removed.
      if (endpoint.method !== 'GET') ctx.defer(async () => void (await ctx.api.delete(never)));
      const [control, status] = [await statusOf(ctx, endpoint, never), await statusOf(ctx, endpoint, path)];
      if (control < 400) ctx.observe(`${op} answered ${control} for a repository never added: its status says nothing`);
      else
        ctx.verify(status === control, `${op} on the deleted repository answered ${status}, where one never added answered ${control}`, {
          expected: control,
          actual: status,
          requirement: AFTER_DELETE,
        });
      if (endpoint !== get) await verifyStillGone(ctx, get, path, op);
    }
  },
});

/** One check per kind of object a client can terminate, and the deleted repository's. */
export function afterTerminateChecks(): CloudCheck[] {
  return [...TERMINABLE_KINDS.map(afterTerminateCheck), afterDeleteRepository];
}
