import { describe, expect, test } from 'vitest';
import { CheckContext } from '../../harness/check/context.ts';
import { SchemaValidator } from '../../harness/schema/validator.ts';
import { makeResponse } from '../../harness/target/http-transport.ts';
import { expectEndedAfterAnswer } from '../../suites/cloud/support/async-op.ts';
import { orderOf, seenStartingMs, type Snapshot } from '../../suites/cloud/support/boot-order.ts';
import type { CloudContext } from '../../suites/cloud/support/context.ts';
import type { Container } from '../../suites/cloud/support/views.generated.ts';

const container = (uuid: string): Container => ({ uuid, name: uuid, started_datetime: 'Thu, 03 Dec 2026 07:00:00 +0000' }) as unknown as Container;
const [one, two] = [container('c1'), container('c2')];

/** Listings every `step` ms from 0, each answered 2 ms after it was asked: the states of c1 and c2 at that time. */
function listings(step: number, until: number, states: (at: number) => [string, string]): Snapshot[] {
  const out: Snapshot[] = [];
  for (let at = 0; at <= until; at += step) {
    const [a, b] = states(at);
    out.push({
      sent: at,
      came: at + 2,
      whole: true,
      states: new Map([
        ['c1', a],
        ['c2', b],
      ]),
    });
  }
  return out;
}
const up = (at: number, since: number): string => (at >= since ? 'Running' : 'Starting');

describe('the order two containers of a sequential deployment came up in (cloud/deployment/sequential)', () => {
  test('one after the other, 80 ms apart, read every 10 ms: in sequence', () => {
    const snaps = listings(10, 300, (at) => [up(at, 81), up(at, 161)]);
    expect(orderOf(snaps, one, two, seenStartingMs(snaps, one))).toEqual({ seen: 'in-sequence' });
  });

  test('both at once, read every 10 ms, the first seen Starting for 80 ms: together', () => {
    const snaps = listings(10, 300, (at) => [up(at, 81), up(at, 81)]);
    expect(orderOf(snaps, one, two, seenStartingMs(snaps, one))).toMatchObject({ seen: 'together', windowMs: 12 });
  });

  test('both between two readings far apart (a slow reader): unclear, never together', () => {
    const snaps = listings(200, 600, (at) => [up(at, 81), up(at, 161)]);
    expect(orderOf(snaps, one, two, 400)).toMatchObject({ seen: 'unclear' });
  });

  test('the later one Running while a later reading shows the earlier one Starting: out of sequence', () => {
    const snaps = listings(10, 300, (at) => [up(at, 161), up(at, 81)]);
    expect(orderOf(snaps, one, two, seenStartingMs(snaps, one))).toMatchObject({ seen: 'out-of-sequence' });
  });

  test('started in a later second: in sequence, however the readings fell', () => {
    const later = { ...two, started_datetime: 'Thu, 03 Dec 2026 07:00:01 +0000' } as Container;
    const snaps = listings(200, 600, (at) => [up(at, 81), up(at, 161)]);
    expect(orderOf(snaps, one, later, 400)).toEqual({ seen: 'in-sequence' });
  });
});

describe("a 202 answered after its work, told by the target's dates (cloud/actions/async-202-in-progress)", () => {
  const answer = (date: string) => makeResponse(202, { date }, Buffer.from('{}'), 1, 'POST');
  const action = { start_date: 'Thu, 03 Dec 2026 07:00:00 +0000', end_date: 'Thu, 03 Dec 2026 07:00:02 +0000' };
  const judged = (date: string, dates = action): CheckContext => {
    const ctx = new CheckContext({ seed: 1, schemas: new SchemaValidator(), timeoutMs: 100 });
    expectEndedAfterAnswer(ctx as unknown as CloudContext, answer(date), dates, 'stop');
    return ctx;
  };

  test('dated in the second the action ended, after work of more than a second: a breach', () => {
    expect(judged('Thu, 03 Dec 2026 07:00:02 GMT').breaches).toHaveLength(1);
  });

  test('dated at once, in the second the work began: no breach', () => {
    expect(judged('Thu, 03 Dec 2026 07:00:00 GMT').breaches).toHaveLength(0);
  });

  test('work too short to tell (start and end one second apart), or no Date: only noted', () => {
    const short = { ...action, end_date: 'Thu, 03 Dec 2026 07:00:01 +0000' };
    const ctx = judged('Thu, 03 Dec 2026 07:00:01 GMT', short);
    expect([ctx.breaches.length, ctx.observations.length]).toEqual([0, 1]);
    expect(judged('').breaches).toHaveLength(0);
  });
});
