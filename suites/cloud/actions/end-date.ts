/**
 * Spec: Resources > Action: "end_date | DT | when processing ended". An action seen In progress in
 * an answer sent in some second of the target's clock (its Date header) had not ended then: its
 * end_date is that second or later. Only an action that runs into a later second than its
 * start_date tells an end_date from a copy of the start_date, so the call watched is a sequential
 * start of several containers, which lasts a while. It is also not after the answer that first
 * showed the action ended, and it stays the same date when read again in a later second.
 */
import { ENDS, IN_PROGRESS } from '../support/actions.ts';
import { expectEndedAfterAnswer } from '../support/async-op.ts';
import { createService, operate, serviceBody, sharedNodes } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import { TERMINAL_ACTION_STATES, type CloudContext } from '../support/context.ts';
import type { Json } from '../support/lists.ts';
import { afterTargetSecond, secondOf, secondOfDate } from '../support/target-clock.ts';

/** Containers the watched start deploys one after the other. */
const SEQUENTIAL_CONTAINERS = 15;
const RECORD = 'cloud/actions/record-matches-call';

const POLL_MS = 50;
const WATCH_MS = 60_000;

/**
 * "start_date: when the call was made". The call was made after the answer read just before it and
 * before its own 202 (Date headers, the target's clock, to the second), however long the work went
 * on after; and it is one time, the same date when read again. A start_date stamped when the work
 * began in the background, when it ended, or at each read, shows on this long start.
 */
function expectStartWhenCalled(ctx: CloudContext, action: Json, again: Json, before: number | undefined, answered: number | undefined): void {
  const start = secondOfDate(action.start_date);
  if (before === undefined || answered === undefined || Number.isNaN(start)) {
    ctx.observe(`start_date ${String(action.start_date)} was not placed between the Date headers around the call (one is missing)`);
    return;
  }
  ctx.expect(start >= before && start <= answered, `start_date ${String(action.start_date)} is not when the call was made`, {
    expected: `a date from ${new Date(before * 1000).toUTCString()} (an answer just before the call) to ${new Date(answered * 1000).toUTCString()} (its 202)`,
    actual: { start_date: action.start_date, end_date: action.end_date },
    requirement: RECORD,
  });
  ctx.expectEqual(again.start_date, action.start_date, 'start_date of an ended action moved between two reads', RECORD);
}

export default [
  cloudCheck({
    id: `${ENDS}/end-date-after-work`,
    title:
      'end_date is when processing ended: not before a second the action was read In progress, not after the first read that showed it ended, and fixed; ' +
      'start_date is when the call was made: between the answers before and to the call, and fixed',
    requirements: [ENDS, IN_PROGRESS, RECORD],
    endpoint: 'cloud/action/get',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await createService(ctx, serviceBody(ctx, at, { sequential_deployment: true, target_num_containers: SEQUENTIAL_CONTAINERS }));
      // An answer just before the call: the call was made in its second or later.
      const before = secondOf(await ctx.api.get(svc.resource_uri));
      const res = await operate(ctx, svc.resource_uri, 'start');
      const uri = res.headers[ctx.actionHeader];
      ctx.precondition(
        res.status === 202 && uri !== undefined,
        `the service start answered ${res.status} without an action to watch`,
        'cloud/service/start/202-async',
      );
      let lastSeenRunning: number | undefined;
      let firstSeenEnded: number | undefined;
      let action: Json = {};
      for (const deadline = Date.now() + WATCH_MS; Date.now() < deadline; await new Promise((r) => setTimeout(r, POLL_MS))) {
        const got = await ctx.api.get(uri!);
        ctx.precondition(got.status === 200, `GET ${uri} answered ${got.status}`, 'cloud/action/get/returns-action');
        action = got.json<Json>();
        if (TERMINAL_ACTION_STATES.includes(String(action.state))) {
          firstSeenEnded = secondOf(got);
          break;
        }
        lastSeenRunning = secondOf(got) ?? lastSeenRunning;
      }
      ctx.precondition(TERMINAL_ACTION_STATES.includes(String(action.state)), `the start action was still ${String(action.state)} after ${WATCH_MS} ms`, ENDS);
      const end = secondOfDate(action.end_date);
      // The work went on after the 202: its end_date is not in a second before the 202's Date.
      expectEndedAfterAnswer(ctx, res, action, 'start', false);
      // Processing had ended when an answer first showed the action ended: its end_date is not after that answer.
      if (firstSeenEnded !== undefined)
        ctx.expect(end <= firstSeenEnded, `end_date ${String(action.end_date)} is after the answer that first showed the action ended`, {
          expected: `a date on or before ${new Date(firstSeenEnded * 1000).toUTCString()} (the Date header of that answer)`,
          actual: action.end_date,
          requirement: ENDS,
        });
      // When processing ended is one time: read again in a later second of the target's clock, it is the same date
      // (an end_date made at each read, as "now", moves).
      await afterTargetSecond(ctx, uri!, [action.end_date]);
      const again = await ctx.getJson('action', uri!, 'the ended action, read again');
      ctx.expectEqual(again.end_date, action.end_date, 'end_date of an ended action moved between two reads', ENDS);
      expectStartWhenCalled(ctx, action, again, before, secondOf(res));
      const started = secondOfDate(action.start_date);
      if (lastSeenRunning === undefined || Number.isNaN(started) || lastSeenRunning <= started)
        return ctx.cannotVerify(
          `the action ended within the second it started (${String(action.start_date)}): its end_date cannot be told from its start_date`,
        );
      ctx.expect(end >= lastSeenRunning, `end_date ${String(action.end_date)} is before a second the action was still In progress`, {
        expected: `a date on or after ${new Date(lastSeenRunning * 1000).toUTCString()} (answered In progress then, per the Date header)`,
        actual: { start_date: action.start_date, end_date: action.end_date },
        requirement: ENDS,
      });
    },
  }),
];
