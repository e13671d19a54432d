/**
 * Spec: Authentication ("REST and Stream requests use HTTP Basic authentication"; "The Stream API
 * uses the same header on the WebSocket upgrade request") at every Stream endpoint the spec
 * describes, not only at the events feed: the action, service and container logs and the
 * container exec stream each accept the upgrade with the header and refuse it without valid
 * credentials. Their paths name real objects (a refusal of an unknown one would prove nothing).
 */
import { ACTIONS } from '../support/actions.ts';
import { firstContainer, runningService, sharedNodes } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { listAll } from '../support/lists.ts';
import { expectUpgradeRefused, refusedCallers } from '../support/stream-auth.ts';
import { EVENTS, openAccepted } from '../support/streams.ts';

const R = {
  ok: 'cloud/auth/stream-basic-on-upgrade',
  refused: 'cloud/auth/stream-without-credentials-refused',
  recorded: 'cloud/actions/every-call-recorded',
};

/** Each Stream endpoint of the spec, as a path naming objects of this check. */
async function streamPaths(ctx: CloudContext): Promise<string[]> {
  const svc = await runningService(ctx, await sharedNodes(ctx));
  const container = await firstContainer(ctx, svc);
  const [action] = await listAll(ctx, ACTIONS, { object: svc.resource_uri, include_related: 'false' });
  if (!action) return ctx.preconditionUnmet(`the action list names no action of ${svc.resource_uri}, which was created and started`, R.recorded);
  return [EVENTS, `${action.resource_uri}logs/`, `${svc.resource_uri}logs/`, `${container.resource_uri}logs/`, `${container.resource_uri}exec/`];
}

export default [
  cloudCheck({
    id: `${R.refused}/every-endpoint`,
    title:
      'Every Stream endpoint (events, action, service and container logs, exec) accepts the Basic header and refuses an upgrade ' +
      'without it or with a wrong key (another, empty, or under another name)',
    requirements: [R.refused, R.ok],
    endpoint: 'cloud/events',
    async run(ctx) {
      const paths = await streamPaths(ctx);
      for (const path of paths) {
        const session = await openAccepted(ctx, path, undefined, R.ok);
        session.close();
      }
      for (const path of paths) for (const [what, api] of refusedCallers(ctx)) await expectUpgradeRefused(ctx, api, path, what, R.refused);
    },
  }),
];
