/**
 * The target's clock, for checks that tell two operations apart by their dates: the API's dates
 * have second resolution, so the second operation must come in a later second of the target's
 * clock than the date of the first.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { CloudContext } from './context.ts';

/** The whole second of an API date, NaN where it is none. */
export const secondOfDate = (d: unknown): number => (typeof d === 'string' ? Math.floor(Date.parse(d) / 1000) : Number.NaN);

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
  const seconds = dates.map(secondOfDate);
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
export function secondOf(res: HttpResponse): number | undefined {
  const ms = Date.parse(res.headers.date ?? '');
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/** A GET of the check's resource: the second its Date header names, and when it was sent and answered (suite clock, ms). */
interface Look {
  second: number;
  sent: number;
  received: number;
}

async function look(ctx: CloudContext, uri: string): Promise<Look | undefined> {
  const sent = Date.now();
  const second = secondOf(await ctx.api.get(uri));
  return second === undefined ? undefined : { second, sent, received: Date.now() };
}

/** A turn of the target's second: the suite-clock ms it came at (within PRECISION_MS), and the second it began. */
interface Turn {
  at: number;
  second: number;
}

const COARSE_STEP_MS = 50;
const FINE_STEP_MS = 2;
const PRECISION_MS = 15;
/** Turns looked at before the narrowest seen is taken (a busy target answers slower than PRECISION_MS). */
const TURNS_SEEN = 3;

/**
 * When the target's second turns, by the suite's clock: looks every 50 ms until the Date header
 * names the next second, then, knowing the turn to 50 ms, looks every 2 ms from just before the
 * next one. The turn lies between the sending of the last look before it and the answer to the
 * first look after it: the first seen within 15 ms, else the narrowest of three. Undefined
 * without Date headers, or when no turn is seen within 5 s.
 */
async function targetTurn(ctx: CloudContext, uri: string): Promise<Turn | undefined> {
  const deadline = Date.now() + GIVE_UP_MS;
  let prev = await look(ctx, uri);
  let step = COARSE_STEP_MS;
  let best: (Turn & { width: number }) | undefined;
  for (let seen = 0; prev && seen < TURNS_SEEN && Date.now() < deadline; ) {
    await sleep(step);
    const cur = await look(ctx, uri);
    if (!cur) return undefined;
    if (cur.second === prev.second) {
      prev = cur;
      continue;
    }
    seen++;
    const width = cur.received - prev.sent;
    if (!best || width < best.width) best = { at: (prev.sent + cur.received) / 2, second: cur.second, width };
    if (width <= PRECISION_MS) break;
    step = FINE_STEP_MS;
    await sleep(Math.max(0, prev.sent + 1000 - 2 * PRECISION_MS - Date.now()));
    prev = await look(ctx, uri);
  }
  return best && { at: best.at, second: best.second };
}

export interface Dated {
  start_date?: unknown;
  end_date?: unknown;
}

/** Tries at operating across a turn of the target's second before giving up. */
const CROSSING_ATTEMPTS = 6;
/** How long before the turn the operation is first sent, and by how much a miss moves that. */
const FIRST_LEAD_MS = 25;
const LEAD_STEP_MS = 10;
const BLIND_SPREAD_MS = 170;

/**
 * An operation (`operate`, given the attempt's number, returns its finished action, if any) whose action
 * starts and ends in different seconds of the target's clock, or undefined when six tries dated
 * none so. Each try is sent a little before a turn of the target's second; one that ended before
 * the turn sends the next later, one that started after it the next earlier. A service whose
 * operation outlasts a second needs no aim: any try spans a turn.
 */
export async function acrossTargetSecond<A extends Dated>(
  ctx: CloudContext,
  uri: string,
  operate: (attempt: number) => Promise<A | undefined>,
): Promise<A | undefined> {
  const turn = await targetTurn(ctx, uri);
  let lead = FIRST_LEAD_MS;
  for (let attempt = 0; attempt < CROSSING_ATTEMPTS; attempt++) {
    let aim: number | undefined;
    // Without a turn to aim at, tries a moment apart fall at other points of a second.
    if (!turn && attempt) await sleep(BLIND_SPREAD_MS);
    if (turn) {
      const k = Math.ceil((Date.now() + lead + FINE_STEP_MS - turn.at) / 1000);
      aim = turn.second + k;
      await sleep(Math.max(0, turn.at + 1000 * k - lead - Date.now()));
    }
    const action = await operate(attempt);
    const [start, end] = [secondOfDate(action?.start_date), secondOfDate(action?.end_date)];
    if (action && start < end) return action;
    if (aim !== undefined && end < aim) lead = Math.max(0, lead - LEAD_STEP_MS);
    if (aim !== undefined && start >= aim) lead += LEAD_STEP_MS;
  }
  return undefined;
}
