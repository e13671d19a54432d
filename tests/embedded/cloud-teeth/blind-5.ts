import type { CloudTeeth } from './types.ts';

/**
 * Fifth blind batch (reference/cloud/fault-areas/blind-5.ts, catalog/cloud/blind-faults-5.json):
 * each fault with the checks a run of the cloud suite under it finds failing, those naming the
 * fault's requirement first.
 */
export const blind5Teeth: CloudTeeth[] = [
  // The offset is a fact of the list envelope, which the spec leaves "not shown": the negative sweep sends offset=-1
  // to every list and a whole-suite run reports the page answered as a warning of the recommended bad-input rule
  // (exit 0), which the teeth grade strictly.
  {
    fault: 'blind5-list-negative-offset-from-end',
    catches: [
      'cloud/errors/bad-input-client-error/service/list/integer-not-an-integer',
      'cloud/errors/bad-input-client-error/nodetype/list/integer-not-an-integer',
    ],
  },
  { fault: 'blind5-namespace-create-in-own', catches: ['cloud/namespaces/organization'] },
  { fault: 'blind5-auth-empty-key-accepted', catches: ['cloud/auth/rest-wrong-key-refused'] },
  { fault: 'blind5-action-success-retry-refused', catches: ['cloud/states/action/success-allows-retry'] },
  { fault: 'blind5-stack-stopped-redeploy-refused', catches: ['cloud/states/stack/stopped-allows-redeploy'] },
  { fault: 'blind5-service-partly-running-stop-refused', catches: ['cloud/states/service/partly-running-allows-stop'] },
  { fault: 'blind5-node-upgrading-terminate-accepted', catches: ['cloud/states/node/upgrading-rejects-terminate'] },
  // Every read of a container's whole log (a large tail without follow) comes back empty under it: the tail and
  // message checks that read one fail too.
  {
    fault: 'blind5-container-logs-follow-false-tail-dropped',
    catches: ['cloud/container/logs/follow-false-closes', 'cloud/container/logs/tail-default-300', 'cloud/container/logs/message-shape'],
  },
];
