/**
 * Third batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one rule of the Cloud Orchestration API document
 * (v1). What each breaks, with the spec sentence, is data in catalog/cloud/blind-faults-3.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_3_FAULTS = faultArea('blind', [
  { name: 'blind3-logs-tail-zero-sends-all', description: 'log streams with tail=0 send every earlier line (0 read as "no tail given")' },
  {
    name: 'blind3-service-logs-tail-per-container',
    description: 'service log streams with tail=n send the last n lines of each container instead of the last n lines of the service',
  },
  { name: 'blind3-action-logs-tail-first-lines', description: 'action log streams with tail=n send the first n lines of the log instead of the last n' },
  { name: 'blind3-service-list-no-match-404', description: 'the service list answers 404 instead of an empty list when the name filter matches no service' },
  {
    name: 'blind3-service-started-date-at-create',
    description: 'service create sets started_datetime to the creation time, so a never started service shows a start date',
  },
  {
    name: 'blind3-logs-negative-tail-accepted',
    description: 'log streams accept a negative tail (tail=-k opens the stream) and send every earlier line but the first k, as a negative slice',
  },
  {
    name: 'blind3-repository-patch-after-delete-recreates',
    description: 'PATCH of a deleted external repository answers 202 and adds the repository again (an upsert)',
  },
  {
    name: 'blind3-terminated-service-scale-revives',
    description: 'scale of a Terminated service is accepted (202) and deploys its target containers again, taking it out of Terminated',
  },
  {
    name: 'blind3-repository-in-use-after-terminate',
    description: 'external repositories stay in_use while only a Terminated service of the caller used their image',
  },
  { name: 'blind3-container-memory-bytes', description: 'container objects show memory and memory_swap in bytes instead of MB (the service shows MB)' },
  {
    name: 'blind3-service-synchronized-image-only',
    description: 'a service stays synchronized after a PATCH that changes anything but the image (only an image change marks it out of sync)',
  },
  { name: 'blind3-node-count-includes-terminated', description: "a node's current_num_containers counts the terminated containers it ran too" },
  { name: 'blind3-action-list-by-end-date', description: 'the action list is ordered by end_date (unfinished actions last) instead of start_date' },
  {
    name: 'blind3-node-upgrade-version-kept',
    description: 'vendor-upgrade of a node ends Deployed and Success but vendor_version keeps the old engine version',
  },
  {
    name: 'blind3-container-redeploy-reuse-false-ignored',
    description: 'container redeploy with reuse_volumes=false keeps the old volumes (service and stack redeploy still honour it)',
  },
  {
    name: 'blind3-service-logs-new-containers-missing',
    description: 'a followed service log stream sends the new lines of the containers the service had when it opened, none of those a scale adds later',
  },
  { name: 'blind3-repository-delete-twice-204', description: 'DELETE of an external repository already deleted answers 204 again instead of 404' },
  {
    name: 'blind3-cluster-negative-disk-accepted',
    description: 'node cluster create accepts a negative disk (201, disk shown negative) on the providers without listed disk sizes',
  },
  { name: 'blind3-service-envvars-null-when-empty', description: 'a service without environment variables shows container_envvars null instead of []' },
]);
