import { actionUriOf } from '../support/actions.ts';
import { createService, operate, serviceBody, sharedNodes } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import { type CloudContext, TERMINAL_ACTION_STATES } from '../support/context.ts';
import { expectFailedActionLogs, FAILED_LOGS } from '../support/failed-logs.ts';
import { deployedCluster } from '../support/infra.ts';
import { collectJson, openLogs } from '../support/streams.ts';

const AUDIT = 'cloud/stream/events/audit-as-actions';

/** The texts of the log lines the action logs stream of `uri` sends without follow. */
async function actionLogTexts(ctx: CloudContext, uri: string, what: string): Promise<string[]> {
  const session = await openLogs(ctx, uri, { follow: 'false' }, AUDIT);
  const { messages } = await collectJson(ctx, session, 3000, `${what}: action logs`, AUDIT);
  return messages.map((m) => String((m as { log?: unknown }).log));
}

export default [
  cloudCheck({
    id: FAILED_LOGS,
    title: 'A Failed action has details in its logs: the action logs stream (Stream API) sends at least one log line',
    endpoint: 'cloud/action/logs',
    async run(ctx) {
      const cluster = await deployedCluster(ctx, 1);
      const res = await ctx.api.post(`${cluster.resource_uri}deploy/`);
      const uri = actionUriOf(ctx, res, 'deploy of a deployed cluster');
      const action = await ctx.waitForState('action', uri, TERMINAL_ACTION_STATES);
      ctx.precondition(action.state === 'Failed', `deploy of a deployed cluster ended ${action.state}, not Failed`);
      await expectFailedActionLogs(ctx, uri, 'deploy of a deployed cluster');
    },
  }),
  cloudCheck({
    id: `${AUDIT}/own-logs`,
    requirements: [AUDIT],
    title: "An action's logs are its own: after a later action on the same service, the logs of its ended start still hold each line they held",
    endpoint: 'cloud/action/logs',
    async run(ctx) {
      const svc = await createService(ctx, serviceBody(ctx, await sharedNodes(ctx)));
      const start = actionUriOf(ctx, await operate(ctx, svc.resource_uri, 'start'), 'start of the service');
      await ctx.waitForState('action', start, TERMINAL_ACTION_STATES);
      const before = await actionLogTexts(ctx, start, 'the ended start');
      ctx.precondition(before.length > 0, 'the ended start of the service has no log line to compare', AUDIT);
      const stop = actionUriOf(ctx, await operate(ctx, svc.resource_uri, 'stop'), 'stop of the service');
      await ctx.waitForState('action', stop, TERMINAL_ACTION_STATES);
      const after = await actionLogTexts(ctx, start, 'the ended start, after a stop');
      const lost = before.filter((line) => !after.includes(line));
      ctx.expect(lost.length === 0, "the logs of the service's ended start lost lines once the service was stopped", {
        expected: before,
        actual: after,
        requirement: AUDIT,
      });
    },
  }),
];
