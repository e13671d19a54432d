import type { Teeth } from './types.ts';

/**
 * The tenth batch of blind faults (reference/engine/fault-areas/blind-10.ts,
 * catalog/engine/blind-faults-10.json), one per sentence the checks had just been strengthened on:
 * each row names the check that fails under it. The five without a row are behaviour the spec's
 * words leave open; teeth-coverage.test.ts lists each with its reason.
 */
export const blind10Teeth: Teeth[] = [
  { fault: 'blind10-oom-kill-disable-first-start-only', version: '1.22', catches: ['engine/containers/create/host-config-oom-kill-disable/effect'] },
  { fault: 'blind10-connect-short-id-404', version: '1.22', catches: ['engine/networks/connect/200-connected'] },
  { fault: 'blind10-noprune-needs-force', version: '1.22', catches: ['engine/images/delete/query-noprune'] },
  { fault: 'blind10-extra-hosts-first-only', version: '1.22', catches: ['engine/containers/create/host-config-extra-hosts'] },
];
