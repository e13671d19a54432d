/**
 * Fourth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one rule of the Cloud Orchestration API document
 * (v1). What each breaks, with the spec sentence, is data in catalog/cloud/blind-faults-4.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_4_FAULTS = faultArea('blind', [
  { name: 'blind4-list-total-count-page-size', description: 'list envelopes give meta.total_count the number of objects on the page instead of all matches' },
  {
    name: 'blind4-stack-start-running-accepted',
    description: 'start of a Running stack is accepted (202) instead of refused: the stack table is checked for Starting and Terminated only',
  },
  {
    name: 'blind4-node-terminate-unreachable-refused',
    description: 'terminate of an Unreachable node is refused (409): only Deployed nodes may be terminated',
  },
  {
    name: 'blind4-namespace-get-by-uuid-unscoped',
    description: 'GET of one namespaced object finds it by uuid in any namespace: a user reads the objects of another user (lists stay scoped)',
  },
  {
    name: 'blind4-vendor-auth-lost-on-redeploy',
    description: 'a redeployed container is rebuilt from its service definition without its roles: containers of a global service lose VENDOR_AUTH',
  },
  { name: 'blind4-exec-stderr-as-stdout', description: 'container exec sessions give streamType stdout for every output message, stderr output included' },
  {
    name: 'blind4-action-list-filtered-newest-first',
    description: 'the action list is newest first whenever a filter query is given (the filtered query path has no chronological order)',
  },
]);
