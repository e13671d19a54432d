/**
 * "Creates without starting": a start the create set off may come a moment after its answer, so
 * the created resource is watched for a while, not read once.
 */
import type { CloudContext } from './context.ts';
import type { Json } from './lists.ts';

/** How long a created resource that could run is watched for a start nobody asked for. */
const UNSTARTED_WATCH_MS = 1000;
const POLL_MS = 100;

/** Reads `shown` until the watch ends, each time expecting `expected`; stops at the first breach. */
export async function expectStaysUnstarted(ctx: CloudContext, shown: () => Promise<Json>, expected: Json, what: string, requirement: string): Promise<void> {
  const until = Date.now() + UNSTARTED_WATCH_MS;
  do {
    const actual = await shown();
    if (!ctx.verify(JSON.stringify(actual) === JSON.stringify(expected), `${what} was started without a start`, { requirement, expected, actual })) return;
    await new Promise((r) => setTimeout(r, POLL_MS));
  } while (Date.now() < until);
}
