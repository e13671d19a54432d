/**
 * Thirty-second batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-32.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_32_FAULTS = faultArea('blind', [
  {
    name: 'blind32-canceling-not-stored',
    description: 'a cancel answers the action Canceling but does not store the state: a GET or the list shows it In progress until it ends Canceled',
  },
  {
    name: 'blind32-service-counts-from-service-ops',
    description:
      "a service's counters are written when a service operation settles: a container started, stopped or terminated through its own endpoint is not counted",
  },
  {
    name: 'blind32-provider-name-filter-lookup-404',
    description: 'the provider list with a name filter looks the provider up as its detail does: an unknown name answers 404 instead of an empty list',
  },
  {
    name: 'blind32-sync-action-pending-behind-async',
    description: 'a synchronous call on an object with an action In progress is answered at once, its action queued Pending behind that one until it ends',
  },
  {
    name: 'blind32-service-name-digest-kept',
    description: "the default service name cuts the tag at the first ':' of the last segment: an image pinned by digest busybox@sha256:… gives busybox-sha256",
  },
  {
    name: 'blind32-health-check-probes-host',
    description: "health-check probes the node's host, not its engine daemon: an Unreachable node whose daemon still does not answer is set Deployed",
  },
  {
    name: 'blind32-stack-redeploy-reuse-false-truthy',
    description:
      'stack redeploy reads reuse_volumes as a truthy string: reuse_volumes=false (any value given) still reuses the volumes (service, container unchanged)',
  },
]);
