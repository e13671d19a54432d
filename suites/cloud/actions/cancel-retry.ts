import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { actionUriOf, ENDS, expectRefused, expectUnchanged, isSuccess } from '../support/actions.ts';
import { createService, serviceBody, tagNames } from '../support/app.ts';
import { cloudCheck, type CloudCheck } from '../support/check.ts';
import { TERMINAL_ACTION_STATES, type CloudContext } from '../support/context.ts';
import { CLUSTER_SETTLED, createCluster, deployedCluster, liveNodes, settle } from '../support/infra.ts';
import { IN_PROGRESS_ATTEMPTS, startInProgress } from '../support/in-progress.ts';
import { cancelCancelable, cancelWhileInProgress, deploy, type InProgressReach } from '../support/cancel-in-progress.ts';
import { CANCEL_CODES, CANCEL_IN_PROGRESS, CANCEL_JUDGED, cancelEvents, expectCancelTakesEffect } from '../support/cancel-judged.ts';
import type { Action, NodeCluster, Service } from '../support/views.generated.ts';
import { OPERATION } from '../support/operation-requirements.ts';
import { sameResource } from '../support/lists.ts';

const CANCEL = 'cloud/action/cancel';
const RETRY = 'cloud/action/retry';
const row = (r: string): string => `cloud/states/action/${r}`;
const R = {
  cancelInProgress: CANCEL_IN_PROGRESS,
  cancelPending: 'cloud/action/cancel/pending-to-canceling',
  retryNew: 'cloud/action/retry/new-execution',
  retryFlag: 'cloud/action/retry/can-be-retried-flag',
  user: 'cloud/actions/user-action',
  record: 'cloud/actions/record-matches-call',
  codes: CANCEL_CODES,
};
const ACTION_FIELDS = ['state', 'end_date', 'start_date'];
const ACTIONS = '/api/audit/v1/action/';
const cancel = (ctx: CloudContext, a: Action): Promise<HttpResponse> => ctx.api.post(`${a.resource_uri}cancel/`);
const retry = (ctx: CloudContext, a: Action): Promise<HttpResponse> => ctx.api.post(`${a.resource_uri}retry/`);
const ok = (res: HttpResponse): boolean => isSuccess(res.status);
/** An action still In progress, or a skip of the check. */
async function inProgressOrSkip<T extends { action: Action }>(ctx: CloudContext, reach: InProgressReach<T>): Promise<T> {
  const got = await reach(ctx);
  if (!got) ctx.skip(`in ${IN_PROGRESS_ATTEMPTS} attempts the action had ended when read, not In progress`);
  return got!;
}

/**
 * A refused call may still record an action of its own (that ends Failed); a new execution of the
 * retried action is another matter: an action repeating its method and path.
 */
async function expectNoNewExecution(ctx: CloudContext, res: HttpResponse, original: Action, requirement: string): Promise<void> {
  const uri = ok(res) ? res.headers[ctx.actionHeader] : undefined;
  if (!uri || sameResource(uri, original.resource_uri)) return;
  const recorded = await ctx.getJson('action', uri, 'the action the retry answered with');
  ctx.expect(
    !(recorded.method === original.method && recorded.path === original.path),
    `the retry of an In progress action started a new execution of it (${String(recorded.method)} ${String(recorded.path)})`,
    {
      expected: 'a refusal: retry is allowed from Success, Failed and Canceled only',
      actual: { status: res.status, action: recorded.resource_uri },
      requirement,
    },
  );
}

/**
 * Retries a deploy that was In progress when read. An accepted retry of an action that has ended
 * by the time it is read again may have reached it after the end (allowed then): that attempt
 * proves nothing and a fresh deploy is tried.
 */
async function retryWhileInProgress(ctx: CloudContext): Promise<{ cluster: NodeCluster; action: Action; res: HttpResponse }> {
  for (let attempt = 1; ; attempt++) {
    const { cluster, action } = await inProgressOrSkip(ctx, deploy);
    const res = await retry(ctx, action);
    if (!ok(res)) return { cluster, action, res };
    const now = await ctx.getJson('action', action.resource_uri, 'the action');
    if (!TERMINAL_ACTION_STATES.includes(String(now.state))) return { cluster, action, res };
    if (attempt === IN_PROGRESS_ATTEMPTS)
      ctx.skip(
        `in ${attempt} attempts the deploy action ended (${String(now.state)}) around the retry: whether the retry reached it In progress cannot be told`,
      );
    ctx.observe(`attempt ${attempt}: the action ended (${String(now.state)}) around the retry; trying a fresh deploy`);
  }
}

async function canceled(ctx: CloudContext): Promise<{ cluster: NodeCluster; action: Action }> {
  const { cluster, action, res } = await cancelWhileInProgress(ctx, deploy);
  ctx.precondition(ok(res), `cancel of an In progress action answered ${res.status}`, OPERATION.actionCancel);
  return { cluster, action: await ctx.waitForState('action', action.resource_uri, TERMINAL_ACTION_STATES) };
}

/** A finished PATCH of tags on an Init cluster: its retry sets the tags back. */
async function succeeded(ctx: CloudContext): Promise<{ cluster: NodeCluster; action: Action }> {
  const cluster = await createCluster(ctx);
  const res = await ctx.api.patch(cluster.resource_uri, { tags: [{ name: 'conformance-retried' }] });
  return { cluster, action: await ctx.waitForState('action', actionUriOf(ctx, res, 'PATCH'), TERMINAL_ACTION_STATES) };
}

/** A service start that fails for want of nodes carrying its tag; a later retry can succeed. */
async function failed(ctx: CloudContext): Promise<{ service: Service; tag: string; action: Action }> {
  const tag = ctx.uniqueName('notag');
  const service = await createService(ctx, serviceBody(ctx, undefined, { tags: [{ name: tag }] }));
  const res = await ctx.api.post(`${service.resource_uri}start/`);
  if (res.status >= 400) return { service, tag, action: await ctx.getJson('action', actionUriOf(ctx, res, 'start'), 'the start action') };
  // Background work that fails must still end its action (Failed): one left In progress breaks the async rule.
  const action = await ctx.waitForState('action', actionUriOf(ctx, res, 'start'), TERMINAL_ACTION_STATES, 15_000, ENDS);
  // Nobody canceled it: an operation's outcome is Success or Failed; Canceled is the end of a cancel only.
  ctx.expect(action.state !== 'Canceled', 'a service start that nobody canceled ended Canceled', {
    expected: 'Success or Failed',
    actual: action.state,
    requirement: ENDS,
  });
  return { service, tag, action };
}

/**
 * can_be_retried tells whether the action can be retried, and a retry of an action that says false
 * is refused: an accepted retry (of an action the state table lets retry) proves a false flag wrong.
 */
function expectRetryFlagAgrees(ctx: CloudContext, action: Action, res: HttpResponse): void {
  if (!ok(res)) return;
  ctx.expect(action.can_be_retried !== false, `a ${String(action.state)} action says can_be_retried false, yet its retry was accepted (${res.status})`, {
    expected: true,
    actual: action.can_be_retried,
    requirement: R.retryFlag,
  });
}

/** A refused cancel or retry of an action in a stable state: refused, the action unchanged. */
function refusedRow(
  id: string,
  endpoint: string,
  title: string,
  reach: (ctx: CloudContext) => Promise<{ action: Action }>,
  op: typeof cancel,
  requirements = [id],
): CloudCheck {
  return cloudCheck({
    id,
    title,
    requirements,
    endpoint,
    async run(ctx) {
      const { action } = await reach(ctx);
      ctx.precondition(TERMINAL_ACTION_STATES.includes(String(action.state)), `the action is ${String(action.state)}`);
      await expectRefused(ctx, await op(ctx, action), title.split(':')[0]!, id);
      expectUnchanged(ctx, action, await ctx.getJson('action', action.resource_uri, 'the action'), ACTION_FIELDS, title.split(':')[0]!, id);
    },
  });
}

export default [
  cloudCheck({
    id: R.cancelInProgress,
    title:
      'Cancel of an In progress action that says it can be canceled (a start of ten containers in sequence, else a cluster deploy, ' +
      'else a start a retry ran again) moves it to Canceling, then Canceled, and its work stops ' +
      '(a start runs no more containers, a deploy does not end Deployed)',
    requirements: [...CANCEL_JUDGED],
    endpoint: CANCEL,
    async run(ctx) {
      const events = await cancelEvents(ctx);
      await expectCancelTakesEffect(ctx, await cancelCancelable(ctx), events);
    },
  }),
  cloudCheck({
    id: row('in-progress-rejects-retry'),
    title: 'In progress rejects retry: refused, and the operation runs once',
    requirements: [row('in-progress-rejects-retry'), R.retryFlag],
    endpoint: RETRY,
    async run(ctx) {
      const { cluster, action, res } = await retryWhileInProgress(ctx);
      // The list read at once shows the action as an action object, while it still runs its flag false and no end_date.
      const listed = ctx.listObjects(await ctx.api.get(ACTIONS, { uuid: String(action.uuid) }), 'action list');
      for (const a of listed) ctx.expectView('action', a, 'the action as listed', R.retryFlag);
      ctx.expect(action.can_be_retried === false, `an In progress action, which cannot be retried, says can_be_retried ${String(action.can_be_retried)}`, {
        expected: false,
        actual: action.can_be_retried,
        requirement: R.retryFlag,
      });
      await expectNoNewExecution(ctx, res, action, row('in-progress-rejects-retry'));
      await expectRefused(ctx, res, 'retry of an In progress action', row('in-progress-rejects-retry'));
      const end = await settle(ctx, 'node-cluster', cluster.resource_uri, CLUSTER_SETTLED);
      ctx.expectEqual((end.nodes as unknown[]).length, end.target_num_nodes, 'the deploy ran more than once', row('in-progress-rejects-retry'));
    },
  }),
  cloudCheck({
    id: row('canceling-rejects-cancel'),
    title: 'Canceling rejects cancel and retry (of a canceled service start): refused, and the action still ends Canceled',
    requirements: [row('canceling-rejects-cancel'), row('canceling-rejects-retry'), R.retryFlag],
    endpoint: CANCEL,
    async run(ctx) {
      // A start of ten containers in sequence (as for the cancel row): a cluster deploy's 150 ms In progress on
      // the reference passed before the cancel in five fresh tries of one whole-suite run in three. One that
      // ended before the cancel reached it is tried afresh, as for the In progress row.
      const { action } = await cancelWhileInProgress(ctx, startInProgress);
      const [now, again, redo] = await Promise.all([ctx.getJson('action', action.resource_uri, 'the action'), cancel(ctx, action), retry(ctx, action)]);
      if (now.state !== 'Canceling') ctx.skip(`Canceling is transitional and had already passed (${String(now.state)})`);
      ctx.expect(now.can_be_retried !== true, 'a Canceling action, whose retry the state table refuses, says can_be_retried true', {
        expected: false,
        actual: now.can_be_retried,
        requirement: R.retryFlag,
      });
      const after = await ctx.getJson('action', action.resource_uri, 'the action');
      if ((ok(again) || ok(redo)) && after.state !== 'Canceling')
        ctx.skip(`Canceling passed (${String(after.state)}) while the check acted: an accepted operation cannot be told apart from one made after it`);
      await expectRefused(ctx, again, 'cancel of a Canceling action', row('canceling-rejects-cancel'));
      await expectRefused(ctx, redo, 'retry of a Canceling action', row('canceling-rejects-retry'));
      ctx.expectEqual((await ctx.waitForState('action', action.resource_uri, TERMINAL_ACTION_STATES)).state, 'Canceled', 'the action did not end Canceled');
    },
  }),
  refusedRow(row('canceled-rejects-cancel'), CANCEL, 'Canceled rejects cancel: refused and the action is unchanged', canceled, cancel),
  refusedRow(row('success-rejects-cancel'), CANCEL, 'Success rejects cancel: refused and the action is unchanged', succeeded, cancel),
  refusedRow(row('failed-rejects-cancel'), CANCEL, 'Failed rejects cancel: refused and the action is unchanged', failed, cancel, [
    row('failed-rejects-cancel'),
    ENDS,
  ]),
  cloudCheck({
    id: row('success-allows-retry'),
    title: 'Success allows retry: a new execution of the action runs (a retried PATCH sets the tags again)',
    requirements: [row('success-allows-retry'), R.retryNew, R.retryFlag, R.user, R.record, R.codes],
    endpoint: RETRY,
    async run(ctx) {
      const { cluster, action } = await succeeded(ctx);
      ctx.precondition(action.state === 'Success', `the PATCH of the cluster's tags ended ${action.state}`, OPERATION.clusterTags);
      const uri = cluster.resource_uri;
      await ctx.api.patch(uri, { tags: [{ name: 'conformance-other' }] });
      await ctx.waitForState('node-cluster', uri, ['Init']);
      // The retry's own client, unlike the PATCH's: a new execution that records the retried call's User-Agent shows it.
      const agent = `conformance-retry/${ctx.run.runId}`;
      const res = await ctx.api.request('POST', `${action.resource_uri}retry/`, { headers: { 'user-agent': agent } });
      ctx.observe(`retry answered ${res.status}`);
      ctx.expect(ok(res), `retry of a Success action answered ${res.status}`, {
        expected: 'a 2xx answer',
        actual: res.status,
        requirement: [row('success-allows-retry'), R.retryNew],
      });
      expectRetryFlagAgrees(ctx, action, res);
      const next = res.headers[ctx.actionHeader] ?? action.resource_uri;
      const ran = await ctx.waitForState('action', next, TERMINAL_ACTION_STATES);
      // The retry is the user's call: the action it answers with (the new execution, or the retried one) records a user call.
      ctx.expectEqual(ran.is_user_action, true, `the action ${next} of a user's retry has is_user_action other than true`, R.user);
      // A new action records the retry call; an answer naming the retried action itself keeps that record's call.
      if (!sameResource(next, action.resource_uri))
        ctx.expectEqual(ran.user_agent, agent, `the new action ${next} of a retry does not record the retry's User-Agent`, R.record);
      else
        ctx.observe(
          `the retry answered with the retried action ${next} itself: its user_agent ${JSON.stringify(ran.user_agent)} is that of the call it records`,
        );
      await new Promise((r) => setTimeout(r, 100));
      ctx.expectEqual(tagNames((await ctx.getJson('node-cluster', uri, 'cluster')).tags), ['conformance-retried'], 'the retried PATCH did not run again', [
        row('success-allows-retry'),
        R.retryNew,
      ]);
    },
  }),
  cloudCheck({
    id: row('canceled-allows-retry'),
    title: 'Canceled allows retry: the canceled deploy runs again and deploys the cluster',
    requirements: [row('canceled-allows-retry'), R.retryNew, R.retryFlag],
    endpoint: RETRY,
    async run(ctx) {
      const { cluster, action } = await canceled(ctx);
      // A cancel that was accepted but let the deploy end Success or Failed leaves no Canceled action to retry.
      ctx.precondition(action.state === 'Canceled', `the canceled deploy action ended ${String(action.state)}, not Canceled`, R.cancelInProgress);
      const before = await settle(ctx, 'node-cluster', cluster.resource_uri, ['Init', ...CLUSTER_SETTLED]);
      const res = await retry(ctx, action);
      const broken = [row('canceled-allows-retry'), R.retryNew];
      ctx.expect(ok(res), `retry of a Canceled action answered ${res.status}`, { expected: 'a 2xx answer', actual: res.status, requirement: broken });
      expectRetryFlagAgrees(ctx, action, res);
      const end = await settle(ctx, 'node-cluster', cluster.resource_uri, CLUSTER_SETTLED);
      if (before.state !== 'Init') {
        // The state table lets a Partly deployed or Deployed cluster do nothing but terminate: a deploy run again
        // there has no effect it must show, but it runs: its action (a new one, or the record retried) ends
        // Success or Failed. A retry that answers 2xx and runs nothing leaves the action Canceled.
        ctx.observe(`the canceled deploy left the cluster ${String(before.state)}; after the retry it is ${String(end.state)}`);
        const ran = await ctx.waitForState('action', res.headers[ctx.actionHeader] ?? action.resource_uri, TERMINAL_ACTION_STATES);
        ctx.expect(ran.state === 'Success' || ran.state === 'Failed', `after the retry the deploy's action is ${String(ran.state)}: nothing ran again`, {
          expected: 'Success or Failed (a new execution ended)',
          actual: { action: ran.resource_uri, state: ran.state },
          requirement: broken,
        });
        return;
      }
      // From Init, the deploy run again deploys the cluster: all its target nodes, not only a state other than Init.
      const nodes = await Promise.all((end.nodes ?? []).map((n) => ctx.getJson('node', n, 'node')));
      ctx.expectEqual(liveNodes(nodes).length, end.target_num_nodes, 'the retried deploy did not give the cluster its target_num_nodes nodes', broken);
    },
  }),
  cloudCheck({
    id: row('failed-allows-retry'),
    title: 'Failed allows retry: a service start that failed for want of nodes runs again once a node is there',
    requirements: [row('failed-allows-retry'), R.retryNew, R.retryFlag, ENDS],
    endpoint: RETRY,
    async run(ctx) {
      const { service, tag, action } = await failed(ctx);
      ctx.precondition(action.state === 'Failed', `a service start without any node ended ${action.state}, not Failed`);
      await deployedCluster(ctx, 1, { tags: [{ name: tag }] });
      const res = await retry(ctx, action);
      ctx.expect(ok(res), `retry of a Failed action answered ${res.status}`, {
        expected: 'a 2xx answer',
        actual: res.status,
        requirement: [row('failed-allows-retry'), R.retryNew],
      });
      expectRetryFlagAgrees(ctx, action, res);
      const end = await ctx.waitForState('service', service.resource_uri, ['Running', 'Partly running', 'Stopped'], 60_000);
      ctx.expectEqual(end.state, 'Running', 'the retried start did not start the service', [row('failed-allows-retry'), R.retryNew]);
    },
  }),
];
