import { loadRequirements } from '../../../harness/catalog/load.ts';
import type { EngineFault, EngineFaultName } from '../../../reference/engine/faults.ts';
import type { EngineCheck } from '../../../suites/engine/support/check.ts';
import type { Teeth } from './types.ts';

/** What the teeth table leaves uncovered, on both sides of the fault ↔ check mapping. */
export interface TeethGaps {
  /** Per section: checks that no fault proves able to fail, and that could fail by design. */
  uncaughtChecks: Record<string, string[]>;
  /** Per section: checks whose requirements are all informational (they cannot fail by design). */
  informationalChecks: Record<string, string[]>;
  /** Named faults that no teeth entry lists under a check. */
  unusedFaults: EngineFaultName[];
}

/** Requirement ids whose level is informational, from the engine catalog. */
export function informationalRequirementIds(): Set<string> {
  return new Set(
    loadRequirements('engine')
      .filter((r) => r.level === 'informational')
      .map((r) => r.id),
  );
}

/**
 * Compares the checks of every section and the named faults with the teeth table: which checks
 * appear under no fault (split into the ones that can fail and the purely informational ones),
 * and which faults catch no check.
 */
export function teethGaps(
  sections: Record<string, ReadonlyArray<EngineCheck>>,
  faults: ReadonlyArray<EngineFault>,
  teeth: ReadonlyArray<Teeth>,
  informational: ReadonlySet<string> = informationalRequirementIds(),
): TeethGaps {
  const caught = new Set(teeth.flatMap((t) => t.catches));
  const uncaughtChecks: Record<string, string[]> = {};
  const informationalChecks: Record<string, string[]> = {};
  for (const [section, checks] of Object.entries(sections)) {
    const missing = checks.filter((c) => !caught.has(c.id));
    const cannotFail = (c: EngineCheck) => c.requirements.every((id) => informational.has(id));
    const uncaught = missing.filter((c) => !cannotFail(c)).map((c) => c.id);
    const info = missing.filter(cannotFail).map((c) => c.id);
    if (uncaught.length) uncaughtChecks[section] = uncaught;
    if (info.length) informationalChecks[section] = info;
  }
  const used = new Set(teeth.filter((t) => t.catches.length > 0).map((t) => t.fault));
  const unusedFaults = faults.map((f) => f.name).filter((name) => !used.has(name));
  return { uncaughtChecks, informationalChecks, unusedFaults };
}

/** A readable listing of the gaps, one section per block. */
export function describeGaps(gaps: TeethGaps): string {
  const block = (title: string, bySection: Record<string, string[]>): string[] => {
    const total = Object.values(bySection).reduce((n, ids) => n + ids.length, 0);
    return [`${title}: ${total}`, ...Object.entries(bySection).flatMap(([section, ids]) => [`  ${section} (${ids.length})`, ...ids.map((id) => `    ${id}`)])];
  };
  return [
    ...block('checks under no fault', gaps.uncaughtChecks),
    ...block('informational checks (cannot fail by design)', gaps.informationalChecks),
    `faults that catch no check: ${gaps.unusedFaults.length}`,
    ...gaps.unusedFaults.map((name) => `  ${name}`),
  ].join('\n');
}
