/**
 * The cells of the engine's table of stated operation effects (catalog/engine/state-table.json):
 * each operation from each source state its row names, answered the other way in that state only.
 * A row with a result state: the success answer without the transition, or a refusal (500, which
 * every operation lists). A "304, no change" row: the 304 with the operation applied all the same.
 */
import { loadEngineStateTable, type EngineStateRow } from '../../catalog/engine/state-table.ts';
import type { Endpoint } from '../catalog/types.ts';
import type { Draft } from './generate.ts';
import type { CellOp } from './types.ts';

const DESCRIPTIONS: Record<CellOp, (e: Endpoint, state: string, row: EngineStateRow) => string> = {
  'not-applied': (e, state, row) => `${e.method} ${e.path} on a ${state} container answers success but leaves it ${state} (not ${row.result})`,
  refused: (e, state) => `${e.method} ${e.path} on a ${state} container is refused (500)`,
  applied: (e, state) => `${e.method} ${e.path} on a ${state} container answers 304 but applies the operation all the same`,
};

const opsOf = (row: EngineStateRow): CellOp[] => (row.result === 'unchanged' ? ['applied'] : ['not-applied', 'refused']);

export function cellDrafts(endpoints: readonly Endpoint[], version: string): Draft[] {
  return loadEngineStateTable().rows.flatMap((row) => {
    const e = endpoints.find((x) => x.id === row.endpoint);
    if (!e) return [];
    return row.from.flatMap((state) =>
      opsOf(row).map((op) => ({
        operator: `state/cell-${op}`,
        atom: `from ${state}`,
        spec: { kind: 'container-cell', endpoint: e.id, version, state, op } as const,
        requirements: [row.requirement],
        description: DESCRIPTIONS[op](e, state, row),
      })),
    );
  });
}
