/**
 * Sixth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one rule of the Cloud Orchestration API document
 * (v1). What each breaks, with the spec sentence, is data in catalog/cloud/blind-faults-6.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_6_FAULTS = faultArea('blind', [
  {
    name: 'blind6-container-terminate-twice-accepted',
    description: 'DELETE of a Terminated container is accepted (202, a new action) instead of refused: terminate is made idempotent',
  },
  {
    name: 'blind6-service-restart-policy-case-insensitive',
    description: 'service create and update accept autorestart and autodestroy values in any case (always, On_Failure) instead of refusing them',
  },
  {
    name: 'blind6-stack-not-running-terminate-refused',
    description: 'terminate of a Not Running stack (created, never started) is refused (409): the guard lets only stacks that ran be terminated',
  },
  {
    name: 'blind6-exec-one-shot-last-output-lost',
    description: 'container exec of a command that runs once sends EOF without its last output message (each message is held until the next one)',
  },
  {
    name: 'blind6-auth-key-of-any-user',
    description: "REST Basic authentication looks the API key up alone: a username with another user's key is accepted, as the key's owner",
  },
  {
    name: 'blind6-terminated-node-health-check-accepted',
    description: 'health-check of a Terminated node is accepted (202) and sets it Deployed or Unreachable again: the guard forgets Terminated',
  },
  {
    name: 'blind6-action-end-date-at-start',
    description: 'actions get end_date when they are recorded (both dates filled on insert): an In progress action already shows an end',
  },
  {
    name: 'blind6-namespace-foreign-falls-back-own',
    description: "a namespace segment the caller does not belong to is taken as the caller's own namespace (200 on its own objects) instead of 403",
  },
]);
