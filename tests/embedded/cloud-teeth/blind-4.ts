import type { CloudTeeth } from './types.ts';

/**
 * Fourth blind batch (reference/cloud/fault-areas/blind-4.ts, catalog/cloud/blind-faults-4.json):
 * each fault with the checks a run of the cloud suite under it finds failing, those naming the
 * fault's requirement first.
 */
export const blind4Teeth: CloudTeeth[] = [
  { fault: 'blind4-stack-start-running-accepted', catches: ['cloud/states/stack/running-rejects-start'] },
  { fault: 'blind4-node-terminate-unreachable-refused', catches: ['cloud/states/node/unreachable-allows-terminate'] },
  { fault: 'blind4-namespace-get-by-uuid-unscoped', catches: ['cloud/namespaces/identifies-owner'] },
  // Breaks a fact of the list envelope, which the spec leaves "not shown": a whole-suite run reports it as an
  // informational departure of the envelope check (exit 0), which the teeth grade strictly.
  { fault: 'blind4-list-total-count-page-size', catches: ['cloud/list/envelope'] },
  { fault: 'blind4-vendor-auth-lost-on-redeploy', catches: ['cloud/auth/global-role-vendor-auth/redeployed'] },
  // streamType is a fact (the exec message format is "not shown"): an informational departure in a whole-suite run.
  { fault: 'blind4-exec-stderr-as-stdout', catches: ['cloud/container/exec/message-shape'] },
  // The date filters' lists show it too when the bound they draw keeps actions of two seconds; state=Success always does.
  { fault: 'blind4-action-list-filtered-newest-first', catches: ['cloud/action/list/filter-state'] },
];
