import type { CloudCheck } from '../support/check.ts';
import cgroupParent from './cgroup-parent.ts';
import filters from './filters.ts';
import inheritsScaled from './inherits-scaled.ts';
import listFields from './list-fields.ts';
import listsAsGot from './lists-as-got.ts';
import operations from './operations.ts';
import reachability from './reachability.ts';
import read from './read.ts';
import redeployAnswer from './redeploy-answer.ts';
import states from './states.ts';
import uriProtocol from './uri-protocol.ts';

export const containerChecks: CloudCheck[] = [
  ...read,
  ...reachability,
  ...listFields,
  ...listsAsGot,
  ...inheritsScaled,
  ...operations,
  ...redeployAnswer,
  ...filters,
  ...states,
  ...cgroupParent,
  ...uriProtocol,
];
