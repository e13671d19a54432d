import { actionUriOf } from '../support/actions.ts';
import { cloudCheck } from '../support/check.ts';
import { TERMINAL_ACTION_STATES } from '../support/context.ts';
import { deployedCluster } from '../support/infra.ts';
import { collectJson, openLogs } from '../support/streams.ts';

const FAILED_LOGS = 'cloud/actions/failed-has-logs';

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
      ctx.expectEqual(action.state, 'Failed', 'precondition: deploy of a deployed cluster did not fail');
      const session = await openLogs(ctx, uri, { follow: 'false' }, FAILED_LOGS);
      const { messages } = await collectJson(ctx, session, 3000, 'action logs', FAILED_LOGS);
      messages.forEach((m, i) => ctx.expectView('action-log-line', m, `log line #${i}`, FAILED_LOGS));
      ctx.expect(messages.length > 0, 'the logs of a Failed action are empty', {
        expected: 'at least one log line',
        actual: messages,
        requirement: FAILED_LOGS,
      });
    },
  }),
];
