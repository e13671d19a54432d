import { setTimeout as sleep } from 'node:timers/promises';
import { actionUriOf, finishedActionOf, isSuccess } from '../support/actions.ts';
import { createService, operate, serviceBody, sharedNodes } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import { type CloudContext, TERMINAL_ACTION_STATES } from '../support/context.ts';
import { expectFailedActionLogs, FAILED_LOGS } from '../support/failed-logs.ts';
import { failedStart, UNPLACEABLE_START } from '../support/failed-work.ts';
import { createCluster, deployClusterAnswered } from '../support/infra.ts';
import { OPERATION } from '../support/operation-requirements.ts';
import { sameResource } from '../support/lists.ts';
import { actionLogLines } from '../support/streams.ts';
import { emptyActionLog } from '../support/action-log.ts';

const AUDIT = 'cloud/stream/events/audit-as-actions';

interface LogLine {
  log: string;
  /** Unix seconds. */
  timestamp: number;
}

/** The log lines the action logs stream of `uri` sends without follow. */
async function actionLog(ctx: CloudContext, uri: string, what: string): Promise<LogLine[]> {
  return (await actionLogLines(ctx, uri, what, AUDIT)).map((m) => {
    const { log, timestamp } = m as { log?: unknown; timestamp?: unknown };
    return { log: String(log), timestamp: Number(timestamp) };
  });
}

const actionLogTexts = async (ctx: CloudContext, uri: string, what: string): Promise<string[]> => (await actionLog(ctx, uri, what)).map((l) => l.log);

/** A service started on a deployed node, with its start action, ended Success. */
async function startedService(ctx: CloudContext): Promise<{ service: string; start: string }> {
  const svc = await createService(ctx, serviceBody(ctx, await sharedNodes(ctx)));
  const start = actionUriOf(ctx, await operate(ctx, svc.resource_uri, 'start'), 'start of the service');
  const started = await ctx.waitForState('action', start, TERMINAL_ACTION_STATES);
  ctx.precondition(started.state === 'Success', `the start of a service on a deployed node ended ${started.state}`, 'cloud/service/start/effect');
  return { service: svc.resource_uri, start };
}

export default [
  cloudCheck({
    id: FAILED_LOGS,
    title:
      'A Failed action has details in its logs: the action logs stream (Stream API) sends a line with text that the same operation ' +
      'on the same object did not log when it succeeded (a second deploy of a cluster beside its first)',
    endpoint: 'cloud/action/logs',
    async run(ctx) {
      const { cluster, res: first } = await deployClusterAnswered(ctx, await createCluster(ctx, { target_num_nodes: 1 }));
      const succeeded = await finishedActionOf(ctx, first, 'deploy of a new cluster');
      ctx.precondition(succeeded.state === 'Success', `deploy of a new cluster ended ${succeeded.state}`, OPERATION.clusterDeploy);
      const res = await ctx.api.post(`${cluster.resource_uri}deploy/`);
      const uri = actionUriOf(ctx, res, 'deploy of a deployed cluster');
      const action = await ctx.waitForState('action', uri, TERMINAL_ACTION_STATES);
      ctx.precondition(action.state === 'Failed', `deploy of a deployed cluster ended ${action.state}, not Failed`);
      await expectFailedActionLogs(ctx, uri, 'deploy of a deployed cluster', succeeded.resource_uri);
    },
  }),
  cloudCheck({
    id: `${FAILED_LOGS}/work-failed`,
    requirements: [FAILED_LOGS],
    title:
      'A start that fails in its work (a service whose tag no node has) has details in its logs: a line with a word besides the generic ones ' +
      'that a successful start did not log',
    endpoint: 'cloud/action/logs',
    async run(ctx) {
      const { start: succeeded } = await startedService(ctx);
      const { uri } = await failedStart(ctx);
      await expectFailedActionLogs(ctx, uri, UNPLACEABLE_START, succeeded);
    },
  }),
  cloudCheck({
    id: `${AUDIT}/own-logs`,
    requirements: [AUDIT],
    title:
      "An action's logs are its own and stay available: after later actions on the same service (a stop, then its terminate), the logs of " +
      'its ended start still hold each line they held',
    endpoint: 'cloud/action/logs',
    async run(ctx) {
      const { service, start } = await startedService(ctx);
      const before = await actionLogTexts(ctx, start, 'the ended start');
      // Log details are stated for a Failed action only: a successful start that logged nothing leaves nothing to compare (unverified).
      if (!before.length) await emptyActionLog(ctx, start);
      // The audit record outlives what its call acted on: a terminated service's actions and their logs are still available.
      for (const verb of ['stop', 'terminate'] as const) {
        const later = actionUriOf(ctx, await operate(ctx, service, verb), `${verb} of the service`);
        await ctx.waitForState('action', later, TERMINAL_ACTION_STATES);
        const after = await actionLogTexts(ctx, start, `the ended start, after a ${verb} of its service`);
        const lost = before.filter((line) => !after.includes(line));
        ctx.expect(lost.length === 0, `the logs of the service's ended start lost lines once the service's ${verb} ended`, {
          expected: before,
          actual: after,
          requirement: AUDIT,
        });
      }
    },
  }),
  cloudCheck({
    id: `${AUDIT}/own-logs/retry`,
    requirements: [AUDIT],
    title: "A retry tracked by a new action logs under that action: none of its log lines predates its start_date (the retried start's lines are not its own)",
    endpoint: 'cloud/action/logs',
    async run(ctx) {
      const { start } = await startedService(ctx);
      // A second between the start's lines and the retry: lines of the start then read as older than the new action.
      await sleep(1100);
      const res = await ctx.api.post(`${start}retry/`);
      ctx.precondition(isSuccess(res.status), `retry of the ended start answered ${res.status}`, 'cloud/action/retry/new-execution');
      const fresh = res.headers[ctx.actionHeader];
      // Whether a new action or the retried record tracks the new execution is not stated: the same record is only observed.
      if (!fresh || sameResource(fresh, start))
        return ctx.notApplicable(
          `the retry answered ${fresh ? 'with the retried action itself' : 'without an action header'}: no new action to read the logs of`,
        );
      const action = await ctx.waitForState('action', fresh, TERMINAL_ACTION_STATES);
      const since = Math.floor(Date.parse(String(action.start_date)) / 1000);
      const older = (await actionLog(ctx, fresh, 'the retry')).filter((l) => l.timestamp < since);
      ctx.expect(older.length === 0, `the logs of the retry's new action hold lines older than its start_date ${String(action.start_date)}`, {
        expected: `log lines timestamped from ${since} on`,
        actual: older,
        requirement: AUDIT,
      });
    },
  }),
];
