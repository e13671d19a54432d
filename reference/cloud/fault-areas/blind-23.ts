/**
 * Twenty-third batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-23.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_23_FAULTS = faultArea('blind', [
  {
    name: 'blind23-failed-work-no-end-date',
    description: 'background work that fails marks its action Failed itself, without finishing it: the action ends Failed with end_date null',
  },
  {
    name: 'blind23-related-container-siblings',
    description: "include_related of a container takes in its service's relatives: the actions of the service's other containers are listed too",
  },
  {
    name: 'blind23-stack-deployed-date-redeploy-only',
    description: "a stack's deployed_datetime is written by its redeploy only: a stack started (its services deployed) still shows null",
  },
  {
    name: 'blind23-container-binding-volume-name',
    description: "a container's bindings give in volume the engine volume's name (its bare uuid) instead of the volume's resource URI",
  },
  {
    name: 'blind23-async-action-shown-pending',
    description: 'an asynchronous action is queued Pending and its work, started at once, never marks it In progress: it runs as Pending',
  },
  {
    name: 'blind23-action-header-success-only',
    description: 'the X-Vendor-Action-URI header is set on successful answers only: a refused call (4xx) records a Failed action but does not name it',
  },
  {
    name: 'blind23-pid-none-refused',
    description: "service create and update take pid as the engine's PidMode, where only host is a value: pid none is refused (400)",
  },
]);
