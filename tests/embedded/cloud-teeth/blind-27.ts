import type { CloudTeeth } from './types.ts';

/**
 * Twenty-seventh blind batch (reference/cloud/fault-areas/blind-27.ts, catalog/cloud/blind-faults-27.json):
 * 5 of 7 caught at first; all 7 now.
 */
export const blind27Teeth: CloudTeeth[] = [
  { fault: 'blind27-pid-host-only-with-net-host', catches: ['cloud/service/net-pid-modes/pid-host-init'] },
  // Missed at first: only first executions were canceled, never one a retry started.
  {
    fault: 'blind27-retried-action-cancel-refused',
    catches: ['cloud/action/cancel/in-progress-cancelable/retried-execution', 'cloud/action/cancel/can-be-canceled-flag/every-kind'],
  },
  { fault: 'blind27-nodetype-get-dotted-name-404', catches: ['cloud/nodetype/get/returns-nodetype'] },
  // The check of the action header reads the action it names at once: a synchronous call's is still In progress (cloud/actions/sync-terminal).
  { fault: 'blind27-sync-action-finished-late', catches: ['cloud/actions/header-on-creating-responses'] },
  { fault: 'blind27-node-get-cached', catches: ['cloud/node/get/returns-node'] },
  // Missed at first: the cluster's names were already lowercase labels, which a default made a hostname label keeps.
  { fault: 'blind27-cluster-nickname-default-slug', catches: ['cloud/nodecluster/create/default-nickname-name'] },
  { fault: 'blind27-cluster-patch-empty-tags-kept', catches: ['cloud/nodecluster/update/tags-replace'] },
];
