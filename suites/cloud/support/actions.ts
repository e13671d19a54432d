import { CLOCK_SKEW_MS } from './run-dates.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { TERMINAL_ACTION_STATES, type CloudContext } from './context.ts';
import type { RequirementRef } from '../../../harness/check/signals.ts';
import type { Json } from './lists.ts';
import type { Action } from './views.generated.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

export const ACTIONS = '/api/audit/v1/action/';
const HEADER_RULE = 'cloud/actions/header-on-creating-responses';

/** The action URI a response names in the action header, or the check fails (naming the header rule). */
export function actionUriOf(ctx: CloudContext, res: HttpResponse, what: string): string {
  const uri = res.headers[ctx.actionHeader];
  if (!uri) {
    ctx.fail(`${what}: the response carries no ${ctx.spell('X-Vendor-Action-URI')} header`, {
      expected: `${ctx.spell('X-Vendor-Action-URI')}: /api/audit/v1/action/<uuid>/`,
      actual: res.headers,
      requirement: HEADER_RULE,
    });
  }
  return uri!;
}

/** Waits for the action a response created to end; returns it. */
export async function finishedActionOf(ctx: CloudContext, res: HttpResponse, what: string, timeoutMs = 30_000, requirement?: string): Promise<Action> {
  return ctx.waitForState('action', actionUriOf(ctx, res, what), TERMINAL_ACTION_STATES, timeoutMs, requirement);
}

export const ENDS = 'cloud/actions/async-ends-terminal';
export const SUCCEEDS = 'cloud/actions/success-when-done';
/** An asynchronous call creates its action In progress (or Pending). */
export const IN_PROGRESS = 'cloud/actions/async-202-in-progress';

/**
 * The action of a call whose effect the check has seen take place: it ends (an In progress one
 * when its operation ends) and, the operation done, ends Success.
 */
export async function expectActionSucceeded(ctx: CloudContext, res: HttpResponse, what: string): Promise<void> {
  const action = await finishedActionOf(ctx, res, what, 30_000, ENDS);
  ctx.expect(action.state === 'Success', `${what} took effect, but its action ended ${action.state}`, {
    expected: 'Success (executed successfully)',
    actual: action.state,
    requirement: SUCCEEDS,
  });
}

export { isSuccess };

/**
 * The rule of a state-table row that forbids an operation: refused with an HTTP error code, or
 * accepted with an action that ends Failed.
 */
export async function expectRefused(ctx: CloudContext, res: HttpResponse, what: string, requirement: RequirementRef): Promise<void> {
  // An error status is the refusal the rule states: it counts as verified (a check that saw only
  // this refusal verified its rule, not nothing).
  const refused = res.status >= 400;
  ctx.expect(refused || isSuccess(res.status), `${what}: expected an error status, got ${res.status}`, { requirement });
  if (refused) return;
  const uri = res.headers[ctx.actionHeader];
  if (!uri)
    ctx.fail(`${what} was accepted (${res.status}) although the state does not allow it`, {
      expected: 'an HTTP error code, or an action that ends Failed',
      actual: res.status,
      requirement,
    });
  const action = await ctx.waitForState('action', uri!, TERMINAL_ACTION_STATES, 30_000);
  ctx.expect(action.state === 'Failed', `${what} was accepted (${res.status}) and its action ended ${action.state}, not Failed`, {
    expected: 'an HTTP error code, or an action that ends Failed',
    actual: action.state,
    requirement,
  });
}

/** An allowed operation: a 2xx answer, and when it is asynchronous its action ends Success. */
export async function expectAccepted(ctx: CloudContext, res: HttpResponse, what: string, requirement: RequirementRef): Promise<void> {
  ctx.expect(isSuccess(res.status), `${what}: expected the operation to be accepted, got ${res.status}: ${res.text().slice(0, 200)}`, {
    expected: 'a 2xx answer',
    actual: res.status,
    requirement,
  });
  const uri = res.headers[ctx.actionHeader];
  if (!uri) return;
  const action = await ctx.waitForState('action', uri, TERMINAL_ACTION_STATES, 30_000);
  ctx.expect(action.state === 'Success', `${what}: its action ended ${action.state}, not Success`, {
    expected: 'Success',
    actual: action.state,
    requirement,
  });
}

/** The fields of an object that must not change when an operation is refused. */
export function expectUnchanged(ctx: CloudContext, before: Json, after: Json, fields: string[], what: string, requirement: RequirementRef): void {
  for (const field of fields) {
    ctx.expectEqual(after[field], before[field], `${what}: a refused operation changed ${field}`, requirement);
  }
}

/**
 * end_date of a finished action means when its processing ended: a date (RFC 2822 style, second
 * resolution) not before its start_date and not far from the suite's clock, not merely a string.
 */
export function expectEndDate(ctx: CloudContext, action: Action, requirement: RequirementRef): void {
  const end = Date.parse(String(action.end_date));
  const start = Date.parse(String(action.start_date));
  ctx.expect(!Number.isNaN(end), `a finished action's end_date ${String(action.end_date)} is not a date`, { actual: action.end_date, requirement });
  ctx.expect(Number.isNaN(start) || end >= start, `end_date ${String(action.end_date)} is before start_date ${String(action.start_date)}`, {
    expected: 'when processing ended: on or after start_date',
    actual: { start_date: action.start_date, end_date: action.end_date },
    requirement,
  });
  ctx.expect(Math.abs(end - Date.now()) < CLOCK_SKEW_MS, `end_date ${String(action.end_date)} of an action that just ended is not now`, {
    expected: 'when processing ended (within minutes of the suite clock)',
    actual: action.end_date,
    requirement,
  });
}
