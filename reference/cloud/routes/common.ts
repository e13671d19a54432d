/** Helpers the route modules share: lookups, the async-verb pattern, query booleans. */
import type { Job } from '../actions/call.ts';
import { opRefusedFault } from '../fault-families.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { accepted } from '../http/replies.ts';
import type { CallContext, Reply } from '../http/types.ts';
import type { Owned } from '../state/model.ts';
import { requireAllowed } from '../state/states.ts';
import { findIn } from '../state/store.ts';
import type { UriScope } from '../uris.ts';

/** The resource `{uuid}` names in the request's namespace, and the call's action tracks it. */
export function lookup<T extends Owned>(ctx: CallContext, map: ReadonlyMap<string, T>, label: string): T {
  const found = findIn(map, ctx.scope.namespace, ctx.params.uuid ?? '');
  if (!found) throw notFound(label);
  track(ctx, found.resource_uri, found.scope);
  return found;
}

export function track(ctx: CallContext, uri: string, scope: UriScope): void {
  ctx.call?.track(uri, scope);
}

interface Stateful extends Owned {
  state: string;
}

/**
 * An asynchronous operation: rejected with 409 unless the state allows it; otherwise the work
 * starts (it sets the transitional state synchronously) and the answer is 202 with the object.
 */
export function runVerb<R extends Stateful>(
  ctx: CallContext,
  resource: R,
  op: { allowed: boolean; what: string; name: string },
  work: (job: Job) => Promise<void>,
  revert: (() => void) | undefined,
  json: (r: R) => unknown,
): Reply {
  const fault = opRefusedFault(op.what.replace(/ /g, ''), op.name);
  const refused = fault !== undefined && ctx.world.faults.has(fault);
  requireAllowed((op.allowed || ctx.world.faults.has('states-not-enforced')) && !refused, op.what, resource.state, op.name);
  ctx.call?.runAsync(work, revert);
  return accepted(ctx.world, json(resource));
}

/** A boolean query parameter (`true`/`false`, `1`/`0`); 400 for anything else. */
export function queryBool(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (/^(true|1)$/i.test(raw)) return true;
  if (/^(false|0)$/i.test(raw)) return false;
  throw badRequest(`${name} must be true or false`);
}
