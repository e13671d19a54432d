import { expect, test } from 'vitest';

/** A row of a teeth table: a fault of a reference target and the checks that must catch it. */
export interface TeethRow {
  fault: string;
  catches: readonly string[];
}

/** A test that every row names a fault the reference target has and checks the suite has. */
export function registerKnownNamesTest(
  title: string,
  rows: readonly TeethRow[],
  faults: ReadonlyArray<{ name: string }>,
  checks: ReadonlyMap<string, unknown>,
): void {
  test(title, () => {
    const known = new Set(faults.map((f) => f.name));
    for (const t of rows) {
      expect(known.has(t.fault), `unknown fault ${t.fault}`).toBe(true);
      for (const id of t.catches) expect(checks.has(id), `unknown check ${id}`).toBe(true);
    }
  });
}
