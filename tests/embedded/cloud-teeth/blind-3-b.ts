import type { CloudTeeth } from './types.ts';

/**
 * Third blind batch (reference/cloud/fault-areas/blind-3.ts, catalog/cloud/blind-faults-3.json):
 * the repository and node cluster faults, each with the checks a run under it finds failing.
 */
export const blind3TeethB: CloudTeeth[] = [
  { fault: 'blind3-repository-patch-after-delete-recreates', catches: ['cloud/errors/after-delete/repository'] },
  { fault: 'blind3-repository-in-use-after-terminate', catches: ['cloud/repository/in-use'] },
  // The deleted repository answers a DELETE as one never added does (204 both): no breach of after-delete, the
  // success for an object that is not there is the appropriate-code rule's.
  { fault: 'blind3-repository-delete-twice-204', catches: ['cloud/errors/appropriate-code/unknown-object'] },
  { fault: 'blind3-cluster-negative-disk-accepted', catches: ['cloud/errors/bad-input-client-error/nodecluster/create/body-field-out-of-range-each-provider'] },
];
