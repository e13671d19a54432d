import type { CloudTeeth } from './types.ts';

/**
 * Thirty-second blind batch (reference/cloud/fault-areas/blind-32.ts, catalog/cloud/blind-faults-32.json):
 * 5 of 7 caught at first by a check of their requirement; all 7 now.
 */
export const blind32Teeth: CloudTeeth[] = [
  {
    fault: 'blind32-canceling-not-stored',
    catches: ['cloud/action/cancel/in-progress-to-canceling', 'cloud/action/cancel/in-progress-cancelable/retried-execution'],
  },
  { fault: 'blind32-service-counts-from-service-ops', catches: ['cloud/service/get/counters'] },
  { fault: 'blind32-provider-name-filter-lookup-404', catches: ['cloud/provider/list/filter-name'] },
  // Missed at first: no check made a synchronous call on an object whose asynchronous action was In progress; now a GET, a PATCH
  // and a refused start on a service during its long start must each have their action ended at once, not Pending behind it.
  { fault: 'blind32-sync-action-pending-behind-async', catches: ['cloud/actions/sync-terminal/beside-in-progress'] },
  // Missed at first: every default-name image had a tag; now images pinned by digest (busybox@sha256:<hex>, and behind a registry port).
  { fault: 'blind32-service-name-digest-kept', catches: ['cloud/service/create/default-name-image-without-namespace/digest'] },
  // The whole-suite measure also saw cloud/namespaces/identifies-owner/every-endpoint fail; it passed in two narrow runs, so is not listed.
  { fault: 'blind32-health-check-probes-host', catches: ['cloud/node/health-check/sets-state', 'cloud/states/node/unreachable-allows-health-check'] },
  { fault: 'blind32-stack-redeploy-reuse-false-truthy', catches: ['cloud/stack/redeploy/query-reuse-volumes'] },
];
