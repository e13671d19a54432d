/**
 * The shape of an event object (Spec: Resources > Event object): its `time` the Unix seconds of
 * now, and the 1.18 object {status S, id S, from S, time I (Unix seconds)}, which the sentence
 * states for every 1.18 event, image events as well as container ones; the 1.22 object, whose
 * status, id and from only network events leave out.
 */
import type { EngineContext } from './context.ts';
import { nowSeconds, type EngineEvent } from './events.ts';

export const SHAPE_118 = 'engine/events/1.18-shape';
export const SHAPE_122 = 'engine/events/1.22-shape';

/** How far the target's clock may be from the suite's (a daemon on another host). */
const CLOCK_SKEW_S = 300;

/** An event's `time` is the Unix seconds of now, give or take the clocks' skew (milliseconds are 1000 times larger). */
export function expectTimeOfNow(ctx: EngineContext, e: EngineEvent, since: number, what: string, requirement: string): void {
  const [earliest, latest] = [since - CLOCK_SKEW_S, nowSeconds() + CLOCK_SKEW_S];
  ctx.expect(Number(e.time) >= earliest && Number(e.time) <= latest, `${what} time is the Unix seconds of now`, {
    expected: `${earliest} to ${latest}`,
    actual: e.time,
    requirement,
  });
}

/** Every event read since `since` (of any kind the check provoked) is a 1.18 event object, its time the seconds of now. */
export function expect118Shapes(ctx: EngineContext, events: readonly EngineEvent[], since: number, source: string): void {
  for (const e of events) {
    const what = `the 1.18 ${source} ${String(e.status)} event`;
    ctx.expectVersionSchema('event', e, what, SHAPE_118);
    expectTimeOfNow(ctx, e, since, what, SHAPE_118);
  }
}

/**
 * A 1.22 event object of any source: valid against the version's event schema (status, id and
 * from required unless the Type is network, which must carry none of them), its time the seconds
 * of now and its timeNano the instant of that time in nanoseconds.
 */
export function expect122Shape(ctx: EngineContext, e: EngineEvent, since: number, what: string): void {
  ctx.expectVersionSchema('event', e, what, SHAPE_122);
  expectTimeOfNow(ctx, e, since, what, 'engine/resources/timestamps');
  const nanoSeconds = Math.floor(Number(e.timeNano) / 1e9);
  ctx.expect(Math.abs(nanoSeconds - Number(e.time)) <= 1, `${what} timeNano is the instant of its time, in nanoseconds`, {
    expected: `${String(e.time)} seconds written in nanoseconds`,
    actual: e.timeNano,
    requirement: SHAPE_122,
  });
}
