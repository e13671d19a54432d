import { describe, expect, test } from 'vitest';
import { makeResponse } from '../../harness/target/http-transport.ts';
import type { CloudContext } from '../../suites/cloud/support/context.ts';
import { acrossTargetSecond, afterTargetSecond } from '../../suites/cloud/support/target-clock.ts';

/** A target whose clock runs `skewMs` from the suite's: its answers carry that clock's Date header. */
function target(skewMs: number): { ctx: CloudContext; now: () => Date } {
  const now = (): Date => new Date(Date.now() + skewMs);
  const get = async () => makeResponse(200, { date: now().toUTCString() }, Buffer.alloc(0), 1, 'GET /x/');
  return { ctx: { api: { get } } as unknown as CloudContext, now };
}

const second = (d: unknown): number => Math.floor(Date.parse(String(d)) / 1000);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('the target clock (suites/cloud/support/target-clock.ts)', () => {
  test.each([0, 300, -450])('afterTargetSecond returns once the target is past the dates (skew %i ms)', async (skew) => {
    const { ctx, now } = target(skew);
    const date = now().toUTCString();
    await afterTargetSecond(ctx, '/x/', [date]);
    expect(second(now().toUTCString())).toBeGreaterThan(second(date));
  });

  test.each([0, 300, -450])('acrossTargetSecond finds an operation of 40 ms dated across a second (skew %i ms)', async (skew) => {
    const { ctx, now } = target(skew);
    const operate = async () => {
      const start_date = now().toUTCString();
      await sleep(40);
      return { start_date, end_date: now().toUTCString() };
    };
    const action = await acrossTargetSecond(ctx, '/x/', operate);
    expect(action).toBeDefined();
    expect(second(action?.start_date)).toBeLessThan(second(action?.end_date));
  });

  test('an operation that never records an action leaves acrossTargetSecond with nothing to return', async () => {
    const { ctx } = target(0);
    let tries = 0;
    const action = await acrossTargetSecond(ctx, '/x/', async () => {
      tries++;
      return undefined;
    });
    expect([action, tries]).toEqual([undefined, 6]);
  });
});
