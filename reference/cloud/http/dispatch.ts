/**
 * One API call through the route table: route, namespace, the action it records, the handler.
 * Every call is recorded, reads (GET) too; errors the handler throws become `{"error": ...}` answers
 * and end the call's action Failed; unknown routes (404), wrong methods (405) and foreign
 * namespaces (403) record no action. The namespace is resolved inside the hooked call, so the
 * mutation hook sees (and may change) its 403.
 */
import { ActionCall } from '../actions/call.ts';
import type { World, Dispatched } from '../world.ts';
import { errorReply } from './replies.ts';
import { resolveScope } from './namespace.ts';
import type { RouteTable } from './router.ts';
import type { ApiRequest, CallContext, Handler, Reply } from './types.ts';
import type { UriScope } from '../uris.ts';
import { ApiError } from './errors.ts';
import { withMissingFields } from './answer-faults.ts';
import { mutatedCall } from './mutation.ts';
import { forgetCreated } from '../state/forget.ts';

export function createDispatcher(world: World, routes: RouteTable): (req: ApiRequest) => Promise<Dispatched> {
  return async (req) => {
    const path = routedPath(world, req.path);
    const match = path === undefined ? undefined : routes.match(req.method, path);
    if (!match) return { reply: errorReply(new ApiError(404, `no endpoint ${req.path}`)) };
    if (match === 'method-not-allowed') return { reply: errorReply(new ApiError(405, `method ${req.method} not allowed on ${req.path}`)) };
    let call: ActionCall | undefined;
    // "Every API call by a user is recorded as an action": a read too (a synchronous call, Success or Failed at once). Under
    // `reads-not-recorded` only the calls that change something are; under `get-recorded-without-header` a read's answer names none (below).
    const read = req.method === 'GET' && !match.route.action;
    const actionName = match.route.action ?? (read && !world.faults.has('reads-not-recorded') ? 'Read' : undefined);
    const reply = await mutatedCall(world.mutation, req, world.spell, async (arrived) => {
      let scope: UriScope;
      try {
        scope = resolveScope(world, req.user, match.params.ns, arrived.mutation, req.path, req.method);
      } catch (err) {
        return errorReply(err);
      }
      call = actionName ? new ActionCall(world, arrived, actionName, scope, read) : undefined;
      let answer: Reply;
      try {
        answer = await match.route.handler({ world, req: arrived, params: match.params, scope, call });
      } catch (err) {
        answer = errorReply(err);
      }
      if (arrived.mutation?.notApplied && answer.status === 201) forgetCreated(world, answer.body);
      if (answer.status === 400 || answer.status === 409) await leaveRefused({ world, req: arrived, params: match.params, scope }, match.route.handler);
      answer = withMissingFields(world, answer);
      if (answer.status === 404 && world.faults.has('unknown-uuid-200')) answer = { status: 200, body: {} };
      // Under `blind30-unknown-object-call-unrecorded` a 404 of the handler (its object unknown) is taken for an unknown endpoint's: no action.
      if (answer.status === 404 && call && world.faults.has('blind30-unknown-object-call-unrecorded')) {
        world.store.actions.delete(call.action.uuid);
        call = undefined;
      }
      call?.settle(answer);
      return answer;
    });
    return { reply, action: read && world.faults.has('get-recorded-without-header') ? undefined : (reply.action ?? call?.action) };
  };
}

/** The path the routes know (the fault repo-unversioned serves /api/repo/ without its version segment). */
function routedPath(world: World, path: string): string | undefined {
  // Under `blind34-audit-unversioned` the audit subsystem is mounted at /api/audit/ without its version segment.
  if (world.faults.has('blind34-audit-unversioned') && path.startsWith('/api/audit/')) {
    if (path.startsWith('/api/audit/v1/')) return undefined;
    return path.replace('/api/audit/', '/api/audit/v1/');
  }
  if (!world.faults.has('repo-unversioned')) return path;
  if (path.startsWith('/api/repo/v1/')) return undefined;
  return path.startsWith('/api/repo/') ? path.replace('/api/repo/', '/api/repo/v1/') : path;
}

/** Under a mutant that leaves refused creates' objects: the object the first body the create takes makes. */
async function leaveRefused(ctx: CallContext, handler: Handler): Promise<void> {
  for (const body of ctx.req.mutation?.refusedCreateBodies?.(ctx.req.body) ?? []) {
    try {
      if ((await handler({ ...ctx, req: { ...ctx.req, body } })).status < 400) return;
    } catch {
      // refused again: the next, plainer body
    }
  }
}
