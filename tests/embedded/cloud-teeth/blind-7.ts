import type { CloudTeeth } from './types.ts';

/**
 * Seventh blind batch (reference/cloud/fault-areas/blind-7.ts, catalog/cloud/blind-faults-7.json):
 * each fault with the checks a run of the cloud suite under it finds failing, those naming the
 * fault's requirement first.
 */
export const blind7Teeth: CloudTeeth[] = [
  // Paging is a fact (informational): a whole-suite run reports this breach as informational, the teeth grade it as required.
  { fault: 'blind7-list-next-on-full-last-page', catches: ['cloud/list/envelope'] },
  { fault: 'blind7-stack-terminated-redeploy-accepted', catches: ['cloud/states/stack/terminated-rejects-redeploy'] },
  { fault: 'blind7-container-exit-code-zero-while-running', catches: ['cloud/container/get/exit-code'] },
  { fault: 'blind7-cluster-empty-terminate-refused', catches: ['cloud/states/nodecluster/empty-cluster-allows-terminate'] },
  // The state filter is drawn from the states listed: 'Not Running' matches none of the services the target filters as 'Not running'.
  {
    fault: 'blind7-service-not-running-capitalised',
    catches: ['cloud/service/list/filter-state', 'cloud/service/create/not-started/placeable', 'cloud/service/create/returns-service/zero-values'],
  },
  { fault: 'blind7-namespace-foreign-read-as-empty', catches: ['cloud/namespaces/identifies-owner', 'cloud/namespaces/identifies-owner/every-endpoint'] },
  { fault: 'blind7-action-cancel-ends-failed', catches: ['cloud/action/cancel/in-progress-to-canceling'] },
  {
    fault: 'blind7-stream-wrong-key-accepted',
    catches: ['cloud/auth/stream-without-credentials-refused/every-endpoint', 'cloud/auth/stream-without-credentials-refused', 'cloud/stream/events/endpoint'],
  },
];
