/**
 * The Info Images count around one operation on the image store, on a daemon other checks share.
 * A sample reads the image list (all=1), the count, runs the operation, then reads the count and
 * the list again. Images of other checks that came or went between the two lists (the churn) may
 * have moved the count by as many, and images that came and went between them unseen (the embedded
 * reference's checks import and remove images within milliseconds) by a few more (SLACK): a count
 * of images differs by the operation's own difference give or take those. The operation works on
 * `size` images or tags at once, so that a count of something else (tags) departs from that by
 * `size`: a sample is judged only where the churn and the slack stay below `size`. A few samples
 * find a quiet moment; a departure is reported once several judged samples agree on it.
 */
import type { EngineContext } from './context.ts';
import { listImages } from './images.ts';
import { sleep } from './poll.ts';

/** A judged sample: the count before and after the operation, and the churn around it. */
export interface CountSample {
  before: unknown;
  after: unknown;
  churn: number;
}

/** How many samples are taken, this far apart, before the count is said not to be isolable. */
const TRIES = 15;
const PAUSE_MS = 300;
/** Images that may have come and gone unseen between the two lists of a sample. */
export const SLACK = 3;
/** Judged samples that all depart before the departure is reported. */
const AGREEING = 3;

const bare = (id: string): string => id.replace(/^sha256:/, '');

async function listedIds(ctx: EngineContext): Promise<Set<string>> {
  return new Set((await ctx.setUp(() => listImages(ctx, { all: 1 }, 'engine/images/list/200-response-schema'))).map((i) => bare(String(i.Id))));
}

async function infoImages(ctx: EngineContext, requirement: string): Promise<unknown> {
  const res = await ctx.api.get('/info');
  ctx.expectStatus(res, 200, 'GET /info', requirement);
  return ctx.expectJson<{ Images?: unknown }>(res, 'GET /info', requirement).Images;
}

/** Whether a judged sample's difference is `delta` give or take its churn and the slack. */
export function conforms(sample: CountSample, delta: number): boolean {
  const { before, after, churn } = sample;
  return Number.isInteger(before) && Number.isInteger(after) && Math.abs((after as number) - (before as number) - delta) <= churn + SLACK;
}

/** Images of other checks that are in one of the two lists and not in the other. */
function churnOf(before: Set<string>, after: Set<string>, own: Set<string>): number {
  const apart = (a: Set<string>, b: Set<string>) => [...a].filter((id) => !own.has(id) && !b.has(id)).length;
  return apart(before, after) + apart(after, before);
}

/**
 * Samples the count around `operate` (which works on `size` images or tags at once and answers
 * the ids of the images it added, which must be new) until a judged sample shows the difference
 * `delta` give or take its churn, AGREEING judged samples depart from it, or TRIES samples were
 * taken. Answers the judged samples (the last one the match, if any); none means the count could
 * not be isolated.
 */
export async function imageCountAround(
  ctx: EngineContext,
  operate: () => Promise<string[]>,
  delta: number,
  size: number,
  requirement: string,
): Promise<CountSample[]> {
  const judged: CountSample[] = [];
  for (let tries = 0; tries < TRIES && judged.length < AGREEING; tries++) {
    if (tries > 0) await sleep(PAUSE_MS);
    const listedBefore = await listedIds(ctx);
    const before = await infoImages(ctx, requirement);
    const own = new Set((await operate()).map(bare));
    const after = await infoImages(ctx, requirement);
    const listedAfter = await listedIds(ctx);
    const ownNew = [...own].every((id) => !listedBefore.has(id) && listedAfter.has(id));
    const churn = churnOf(listedBefore, listedAfter, own);
    if (!ownNew || churn + SLACK >= size) continue;
    judged.push({ before, after, churn });
    if (conforms(judged[judged.length - 1]!, delta)) break;
  }
  return judged;
}
