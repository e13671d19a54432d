/**
 * Twenty-fifth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-25.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_25_FAULTS = faultArea('blind', [
  {
    name: 'blind25-nodetype-zones-null-when-none',
    description: 'a node type of a provider without availability zones shows availability_zones null (a nil slice) instead of an empty list',
  },
  {
    name: 'blind25-repository-in-use-running-only',
    description:
      'in_use of an external repository counts only the services with a Running container: a service created and not started (or stopped) does not count',
  },
  {
    name: 'blind25-service-roles-shown-after-deploy',
    description:
      "a service's roles field shows the grants of its API key, made when it is first deployed: a service not yet deployed shows roles [] whatever was granted",
  },
  {
    name: 'blind25-async-delete-204',
    description:
      'an asynchronous DELETE (terminate of a service, stack, container, node or cluster) answers 204 with no body, not 202; its action still runs In progress',
  },
  {
    name: 'blind25-service-name-second-segment',
    description:
      'service create without name takes the second segment of the image path as name: host/namespace/app:1 gives namespace (namespace/app still gives app)',
  },
  {
    name: 'blind25-container-name-filter-service-name',
    description: "the container list name filter compares with the name the container inherits from its service (web), not the container's own name (web-1)",
  },
  {
    name: 'blind25-container-start-first-stopped',
    description: 'container start starts the first Stopped container of its service (in the service order), not necessarily the one named',
  },
]);
