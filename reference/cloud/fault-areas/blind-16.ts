/**
 * Sixteenth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-16.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_16_FAULTS = faultArea('blind', [
  {
    name: 'blind16-cancel-not-seen-by-work',
    description: "a cancel marks the action Canceling but the work's steps do not watch it: the work completes and the action ends Success",
  },
  {
    name: 'blind16-service-terminate-skips-every-second',
    description: 'DELETE of a service walks its container list while removing from it: every second container is left running, the service Terminated',
  },
  {
    name: 'blind16-nodetype-zone-filter-first-zone-only',
    description: "GET /nodetype/?availability_zones= compares the node type's first zone only: a type offered in the zone is not listed",
  },
  {
    name: 'blind16-retry-keeps-original-user-agent',
    description: "a retried action's new execution records the first call's user_agent, not that of the retry call",
  },
]);
