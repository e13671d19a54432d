import type { CloudTeeth } from './types.ts';

/**
 * Sixth blind batch (reference/cloud/fault-areas/blind-6.ts, catalog/cloud/blind-faults-6.json):
 * each fault with the checks a run of the cloud suite under it finds failing, those naming the
 * fault's requirement first.
 */
export const blind6Teeth: CloudTeeth[] = [
  { fault: 'blind6-container-terminate-twice-accepted', catches: ['cloud/states/container/terminated-rejects-terminate'] },
  // The value sets of update are those of create: the refused update bodies include the same case-respelled values.
  {
    fault: 'blind6-service-restart-policy-case-insensitive',
    catches: ['cloud/service/create/enum-other-values-refused', 'cloud/service/update/value-sets-as-create'],
  },
  { fault: 'blind6-stack-not-running-terminate-refused', catches: ['cloud/states/stack/not-running-allows-terminate'] },
  { fault: 'blind6-exec-one-shot-last-output-lost', catches: ['cloud/container/exec/bidirectional/one-shot-output'] },
  { fault: 'blind6-auth-key-of-any-user', catches: ['cloud/auth/rest-wrong-key-refused'] },
  { fault: 'blind6-terminated-node-health-check-accepted', catches: ['cloud/states/node/terminated-rejects-health-check'] },
  { fault: 'blind6-action-end-date-at-start', catches: ['cloud/actions/async-202-in-progress'] },
  { fault: 'blind6-namespace-foreign-falls-back-own', catches: ['cloud/namespaces/identifies-owner', 'cloud/namespaces/identifies-owner/every-endpoint'] },
];
