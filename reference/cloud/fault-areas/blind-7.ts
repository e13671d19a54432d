/**
 * Seventh batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one rule of the Cloud Orchestration API document
 * (v1). What each breaks, with the spec sentence, is data in catalog/cloud/blind-faults-7.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_7_FAULTS = faultArea('blind', [
  {
    name: 'blind7-list-next-on-full-last-page',
    description: 'list meta.next is set on a last page that is exactly full (offset + limit <= total_count instead of <): it leads to an empty page',
  },
  {
    name: 'blind7-stack-terminated-redeploy-accepted',
    description: 'redeploy of a Terminated stack is accepted (202): the redeploy guard looks at the running states only and forgets Terminated',
  },
  {
    name: 'blind7-container-exit-code-zero-while-running',
    description: 'a container that has not exited shows exit_code 0 (an integer field with no null) instead of null',
  },
  {
    name: 'blind7-cluster-empty-terminate-refused',
    description: 'terminate of an Empty cluster node cluster (no node) is refused (409): the guard lets only clusters with nodes be terminated',
  },
  {
    name: 'blind7-service-not-running-capitalised',
    description: "a service that never ran shows state 'Not Running' (the stack's spelling) instead of 'Not running'",
  },
  {
    name: 'blind7-namespace-foreign-read-as-empty',
    description: 'a read in a namespace the caller does not belong to is answered as an empty namespace (lists 200 with no object, objects 404) instead of 403',
  },
  {
    name: 'blind7-action-cancel-ends-failed',
    description: 'a canceled asynchronous action ends Failed instead of Canceled: the abort reaches the generic error path, which records a failure',
  },
  {
    name: 'blind7-stream-wrong-key-accepted',
    description: "the Stream API's Basic authentication finds the user by name only: a WebSocket upgrade with a wrong API key is accepted",
  },
]);
