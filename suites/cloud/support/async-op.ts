import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { ACTIONS, finishedActionOf, IN_PROGRESS, SUCCEEDS } from './actions.ts';
import { operate, type Verb } from './app.ts';
import type { CloudContext } from './context.ts';
import { recordsAsyncCall } from './async-calls.ts';
import { settledState } from './filters.ts';
import { listAll, sameResource, type Json } from './lists.ts';
import { secondOf, secondOfDate } from './target-clock.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';
import { isJsonObject } from '../../../harness/protocol/json-value.ts';

/**
 * An asynchronous operation as the requirements state it: accepted (the effect requirement),
 * then 202 with the action header and an action that ends Success or Failed (the async one,
 * checked after the effect so that a breach of the weaker rule does not hide the effect), and,
 * its effect seen, Success (the action records the call's outcome).
 */
export interface AsyncOp {
  res: HttpResponse;
  /** Checks the async rule; call it after the effect has been checked. */
  expectAsync(): Promise<void>;
}

export async function startOp(ctx: CloudContext, uri: string, verb: Verb, effect: string, async: string, query?: Record<string, string>): Promise<AsyncOp> {
  const res = await operate(ctx, uri, verb, query);
  ctx.expect(isSuccess(res.status), `${verb} of ${uri} answered ${res.status}: ${res.text().slice(0, 200)}`, {
    expected: 'accepted',
    actual: res.status,
    requirement: effect,
  });
  await expectCreatedInProgress(ctx, res, uri, verb, async);
  return {
    res,
    async expectAsync() {
      expect202(ctx, res, verb, async);
      const action = await finishedActionOf(ctx, res, verb);
      ctx.expect(action.state === 'Success' || action.state === 'Failed', `the ${verb} action ended ${action.state}`, {
        expected: 'Success or Failed',
        actual: action.state,
        requirement: async,
      });
      ctx.expect(action.state === 'Success', `${verb} took effect, but its action ended ${action.state}`, {
        expected: 'Success (executed successfully)',
        actual: action.state,
        requirement: SUCCEEDS,
      });
    },
  };
}

/**
 * "An asynchronous call returns 202 Accepted", for every asynchronous operation (terminations
 * included): a breach of the operation's own rule and of the actions' one.
 */
export function expect202(ctx: CloudContext, res: HttpResponse, what: string, requirement: string): void {
  ctx.expectStatus(res, 202, `${what} is asynchronous`, [requirement, IN_PROGRESS]);
}

/**
 * "An asynchronous call returns 202 Accepted and creates an action in In progress state", for
 * every asynchronous operation, not only the deploy its own check reads: the action of an accepted
 * call, read at once, is In progress (or Pending), or it has ended and so has its work (an action
 * read Success while its object still passes through Starting, Stopping... was not created In
 * progress); ended, it did not end before the answer (by the Date header, or by the object the
 * answer shows: expectWorkOpenAtAnswer, naming the operation's own async `requirement` too). Read
 * whatever the 2xx answered: its status is expect202's to judge.
 */
export async function expectCreatedInProgress(ctx: CloudContext, res: HttpResponse, uri: string, what: string, requirement?: string): Promise<void> {
  const actionUri = res.headers[ctx.actionHeader];
  if (!isSuccess(res.status) || !actionUri) return;
  const first = await readActionAtOnce(ctx, actionUri, uri, what, IN_PROGRESS);
  if (!ENDED.includes(String(first.state))) return;
  expectEndedAfterAnswer(ctx, res, first, what, true, requirement);
  expectWorkOpenAtAnswer(ctx, res, uri, what, first, requirement);
}

/** The state the work of an operation leaves its object in, where it is not the state the operation acts on. */
const WORK_ENDS_IN: Readonly<Record<string, string>> = { deploy: 'Deployed', start: 'Running', stop: 'Stopped', terminate: 'Terminated' };

/**
 * "Asynchronous operations return 202 Accepted immediately and the work continues in the
 * background"; "(creation) | asynchronous API call | | In progress, response 202". The body of the
 * answer is not shown in the spec, but where it is the operated object it is the target's own
 * account of that object at the answer: showing the state the work ends in (Stopped for a stop,
 * Running for a start...) while the action, read at once, had ended too, the work was over when
 * the 202 was answered, not continuing in the background. A quick target is not judged: its work
 * may end right after the answer (the action read ended), but the object it answers with was read
 * before, in its transitional state (or its former one). A body that is not the object, or shows
 * another state, tells nothing here. Recorded, not thrown: the operation's effect is still judged.
 */
function expectWorkOpenAtAnswer(ctx: CloudContext, res: HttpResponse, uri: string, verb: string, action: Json, requirement?: string): void {
  const ends = WORK_ENDS_IN[verb];
  const answered = ends ? objectAnswered(res, uri) : undefined;
  if (answered?.state === undefined) return;
  ctx.verify(
    answered.state !== ends,
    `the ${verb} was answered ${res.status} with its object already ${ends} and its action, read at once, ${String(action.state)}`,
    {
      expected: `the answer at once, the work continuing in the background: the object not yet ${ends} (its transitional state, or its former one)`,
      actual: { answered: { state: answered.state }, action: { state: action.state, end_date: action.end_date }, date: res.headers.date },
      requirement: requirement ? [requirement, IN_PROGRESS] : IN_PROGRESS,
    },
  );
}

/** The JSON object an answer carries when it is the object `uri` names, else undefined (the spec does not show the body). */
function objectAnswered(res: HttpResponse, uri: string): Json | undefined {
  try {
    const body: unknown = JSON.parse(res.text());
    return isJsonObject(body) && sameResource(body.resource_uri, uri) ? body : undefined;
  } catch {
    return undefined;
  }
}

/**
 * "Return 202 Accepted immediately and the work continues in the background": an action already
 * ended when first read must not have ended before its 202 was answered. Both dates are of the
 * target's clock, to the second:
 *  - an end_date in an earlier second than the 202's Date header is work done before the answer;
 *  - the same second, after work that took more than a second (start_date and end_date two or more
 *    seconds apart): the target dated its answer more than a second after the call was made, and no
 *    earlier than the second its work ended: the answer waited for the work, it did not come at once
 *    with the work going on behind it (an answer at once is dated before the work's last second);
 *  - otherwise (no Date, a date that cannot be read, work too short to tell) it is only noted.
 */
export function expectEndedAfterAnswer(ctx: CloudContext, res: HttpResponse, action: Json, verb: string, noteUnclear = true, requirement?: string): void {
  const answered = secondOf(res);
  const ended = secondOfDate(action.end_date);
  const workSeconds = ended - secondOfDate(action.start_date);
  const dates = { start_date: action.start_date, end_date: action.end_date, date: res.headers.date };
  const requirements = requirement ? [requirement, IN_PROGRESS] : IN_PROGRESS;
  const waited = answered !== undefined && ended === answered && workSeconds >= 2;
  if (answered === undefined || Number.isNaN(ended) || (ended >= answered && !waited)) {
    if (noteUnclear)
      ctx.observe(
        `the ${verb} action had ended (end_date ${String(action.end_date)}) when first read; the 202's Date (${String(res.headers.date)}) ` +
          'cannot tell whether the work ended before the answer',
      );
    return;
  }
  // Recorded, not thrown: the operation's effect is still judged.
  if (waited)
    ctx.verify(
      false,
      `the ${verb} was answered (Date ${String(res.headers.date)}) in the second its action ended, after work of more than a second ` +
        `(start_date ${String(action.start_date)}, end_date ${String(action.end_date)}): the answer waited for the work`,
      { expected: 'the 202 at once, dated before the last second of work that lasts more than a second', actual: dates, requirement: requirements },
    );
  else
    ctx.verify(false, `the ${verb} action ended (end_date ${String(action.end_date)}) before its 202 was answered (Date ${String(res.headers.date)})`, {
      expected: 'the work continuing in the background after the 202: an end_date not before the answer',
      actual: dates,
      requirement: requirements,
    });
}

const ENDED = ['Success', 'Failed'];

/**
 * "Pending: needs asynchronous execution, waiting for an in-progress action": an action created
 * Pending waits for another, which the spec does not tie to the Pending one's object (a target may
 * queue all of an account's work). So some action the caller can list is In progress, or ended no
 * earlier than the second the Pending one started (it may have ended between the two reads); with
 * none, nothing was in progress for it to wait on, and it should have been created In progress.
 * Only the action of an asynchronous call (an endpoint answering 202) counts: In progress is "being
 * executed asynchronously", and a synchronous call's action is created Success or Failed. Both
 * lists are asked with the documented filters (state, end_date__gte) and their answers filtered
 * again here: a filter that is ignored only makes the list longer.
 */
async function expectSomethingToWaitFor(ctx: CloudContext, pending: Json, verb: string, requirement: string): Promise<void> {
  const started = secondOfDate(pending.start_date);
  // A start date that cannot be read leaves the ended actions unjudged: the date's format is its own check's.
  if (Number.isNaN(started))
    return ctx.observe(`the ${verb} action was created Pending with start_date ${String(pending.start_date)}: what it waits on was not judged`);
  const awaitable = (a: Json): boolean => !sameResource(a.resource_uri, pending.resource_uri) && recordsAsyncCall(a, ctx.run.vendorProfile);
  const inProgress = (await listAll(ctx, ACTIONS, { state: 'In progress' })).filter((a) => awaitable(a) && a.state === 'In progress');
  const endedSince = (await listAll(ctx, ACTIONS, { end_date__gte: String(pending.start_date) })).filter(
    (a) => awaitable(a) && secondOfDate(a.end_date) >= started,
  );
  ctx.expect(
    inProgress.length + endedSince.length > 0,
    `the ${verb} action was created Pending while no action of the caller was in progress for it to wait on`,
    {
      expected: 'In progress (Pending only while another action is in progress)',
      actual: `${String(pending.action)} Pending, started ${String(pending.start_date)}; no other action In progress or ended since`,
      requirement,
    },
  );
}

/**
 * The action of a 202 read at once, held to "creates an action in In progress state": In progress
 * (or Pending), or already ended while its object has settled too (an ended action whose object is
 * still Deploying, Starting... was not created In progress). An ended action is noted: no action
 * was seen In progress, so the run was quicker than the read and the rule stays unseen.
 */
export async function readActionAtOnce(ctx: CloudContext, actionUri: string, objectUri: string, verb: string, requirement: string): Promise<Json> {
  const first = await ctx.getJson('action', actionUri, `the ${verb} action, read at once`);
  const state = String(first.state);
  if (state === 'Pending') await expectSomethingToWaitFor(ctx, first, verb, requirement);
  if (['In progress', 'Pending'].includes(state)) return first;
  ctx.expect(ENDED.includes(state), `the ${verb} action was created ${state}`, { expected: 'In progress (or Pending)', actual: state, requirement });
  const object = await ctx.api.get(objectUri);
  const objectState = object.status === 200 ? object.json<Json>().state : undefined;
  const settled = typeof objectState !== 'string' || settledState({ state: objectState });
  ctx.expect(settled, `the ${verb} action was ${state} while its object was still ${String(objectState)}`, {
    expected: 'the action In progress while the work it records runs',
    actual: { action: state, object: objectState },
    requirement,
  });
  if (settled) ctx.observe(`the ${verb} action had ended when first read (${state}), its object ${String(objectState)}: no action was seen In progress`);
  return first;
}
