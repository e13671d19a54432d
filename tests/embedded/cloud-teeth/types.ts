import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

/**
 * A fault of the cloud reference target and the checks that must catch it: each listed check,
 * run against the target with that fault, must not pass. The teeth runner grades every
 * requirement as required, so informational checks (facts) prove their teeth too.
 */
export interface CloudTeeth {
  fault: CloudFaultName;
  catches: string[];
}
