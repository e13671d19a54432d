import { describe, expect, it } from 'vitest';
import type { Outcome } from '../../harness/check/outcome.ts';
import { runChecks } from '../../harness/embedded/run-checks.ts';

const passed = { status: 'passed', message: '' } as unknown as Outcome;

/** Runs checks that each take `ms`, recording when each starts and ends. */
async function timeline(ids: string[], opts: Parameters<typeof runChecks>[2]): Promise<string[]> {
  const events: string[] = [];
  await runChecks(
    ids.map((id) => ({ id })),
    async ({ id }) => {
      events.push(`start ${id}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
      events.push(`end ${id}`);
      return passed;
    },
    opts,
  );
  return events;
}

describe('runChecks', () => {
  it('runs `concurrency` checks at once', async () => {
    expect((await timeline(['a', 'b', 'c'], { concurrency: 2 })).slice(0, 2)).toEqual(['start a', 'start b']);
  });

  it('with leadAlone, the first check ends before any other starts, then the others run side by side', async () => {
    expect(await timeline(['a', 'b', 'c'], { concurrency: 2, leadAlone: true })).toEqual(['start a', 'end a', 'start b', 'start c', 'end b', 'end c']);
  });

  it('a stop after the lone first check starts no other', async () => {
    expect(await timeline(['a', 'b'], { concurrency: 2, leadAlone: true, stopAfter: () => true })).toEqual(['start a', 'end a']);
  });
});
