/**
 * The dates of the object an operation answered with. Each date means the time of the last event
 * of its kind (the last deploy, start, stop; when a node was last seen), so it only moves forward:
 * the answer, sent between a GET before the call and a GET after it, shows each date not before
 * the first GET's and not after the second's, and null only while both GETs show null. A
 * placeholder such as the zero time of a date already set is earlier than the first GET's.
 */
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { CloudContext } from './context.ts';
import { answeredObject, type Json } from './lists.ts';
import { dateMs } from './run-dates.ts';

type DatedView = 'service' | 'container' | 'stack' | 'node' | 'node-cluster';

/** The dates of each kind of object (Resources and their fields). */
const DATES: Record<DatedView, readonly string[]> = {
  service: ['deployed_datetime', 'started_datetime', 'stopped_datetime', 'destroyed_datetime'],
  container: ['deployed_datetime', 'started_datetime', 'stopped_datetime', 'destroyed_datetime'],
  stack: ['deployed_datetime', 'destroyed_datetime'],
  node: ['deployed_datetime', 'destroyed_datetime', 'last_seen'],
  'node-cluster': ['deployed_datetime', 'destroyed_datetime'],
};

/** Whether `answered` lies between `before` and `after` (each a date or null). */
export function dateBetween(answered: unknown, before: unknown, after: unknown): boolean {
  if (answered === null) return before === null;
  const [at, from, to] = [answered, before, after].map(dateMs) as [number, number, number];
  if (Number.isNaN(at)) return true; // not a date: the RFC 2822 rule's check reports it
  if (at < from) return false;
  // Null after the call: a date the answer shows would have gone back to null (a rule of its own).
  if (after === null) return before !== null;
  return Number.isNaN(to) || at <= to;
}

/**
 * The answer of the call `res` (on `uri`) shows each date of its `view` between `before` (the
 * object's GET before the call) and its GET now; a date the answer leaves out is the schema's to report.
 */
export async function expectAnswerDatesBetween(
  ctx: CloudContext,
  res: HttpResponse,
  view: DatedView,
  uri: string,
  before: Json,
  what: string,
  requirement: string,
): Promise<void> {
  const answered = answeredObject(ctx, res, uri, what);
  if (!answered) return;
  const after = (await ctx.getJson(view, uri)) as Json;
  const shown = DATES[view].filter((f) => Object.hasOwn(answered, f));
  const off = shown.filter((f) => !dateBetween(answered[f], before[f], after[f]));
  const pick = (o: Json): Json => Object.fromEntries(shown.map((f) => [f, o[f]]));
  ctx.expect(off.length === 0, `${what} shows ${off.join(', ')} outside the times its GETs before and after the call show`, {
    expected: { before: pick(before), after: pick(after) },
    actual: pick(answered),
    requirement,
  });
}
