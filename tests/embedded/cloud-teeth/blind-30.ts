import type { CloudTeeth } from './types.ts';

/**
 * Thirtieth blind batch (reference/cloud/fault-areas/blind-30.ts, catalog/cloud/blind-faults-30.json):
 * 3 of 7 caught at first by a check of their requirement (a fourth only by other checks); all 7 now.
 */
export const blind30Teeth: CloudTeeth[] = [
  { fault: 'blind30-user-path-joined-to-image-path', catches: ['cloud/service/overrides-image'] },
  {
    fault: 'blind30-envvar-keyless-item-dropped',
    catches: ['cloud/service/create/envvar-requires-key-and-value', 'cloud/service/update/value-sets-as-create'],
  },
  { fault: 'blind30-unreachable-node-terminate-fails', catches: ['cloud/states/node/unreachable-allows-terminate'] },
  // Missed at first: the start's logs were read again after a stop only; now after its service's terminate too.
  { fault: 'blind30-action-logs-dropped-with-object', catches: ['cloud/stream/events/audit-as-actions/own-logs'] },
  // Missed at first: the row stopped a container never stopped before; now it is started again and stopped a second time.
  { fault: 'blind30-restarted-container-stop-refused', catches: ['cloud/states/container/running-allows-stop'] },
  // Caught at first by the action schema only (location null); now location-geographic compares the locations of one address's
  // synchronous and asynchronous actions (its level raised from informational to required: "is the geographic location of that address").
  {
    fault: 'blind30-async-action-location-null',
    catches: ['cloud/actions/location-geographic', 'cloud/actions/header-on-creating-responses', 'cloud/action/list/returns-actions'],
  },
  // Missed at first: the only refused synchronous call read was a 400; now a PATCH of a node cluster that does not exist (404) too.
  { fault: 'blind30-unknown-object-call-unrecorded', catches: ['cloud/actions/header-on-creating-responses'] },
];
