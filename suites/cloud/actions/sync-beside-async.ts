/**
 * Spec: States and transitions > Action states. A synchronous call (any answer but 202) creates its
 * action Success or Failed: when the answer arrives the call has completed and its action is
 * terminal, with its end_date. Pending is "needs asynchronous execution, waiting for an in-progress
 * action": a synchronous call needs none, so it waits for nothing, not even for an asynchronous
 * action In progress on the same object. The check makes synchronous calls (a GET, a PATCH, a start
 * refused in Starting) on a service whose long start is In progress and reads each call's action at
 * once; it judges a call only where the start's action, read after the call's, is still In progress
 * (the call was then made while it ran), and ends unverified where the start was over too soon.
 */
import { expectEndDate } from '../support/actions.ts';
import { operate } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';
import { IN_PROGRESS_ATTEMPTS, startInProgress } from '../support/in-progress.ts';
import type { Action } from '../support/views.generated.ts';

const SYNC = 'cloud/actions/sync-terminal';
const PENDING = 'cloud/actions/pending-waits';

/** The synchronous calls made on the service while its start runs: a read, an update, an operation its state refuses. */
function callsOn(ctx: CloudContext, uri: string, nickname: unknown): Array<[string, () => Promise<HttpResponse>]> {
  return [
    ['GET of the service', () => ctx.api.get(uri)],
    ['PATCH of its nickname (unchanged)', () => ctx.api.patch(uri, { nickname })],
    ['second start (refused in Starting)', () => operate(ctx, uri, 'start')],
  ];
}

/**
 * The action of one synchronous call, read at once: Success for a 2xx answer, Failed for an error,
 * with its end_date. Read Pending, it waits as only an action that needs asynchronous execution may.
 */
function expectTerminal(ctx: CloudContext, what: string, res: HttpResponse, action: Action): void {
  const expected = isSuccess(res.status) ? 'Success' : 'Failed';
  const pending = action.state === 'Pending';
  ctx.verify(action.state === expected, `the ${what}, answered ${res.status} while the start was In progress, left its action ${String(action.state)}`, {
    expected: `${expected} when the answer arrives (a synchronous call's action is terminal at once; Pending is for actions that need asynchronous execution)`,
    actual: { status: res.status, state: action.state, end_date: action.end_date },
    requirement: pending ? [SYNC, PENDING] : SYNC,
  });
  if (action.state === expected) expectEndDate(ctx, action, SYNC);
  else
    ctx.verify(typeof action.end_date === 'string' && !Number.isNaN(Date.parse(action.end_date)), `the action of the ${what} shows no end_date`, {
      expected: 'the end_date of a call that has completed',
      actual: action.end_date,
      requirement: pending ? [SYNC, PENDING] : SYNC,
    });
}

export default [
  cloudCheck({
    id: `${SYNC}/beside-in-progress`,
    title:
      'A synchronous call (a GET, a PATCH, a start refused) on a service whose start is In progress has its own action ended at once ' +
      '(Success or Failed, end_date set), not Pending behind the start',
    requirements: [SYNC, PENDING],
    endpoint: 'cloud/action/get',
    async run(ctx) {
      const started = await startInProgress(ctx);
      if (!started) return ctx.unverified(`in ${IN_PROGRESS_ATTEMPTS} attempts the start action had ended when read, not In progress`);
      const { service: svc, action: startAction } = started;
      const startState = async (): Promise<unknown> => (await ctx.getJson('action', startAction.resource_uri, 'the start action')).state;
      const unjudged: string[] = [];
      for (const [what, call] of callsOn(ctx, svc.resource_uri, svc.nickname)) {
        const res = await call();
        const uri = res.headers[ctx.actionHeader];
        // 202 is an asynchronous call (Pending allowed); a call that names no action is the header rule's to judge.
        if (res.status === 202 || !uri) {
          ctx.observe(`the ${what} answered ${res.status}${uri ? '' : ' naming no action'}: not judged here`);
          continue;
        }
        const action = await ctx.getJson('action', uri, `the action of the ${what}`);
        // Judged only where the start is seen still In progress after the call's action was read: the call was made while it ran.
        if ((await startState()) !== 'In progress') {
          unjudged.push(`${what} (its action ${String(action.state)})`);
          continue;
        }
        expectTerminal(ctx, what, res, action);
      }
      if (unjudged.length) ctx.cannotVerify(`the start had ended when read, not In progress, after these calls' actions: ${unjudged.join(', ')}`);
    },
  }),
];
