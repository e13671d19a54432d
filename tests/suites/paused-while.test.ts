import { describe, expect, test } from 'vitest';
import type { EngineContext } from '../../suites/engine/support/context.ts';
import { pausedWhile } from '../../suites/engine/support/commit-pause.ts';

/** A context whose state reads answer Paused as `states` say, one read after another (the last repeated). */
function readingStates(states: boolean[]): { ctx: EngineContext; reads: () => number } {
  let reads = 0;
  const ctx = {
    state: async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { Paused: states[Math.min(reads++, states.length - 1)] };
    },
  } as unknown as EngineContext;
  return { ctx, reads: () => reads };
}

const settlingAfter = <T>(ms: number, settle: () => T): Promise<T> =>
  new Promise((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(settle());
      } catch (error) {
        reject(error);
      }
    }, ms),
  );

describe('pausedWhile: the container read during a commit', () => {
  test('any read seeing it Paused is reported, with the commit result', async () => {
    const { ctx, reads } = readingStates([false, true, false]);
    const watched = await pausedWhile(
      ctx,
      'c',
      settlingAfter(20, () => 'image'),
    );
    expect(watched).toEqual({ result: 'image', paused: true });
    expect(reads()).toBeGreaterThan(2);
  });

  test('never Paused is reported as such', async () => {
    const { ctx } = readingStates([false]);
    expect(
      (
        await pausedWhile(
          ctx,
          'c',
          settlingAfter(10, () => 1),
        )
      ).paused,
    ).toBe(false);
  });

  test('a commit failing while the reads go on rejects with its own error, never unhandled', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { ctx } = readingStates([false]);
      const failing = settlingAfter(5, () => {
        throw new Error('commit answered 500');
      });
      await expect(pausedWhile(ctx, 'c', failing)).rejects.toThrow('commit answered 500');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
