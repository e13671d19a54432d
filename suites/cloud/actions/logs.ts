import { actionUriOf } from '../support/actions.ts';
import { cloudCheck } from '../support/check.ts';
import { TERMINAL_ACTION_STATES } from '../support/context.ts';
import { expectFailedActionLogs, FAILED_LOGS } from '../support/failed-logs.ts';
import { deployedCluster } from '../support/infra.ts';

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
];
