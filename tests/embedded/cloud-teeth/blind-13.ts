import type { CloudTeeth } from './types.ts';

/**
 * Thirteenth blind batch (reference/cloud/fault-areas/blind-13.ts, catalog/cloud/blind-faults-13.json):
 * each fault with the check a run of the cloud suite under it finds failing, the one naming the
 * fault's requirement.
 */
export const blind13Teeth: CloudTeeth[] = [
  // The containers are read again after a redeploy of the privileged service.
  { fault: 'blind13-privileged-lost-on-redeploy', catches: ['cloud/service/privileged-in-containers/capabilities'] },
  { fault: 'blind13-provider-options-iam-dropped', catches: ['cloud/nodecluster/create/echoes-body/provider-options'] },
  { fault: 'blind13-binding-readonly-host-path-only', catches: ['cloud/service/binding-rewritable-in-containers'] },
  // A service created with user nobody: an exec that always runs as root prints root.
  { fault: 'blind13-exec-user-root', catches: ['cloud/service/create/default-user-root/given-user-in-containers'] },
  { fault: 'blind13-exec-missing-container-upgraded', catches: ['cloud/errors/appropriate-code/unknown-object-stream'] },
];
