import { expect, test } from 'vitest';
import { CLOUD_FAULTS, type CloudFaultName } from '../../reference/cloud/index.ts';
import { keysOf } from '../../reference/faults.ts';
import { CLOUD_TEETH } from './cloud-teeth/index.ts';

/**
 * Faults of behaviour the spec leaves unstated: the only checks that look at it observe it, they
 * cannot fail, so no check can catch the fault. Each entry says why; an entry whose fault is
 * caught after all, or no longer exists, fails the test so that the list stays true.
 */
const UNSTATED_BEHAVIOUR_FAULTS: Partial<Record<CloudFaultName, string>> = {
  'blind8-action-logs-follow-ended-stays-open':
    'spec (action logs): follow is "stream or close immediately": when a followed log of an ended action ends is not stated; follow-default-true observes it',
  'blind8-upgrade-starts-stopped-containers':
    'spec (node vendor-upgrade): "containers on it restart"; whether a container the user stopped stays Stopped is not stated ' +
    '(container transitions: not shown); containers-restart observes it',
  'blind8-cancel-answers-previous-state':
    'spec (action cancel): what cancel does to the action is stated and held on the action read after it; ' +
    "the cancel answer's body is not; in-progress-to-canceling observes it",
  'blind9-stream-basic-scheme-case-sensitive':
    'spec (Authentication): the header is given as `Authorization: Basic <base64 of username:API key>`, on the upgrade as on REST; ' +
    'a client sends that spelling, and whether another case of the scheme is taken is not stated; no check sends one',
  'blind14-repository-patch-requires-both':
    'spec (repository PATCH): "body: `username` S, `password` S", neither marked optional, where the node cluster and node PATCH rows ' +
    'and the service update mark theirs: whether one alone is taken is not stated; credentials-write-only observes a PATCH with password alone',
  'blind22-link-env-service-name':
    'spec (Service): link_variables are "environment variables exposed to containers linked to this service"; that the link\'s name ' +
    'renames them in the linking containers is not stated (the link\'s name is "name S", "name (optional)"); link-variables holds ' +
    "what a link brings to be among the linked service's link_variables, which the fault keeps",
  'blind15-stack-sync-restored-by-stack-redeploy-only':
    'spec (Stack): synchronized is "stack definition synchronized with its services", and nothing says what changes or restores it: ' +
    "not that a service's own redeploy re-synchronizes its stack (a stack redeploy, which redeploys all services, does under the fault); " +
    'stack/get/synchronized requires true right after create and false while a service updated on its own is not redeployed, ' +
    'and observes the flag after the redeploys',
  'blind20-action-get-uuid-prefix':
    'spec (Endpoints): "(uuid) is the resource uuid"; what a path that is no uuid answers is not stated, and a target may resolve a ' +
    'unique prefix of one (as the engine does with ids): cloud/uri/shape observes what a uuid cut to 8 characters answers (judge 2126, #2)',
  'disk-unavailable-left-unapplied':
    'a variation the spec allows, not a fault: disk is "not available for one provider", and whether a create carrying it is refused or ' +
    'taken with the field left unapplied is not stated; the disk checks count a size only where the disk shown follows the disk sent, ' +
    'and tests/embedded/cloud-legal-variations.test.ts holds that they pass under it (judge 2142, #7)',
  'containers-named-as-service':
    'a variation the spec allows, not a fault: a container\'s name is "inherited from the service", nowhere said to differ between the ' +
    'containers of one service; the service log checks judge the lines of a name several containers share as theirs together, and ' +
    'tests/embedded/cloud-legal-variations.test.ts holds that they pass under it (judge 2148, #13)',
};

test('every named fault of the cloud reference target is caught by at least one check', () => {
  const caught = new Set(CLOUD_TEETH.map((t) => t.fault));
  const known = new Set(CLOUD_FAULTS.map((f) => f.name));
  for (const name of keysOf(UNSTATED_BEHAVIOUR_FAULTS)) {
    expect(known.has(name) && !caught.has(name), `${name} is listed as uncatchable but is caught or unknown: remove it from the list`).toBe(true);
  }
  expect(CLOUD_FAULTS.map((f) => f.name).filter((name) => !caught.has(name) && !(name in UNSTATED_BEHAVIOUR_FAULTS))).toEqual([]);
});
