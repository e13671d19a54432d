/**
 * Ninth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one rule of the Cloud Orchestration API document
 * (v1), one per sentence sampled (seed 1704). What each breaks, with the spec sentence, is data in
 * catalog/cloud/blind-faults-9.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_9_FAULTS = faultArea('blind', [
  {
    name: 'blind9-stack-empty-terminate-no-destroyed-date',
    description: 'terminate of a stack without services ends Terminated with destroyed_datetime null: the date is written per terminated service',
  },
  {
    name: 'blind9-provider-list-available-only',
    description: 'GET /api/infra/v1/provider/ lists available providers only: one with available false is missing from the list (its detail answers)',
  },
  {
    name: 'blind9-scaled-container-envvars-dropped',
    description: "a container added by a scale-up has container_envvars [] (and none of the service's variables in its environment)",
  },
  {
    name: 'blind9-canceling-not-announced',
    description: 'a canceled action goes Canceling without an event: the event stream shows its update only when it reaches Canceled',
  },
  {
    name: 'blind9-cpu-shares-string-kept',
    description: 'service create/update take cpu_shares given as a JSON string and show it as that string instead of refusing it (400)',
  },
  {
    name: 'blind9-binding-volume-shared-by-containers',
    description: 'the containers of a service with a volume binding (no host_path) all get the volume URI of the first container',
  },
  {
    name: 'blind9-repository-name-filter-path-only',
    description: 'the repository list filter name is compared with the name without its registry host: the full name (host/path) matches nothing',
  },
  {
    name: 'blind9-stream-basic-scheme-case-sensitive',
    description: 'the Stream API upgrade takes an Authorization header beginning with "Basic " exactly: another case of the scheme answers 401',
  },
]);
