/**
 * The judge of a printing service's log lines (suites/cloud/stream/log-lines.ts): each container's
 * lines in the order it wrote them, and, where containers share a name (a container's name is
 * "inherited from the service"), the lines of that name those containers' together (judge 2148, #13).
 */
import { describe, expect, test } from 'vitest';
import { CheckContext } from '../../harness/check/context.ts';
import { CheckFailure } from '../../harness/check/signals.ts';
import { SchemaValidator } from '../../harness/schema/validator.ts';
import type { CloudContext } from '../../suites/cloud/support/context.ts';
import type { Json } from '../../suites/cloud/support/lists.ts';
import type { Container } from '../../suites/cloud/support/views.generated.ts';
import { expectLinesBySource, firstOutOfOrder, WRITTEN } from '../../suites/cloud/stream/log-lines.ts';

const context = (): CloudContext => new CheckContext({ seed: 1, schemas: new SchemaValidator(), timeoutMs: 100 }) as unknown as CloudContext;

describe('firstOutOfOrder: lines of `writers` writers of the same lines, each in its order', () => {
  const w = ['a', 'b', 'c'];
  test('one writer: its lines exactly, in order', () => {
    expect(firstOutOfOrder(['a', 'b', 'c'], w)).toBe(-1);
    expect(firstOutOfOrder(['a', 'c', 'b'], w)).toBe(1);
    expect(firstOutOfOrder(['a', 'a', 'b', 'c'], w)).toBe(1);
    expect(firstOutOfOrder(['a', 'b'], w)).toBe(2);
    expect(firstOutOfOrder(['a', 'x', 'b', 'c'], w)).toBe(1);
  });

  test("two writers: any interleaving that keeps each one's order", () => {
    expect(firstOutOfOrder(['a', 'b', 'c', 'a', 'b', 'c'], w, 2)).toBe(-1);
    expect(firstOutOfOrder(['a', 'a', 'b', 'c', 'b', 'c'], w, 2)).toBe(-1);
    expect(firstOutOfOrder(['a', 'b', 'a', 'c', 'b', 'c'], w, 2)).toBe(-1);
  });

  test('two writers: a line before any writer wrote the one before it, a line three times, or a line missing, is out of order', () => {
    // b twice after one a: one writer wrote b before a.
    expect(firstOutOfOrder(['a', 'b', 'b', 'a', 'c', 'c'], w, 2)).toBe(2);
    expect(firstOutOfOrder(['a', 'a', 'a', 'b', 'b', 'c', 'c'], w, 2)).toBe(2);
    expect(firstOutOfOrder(['a', 'a', 'b', 'b', 'c'], w, 2)).toBe(5);
  });
});

describe('expectLinesBySource', () => {
  const container = (name: string): Container => ({ name }) as Container;
  const lines = (source: string): Json[] => WRITTEN.map((log) => ({ source, log }));
  /** Two logs merged line by line. */
  const merged = (a: Json[], b: Json[]): Json[] => a.flatMap((m, i) => [m, b[i]!]);

  test("containers of distinct names: the lines under each name are its container's", () => {
    expect(() => expectLinesBySource(context(), merged(lines('web-1'), lines('web-2')), [container('web-1'), container('web-2')], 'r')).not.toThrow();
    // Every line under the first name: the other container's lines are not its own.
    expect(() => expectLinesBySource(context(), merged(lines('web-1'), lines('web-1')), [container('web-1'), container('web-2')], 'r')).toThrow(CheckFailure);
  });

  test("containers sharing their service's name: the lines under it are theirs together, each in its order", () => {
    const ctx = context();
    expect(() => expectLinesBySource(ctx, merged(lines('web'), lines('web')), [container('web'), container('web')], 'r')).not.toThrow();
    expect(() => expectLinesBySource(context(), [...lines('web'), ...lines('web')], [container('web'), container('web')], 'r')).not.toThrow();
    // One container's lines only: the other's are missing.
    expect(() => expectLinesBySource(context(), lines('web'), [container('web'), container('web')], 'r')).toThrow(/2 times the 320 lines/);
    // A line of each writer reversed.
    const swapped = merged(lines('web'), lines('web'));
    [swapped[2], swapped[4]] = [swapped[4]!, swapped[2]!];
    [swapped[3], swapped[5]] = [swapped[5]!, swapped[3]!];
    expect(() => expectLinesBySource(context(), swapped, [container('web'), container('web')], 'r')).toThrow(CheckFailure);
  });
});
