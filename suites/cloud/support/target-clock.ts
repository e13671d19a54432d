/**
 * The target's clock, for checks that tell two operations apart by their dates: the API's dates
 * have second resolution, so the second operation must come in a later second of the target's
 * clock than the date of the first.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { CloudContext } from './context.ts';

/** Past this, the target's Date header is taken not to advance: more than a second has passed anyway. */
const GIVE_UP_MS = 5000;
const STEP_MS = 100;
/** Without a Date header to read: more than a second by the suite's own clock. */
const BLIND_WAIT_MS = 1100;

/**
 * Waits until the target's clock is in a later second than each of `dates` (dates of the API):
 * GET `uri` (a resource of the check) until the answer's Date header names a later second. A Date
 * header can only lag the clock, never lead it, so an operation sent after that answer is dated
 * later. After a first look, the next is just past the suite's own next second, then every
 * 100 ms: a target clock a little behind the suite's costs a step, not a second. Without a date
 * to compare with, or a Date header to read, it waits 1.1 s.
 */
export async function afterTargetSecond(ctx: CloudContext, uri: string, dates: readonly unknown[]): Promise<void> {
  const seconds = dates.map((d) => (typeof d === 'string' ? Math.floor(Date.parse(d) / 1000) : Number.NaN));
  if (!seconds.length || seconds.some(Number.isNaN)) return sleep(BLIND_WAIT_MS);
  const since = Math.max(...seconds);
  const deadline = Date.now() + GIVE_UP_MS;
  for (let look = 0; Date.now() < deadline; look++) {
    const now = secondOf(await ctx.api.get(uri));
    if (now === undefined) return sleep(BLIND_WAIT_MS);
    if (now > since) return;
    await sleep(look === 0 ? 1000 - (Date.now() % 1000) + 20 : STEP_MS);
  }
}

/** The whole second of the target's clock an answer was sent in (its Date header). */
function secondOf(res: HttpResponse): number | undefined {
  const ms = Date.parse(res.headers.date ?? '');
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}
