/**
 * Fifteenth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-15.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_15_FAULTS = faultArea('blind', [
  {
    name: 'blind15-retried-action-not-user-action',
    description: 'the new execution a retry starts is recorded with is_user_action false (the re-dispatch from server code is taken for a system call)',
  },
  {
    name: 'blind15-stack-sync-restored-by-stack-redeploy-only',
    description: "a service update flags its stack out of sync until the stack's own redeploy: a redeploy of the service leaves the stack synchronized false",
  },
  {
    name: 'blind15-service-synchronized-newest-container',
    description: "a service's synchronized compares only its newest container: after an update, a scale-up makes it true while older containers are stale",
  },
  {
    name: 'blind15-canceling-shows-retriable',
    description: 'can_be_retried is true for an action in state Canceling (the flag is "not executing"), while retry of it is refused 409',
  },
]);
