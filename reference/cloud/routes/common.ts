/** Helpers the route modules share: lookups, the async-verb pattern, query booleans. */
import type { Job } from '../actions/call.ts';
import { opRefusedFault } from '../fault-families.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { accepted, noContent } from '../http/replies.ts';
import type { CallContext, Reply } from '../http/types.ts';
import type { Owned } from '../state/model.ts';
import { requireAllowed, verdictOf } from '../state/states.ts';
import { findIn } from '../state/store.ts';
import type { UriScope } from '../uris.ts';

/**
 * The resource `{uuid}` names in the request's namespace, and the call's action tracks it. A
 * mutant may hand out a terminated one as if it were alive (a copy in that state).
 */
export function lookup<T extends Owned>(ctx: CallContext, map: ReadonlyMap<string, T>, label: string): T {
  const unscoped = ctx.req.method === 'GET' && ctx.world.faults.has('blind4-namespace-get-by-uuid-unscoped');
  const found = unscoped ? map.get(ctx.params.uuid ?? '') : findIn(map, ctx.scope.namespace, ctx.params.uuid ?? '');
  if (!found) throw notFound(label);
  track(ctx, found.resource_uri, found.scope);
  const alive = ctx.req.mutation?.terminatedAlive;
  const terminated = (found as Partial<Stateful>).state === 'Terminated';
  return alive && terminated ? { ...found, state: alive } : found;
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
 * The mutant under test (`ctx.req.mutation`) may turn the verdict, answer a refusal as an action
 * that ends Failed, leave the work undone, or end the resource in another state.
 */
export function runVerb<R extends Stateful>(
  ctx: CallContext,
  resource: R,
  op: { allowed: boolean; what: string; name: string },
  work: (job: Job) => Promise<void>,
  revert: (() => void) | undefined,
  json: (r: R) => unknown,
): Reply {
  const { mutation } = ctx.req;
  const fault = opRefusedFault(op.what.replace(/ /g, ''), op.name);
  const refused = fault !== undefined && ctx.world.faults.has(fault);
  const allowed = (op.allowed || ctx.world.faults.has('states-not-enforced')) && !refused;
  try {
    requireAllowed(verdictOf(mutation, resource.state, allowed), op.what, resource.state, op.name);
  } catch (err) {
    if (!mutation?.refusalAsFailedAction || !ctx.call) throw err;
    ctx.call.runAsync(() => Promise.reject(err));
    return accepted(ctx.world, json(resource));
  }
  if (!mutation?.notApplied) ctx.call?.runAsync(endingIn(mutation?.reached, resource, work), revert);
  // Under `blind25-async-delete-204` a DELETE is answered as REST deletes are, 204 without a body, though its work runs on.
  if (ctx.req.method === 'DELETE' && ctx.world.faults.has('blind25-async-delete-204')) return noContent();
  return accepted(ctx.world, json(resource));
}

/** The work, then the resource set to the state the mutant has it reach (when it replaces it). */
function endingIn(reached: string | undefined, resource: Stateful, work: (job: Job) => Promise<void>): (job: Job) => Promise<void> {
  if (reached === undefined) return work;
  return async (job) => {
    await work(job);
    resource.state = reached;
  };
}

/** A boolean query parameter (`true`/`false`, `1`/`0`); 400 for anything else. */
export function queryBool(query: URLSearchParams, name: string, fallback: boolean): boolean {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (/^(true|1)$/i.test(raw)) return true;
  if (/^(false|0)$/i.test(raw)) return false;
  throw badRequest(`${name} must be true or false`);
}

/** reuse_volumes of a service or container redeploy (default true). */
export const reuseVolumes = (ctx: CallContext): boolean => queryBool(ctx.req.query, 'reuse_volumes', true);

/**
 * The answer of a stop. Under `blind28-stop-answered-after-stop` the handler awaits the engine's stop of the containers
 * (the whole background work) before answering: the 202 comes with the object stopped and its action ended. Under
 * `stop-answered-after-work` it awaits it too, but answers with the object as it was when the stop began.
 */
export async function answeredAfterStop(ctx: CallContext, reply: Reply, body: () => unknown): Promise<Reply> {
  const { faults } = ctx.world;
  if (reply.status !== 202 || !ctx.call?.done || !(faults.has('blind28-stop-answered-after-stop') || faults.has('stop-answered-after-work'))) return reply;
  await ctx.call.done.catch(() => {});
  return faults.has('stop-answered-after-work') ? reply : { ...reply, body: body() };
}
