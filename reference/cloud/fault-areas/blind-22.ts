/**
 * Twenty-second batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-22.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_22_FAULTS = faultArea('blind', [
  {
    name: 'blind22-stack-synchronized-first-service',
    description: "a stack's synchronized looks at its first service only: a later service updated out of sync leaves the stack true",
  },
  {
    name: 'blind22-link-env-service-name',
    description: "containers of a linking service get the linked service's link_variables under its own name, not renamed to the link's name",
  },
  {
    name: 'blind22-failed-work-error-serialized',
    description: "background work that fails logs its error serialized as JSON: an Error has no enumerable field, the line reads 'Error: {}'",
  },
  {
    name: 'blind22-body-errors-plain-text',
    description: 'a refused request body (malformed JSON, wrong Content-Type, too large) is answered in text/plain by the HTTP layer, not as JSON',
  },
  {
    name: 'blind22-cgroup-parent-slice-only',
    description: 'a cgroup_parent not named *.slice is dropped without a word (taken as a systemd slice): the containers run under /docker',
  },
  {
    name: 'blind22-link-name-required',
    description: 'a linked_to_service entry without a name is refused (400): the name is validated like to_service although it is optional',
  },
  {
    name: 'blind22-redeploy-keeps-container-env',
    description: "redeploy carries each container's old container_envvars over onto the service's current definition: an updated environment is not applied",
  },
]);
