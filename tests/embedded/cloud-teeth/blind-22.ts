import type { CloudTeeth } from './types.ts';

/**
 * Twenty-second blind batch (reference/cloud/fault-areas/blind-22.ts, catalog/cloud/blind-faults-22.json),
 * written on the requirements judge 2116 sampled and the session mended: 2 of 7 caught at first;
 * blind22-link-env-service-name breaks no stated rule (its verdict is in the catalog).
 */
export const blind22Teeth: CloudTeeth[] = [
  // Missed at first: the service updated out of the stack was its first.
  { fault: 'blind22-stack-synchronized-first-service', catches: ['cloud/stack/get/synchronized'] },
  // Missed at first: only a refused deploy's logs were read, and any new line with text counted.
  { fault: 'blind22-failed-work-error-serialized', catches: ['cloud/actions/failed-has-logs/work-failed'] },
  // Missed at first: the bad-input sweep, the one sender of bad bodies, is kept from the exchange judge.
  { fault: 'blind22-body-errors-plain-text', catches: ['cloud/errors/bad-input-client-error/service/create/body-not-json'] },
  // Missed at first: only a .slice parent was tried.
  { fault: 'blind22-cgroup-parent-slice-only', catches: ['cloud/service/cgroup-parent-applied'] },
  { fault: 'blind22-link-name-required', catches: ['cloud/service/create/link-name-optional'] },
  { fault: 'blind22-redeploy-keeps-container-env', catches: ['cloud/service/redeploy/effect'] },
];
