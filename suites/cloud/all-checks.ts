import type { CloudCheck } from './support/check.ts';
import { actionChecks } from './actions/index.ts';
import { authChecks } from './auth/index.ts';
import { namespaceChecks } from './namespaces/index.ts';
import { generalChecks } from './general/index.ts';
import { infraChecks } from './infra/index.ts';
import { nodeClusterChecks } from './nodeclusters/index.ts';
import { nodeChecks } from './nodes/index.ts';
import { repoChecks } from './repos/index.ts';
import { limitChecks } from './limits/index.ts';
import { stackChecks } from './stacks/index.ts';
import { serviceChecks } from './services/index.ts';
import { containerChecks } from './containers/index.ts';
import { deploymentChecks } from './deployment/index.ts';
import { streamChecks } from './stream/index.ts';

/**
 * Every cloud check, by spec section; each section also has its thin suite file
 * `suites/cloud/<section>.test.ts`. Add a section with one import and one entry.
 */
export const CLOUD_SECTIONS: Record<string, CloudCheck[]> = {
  actions: actionChecks,
  auth: authChecks,
  namespaces: namespaceChecks,
  general: generalChecks,
  infra: infraChecks,
  nodeclusters: nodeClusterChecks,
  nodes: nodeChecks,
  repos: repoChecks,
  limits: limitChecks,
  stacks: stackChecks,
  services: serviceChecks,
  containers: containerChecks,
  deployment: deploymentChecks,
  stream: streamChecks,
};

export const cloudChecks: CloudCheck[] = Object.values(CLOUD_SECTIONS).flat();
