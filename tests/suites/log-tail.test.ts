import { describe, expect, test } from 'vitest';
import { CheckContext } from '../../harness/check/context.ts';
import { CheckFailure } from '../../harness/check/signals.ts';
import { SchemaValidator } from '../../harness/schema/validator.ts';
import type { CloudContext } from '../../suites/cloud/support/context.ts';
import type { Json } from '../../suites/cloud/support/lists.ts';
import { expectTail } from '../../suites/cloud/support/log-tail.ts';

const context = (): CloudContext => new CheckContext({ seed: 1, schemas: new SchemaValidator(), timeoutMs: 100 }) as unknown as CloudContext;

const line = (source: string, log: string, timestamp = 100): Json => ({ source, log, timestamp });
/** Two containers' lines, each with three stdout lines and a stderr line, all in one second. */
const A = ['a-1', 'a-2', 'a-3', 'err'].map((l) => line('A', l));
const B = ['b-1', 'b-2', 'b-3', 'err'].map((l) => line('B', l));
/** The whole log merged one way; another request may merge it another way. */
const ALL = [...A.slice(0, 3), ...B.slice(0, 3), A[3]!, B[3]!];

function judge(got: Json[], all = ALL, aggregated = true): CloudContext {
  const ctx = context();
  expectTail(ctx, { got, all, n: got.length || 3, aggregated, ordered: (m) => m.log !== 'err', what: 'tail', requirement: 'cloud/service/logs/tail' });
  return ctx;
}

describe('the tail of an aggregated log (expectTail)', () => {
  test('the last lines merged otherwise than in the whole log pass: the interleaving of containers is not stated', () => {
    expect(() => judge([B[2]!, A[3]!, B[3]!])).not.toThrow();
    expect(() => judge([A[3]!, B[2]!, B[3]!])).not.toThrow();
    // The whole log read ends b-3, A err, B err; a merge in arrival order may end a-3, A err, B err.
    expect(() => judge([A[2]!, A[3]!, B[3]!])).not.toThrow();
  });

  test('a line of the boundary second may stand for another of that second', () => {
    const all = [line('A', 'a-1', 99), line('A', 'a-2', 100), line('B', 'b-1', 100), line('B', 'b-2', 101)];
    expect(() => judge([line('A', 'a-2', 100), line('B', 'b-2', 101)], all)).not.toThrow();
    expect(() => judge([line('B', 'b-1', 100), line('B', 'b-2', 101)], all)).not.toThrow();
  });

  test('a line newer than one sent, left out, is a breach', () => {
    const all = [line('A', 'a-1', 99), line('A', 'a-2', 100), line('B', 'b-1', 101), line('B', 'b-2', 101)];
    expect(() => judge([line('A', 'a-2', 100), line('B', 'b-2', 101)], all)).toThrow(CheckFailure);
  });

  test("the first lines of a log written in one second are a breach: they are no container's last lines", () => {
    expect(() => judge([A[0]!, A[1]!, B[0]!])).toThrow(/not the last lines each container wrote/);
  });

  test('a line not in the log, or a count other than n, is a breach', () => {
    expect(() => judge([B[2]!, A[3]!, line('C', 'c-1')])).toThrow(/not in the log/);
    const ctx = context();
    const all = ALL;
    expect(() =>
      expectTail(ctx, { got: [B[3]!], all, n: 3, aggregated: true, ordered: () => true, what: 'tail', requirement: 'cloud/service/logs/tail' }),
    ).toThrow(/count/);
  });

  test('the log of one writer keeps its order', () => {
    expect(() => judge([A[1]!, A[2]!, A[3]!], A, false)).not.toThrow();
    expect(() => judge([A[2]!, A[1]!, A[3]!], A, false)).toThrow(CheckFailure);
  });

  test("of a source several containers share (named as their service), no container's own last lines are judged: its lines are not told apart", () => {
    // Two containers named S write 1, 2, 3 each: the whole log read one after the other, the tail merged line by line.
    const written = ['1', '2', '3'];
    const all = [...written, ...written].map((l) => line('S', l));
    const got = ['2', '3', '3'].map((l) => line('S', l));
    const tail = (shared?: ReadonlySet<string>): void =>
      expectTail(context(), { got, all, n: 3, aggregated: true, ordered: () => true, shared, what: 'tail', requirement: 'cloud/service/logs/tail' });
    expect(() => tail()).toThrow(/not the last lines each container wrote/);
    expect(() => tail(new Set(['S']))).not.toThrow();
  });
});
