/**
 * Dates of objects a check made. The spec gives each date a meaning (the time of the last deploy,
 * start, stop, terminate; when a node was last seen), so a date of such an object must be an
 * RFC 2822 date (Notation) of this run: not before the check began and not after now, give or
 * take the difference of the target's clock, and never a placeholder such as the zero time.
 */
import type { CloudContext } from './context.ts';
import type { Json } from './lists.ts';

/** How far the target's clock may be from the suite's (the API's dates have second resolution). */
export const CLOCK_SKEW_MS = 10 * 60_000;
/**
 * The Notation's DT: RFC 2822 style with weekday, day, month, year, time and numeric zone offset.
 * The seconds of the time are optional in RFC 2822 (`hour ":" minute [ ":" second ]`), as in the
 * schema's DateTime; a date without them names a whole minute.
 */
export const RFC2822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}(:\d{2})? [+-]\d{4}$/;

/** How much time an API date names: a minute where it has no seconds, else a second. */
export const dateUnitMs = (v: unknown): number => (typeof v === 'string' && /^\S+ \d+ \S+ \d+ \d{2}:\d{2} /.test(v) ? 60_000 : 1000);

/** The instant of an API date in ms, NaN where it is none. */
export const dateMs = (v: unknown): number => (typeof v === 'string' && RFC2822.test(v) ? Date.parse(v) : Number.NaN);

/** Whether `v` is a date of this run: at or after `since` (ms, the suite's clock) and not after now, within the skew. */
export function isRunDate(v: unknown, since: number): boolean {
  const ms = dateMs(v);
  return !Number.isNaN(ms) && ms >= since - CLOCK_SKEW_MS && ms <= Date.now() + CLOCK_SKEW_MS;
}

/** Each of `fields` of `obj` is a date of this run (set by an event since `since`). */
export function expectRunDates(ctx: CloudContext, obj: Json, fields: readonly string[], since: number, what: string, requirement: string): void {
  const bad = fields.filter((f) => !isRunDate(obj[f], since));
  ctx.expect(bad.length === 0, `${what}: ${bad.join(', ')} not a date of this run (RFC 2822, after ${new Date(since).toUTCString()})`, {
    expected: `dates between ${new Date(since - CLOCK_SKEW_MS).toUTCString()} and now`,
    actual: Object.fromEntries(bad.map((f) => [f, obj[f]])),
    requirement,
  });
}

/** Each of `fields` of `obj` is null (the event that sets it has not happened). */
export function expectNullDates(ctx: CloudContext, obj: Json, fields: readonly string[], what: string, requirement: string): void {
  ctx.expectEqual(
    Object.fromEntries(fields.map((f) => [f, obj[f]])),
    Object.fromEntries(fields.map((f) => [f, null])),
    `${what} has dates of events that have not happened`,
    requirement,
  );
}

/**
 * `after` is a later date than `before`, the date of an earlier event, the later event coming in a
 * later second of the target's clock. A date without seconds names a minute: two events a second
 * apart may share it, so equal minutes are observed (the move cannot be told), never failed.
 */
export function expectLaterDate(ctx: CloudContext, after: unknown, before: unknown, message: string, requirement: string): void {
  const minutes = dateUnitMs(after) > 1000 || dateUnitMs(before) > 1000;
  if (minutes && !Number.isNaN(dateMs(after)) && dateMs(after) === dateMs(before)) {
    ctx.cannotVerify(`${message}: ${String(after)} and ${String(before)} name the same minute (no seconds): whether it moved cannot be told`);
    return;
  }
  ctx.expect(dateMs(after) > dateMs(before), message, { expected: `a date after ${String(before)}`, actual: after, requirement });
}
