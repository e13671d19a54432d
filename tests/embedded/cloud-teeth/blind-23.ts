import type { CloudTeeth } from './types.ts';

/**
 * Twenty-third blind batch (reference/cloud/fault-areas/blind-23.ts, catalog/cloud/blind-faults-23.json),
 * written on seven freshly sampled sentences (seed 2302): 4 of 7 caught at first, 1 elsewhere.
 */
export const blind23Teeth: CloudTeeth[] = [
  // Missed at first: only a deploy that succeeded was read for its end_date.
  { fault: 'blind23-failed-work-no-end-date', catches: ['cloud/actions/async-ends-terminal/failed'] },
  { fault: 'blind23-related-container-siblings', catches: ['cloud/action/list/include-related-stack'] },
  { fault: 'blind23-stack-deployed-date-redeploy-only', catches: ['cloud/stack/get/datetimes-track-operations'] },
  // Caught elsewhere at first: the URI shape check's containers had no volume binding.
  { fault: 'blind23-container-binding-volume-name', catches: ['cloud/uri/shape'] },
  // Missed at first: an action read Pending was taken as waiting, whatever it could wait for.
  { fault: 'blind23-async-action-shown-pending', catches: ['cloud/actions/async-202-in-progress'] },
  { fault: 'blind23-action-header-success-only', catches: ['cloud/actions/header-on-creating-responses'] },
  { fault: 'blind23-pid-none-refused', catches: ['cloud/service/create/enum-values-accepted'] },
];
