import type { CloudTeeth } from './types.ts';

/**
 * Blind faults of the third batch (reference/cloud/fault-areas/blind-3.ts,
 * catalog/cloud/blind-faults-3.json) that a strengthened check now catches from its own data.
 */
export const blind3TeethC: CloudTeeth[] = [
  // The check's own actions nest: a long start with a quick update inside it (suites/cloud/support/overlapping-actions.ts).
  { fault: 'blind3-action-list-by-end-date', catches: ['cloud/action/list/returns-actions'] },
];
