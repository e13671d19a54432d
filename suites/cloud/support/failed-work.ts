/**
 * An asynchronous call whose work fails: the start of a service whose tag no node has. The call
 * is accepted (202) and the start cannot place a container; which node, if any, the service goes
 * to is not shown, so a target that deploys it anyway has no Failed action to show (unverified).
 */
import { actionUriOf } from './actions.ts';
import { createService, operate, serviceBody, sharedNodes } from './app.ts';
import { type CloudContext, TERMINAL_ACTION_STATES } from './context.ts';
import type { Action } from './views.generated.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';

export const UNPLACEABLE_START = 'start of a service whose tag no node has';

/** The answer to that start and its action once ended, Failed. */
export async function failedStart(ctx: CloudContext): Promise<{ res: HttpResponse; uri: string; action: Action }> {
  const svc = await createService(ctx, serviceBody(ctx, await sharedNodes(ctx), { tags: [{ name: ctx.uniqueName('no-node') }] }));
  const res = await operate(ctx, svc.resource_uri, 'start');
  const uri = actionUriOf(ctx, res, UNPLACEABLE_START);
  const action = await ctx.waitForState('action', uri, TERMINAL_ACTION_STATES);
  if (action.state !== 'Failed') ctx.unverified(`the ${UNPLACEABLE_START} ended ${action.state}, not Failed`);
  return { res, uri, action };
}
