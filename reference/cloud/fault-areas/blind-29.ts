/**
 * Twenty-ninth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-29.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_29_FAULTS = faultArea('blind', [
  {
    name: 'blind29-service-redeploy-reuse-default-false',
    description:
      "service redeploy reads reuse_volumes as == 'true': without the parameter its containers get new, empty volumes (stack and container redeploy unchanged)",
  },
  {
    name: 'blind29-service-state-filter-title-case',
    description: 'the service list normalises the state filter to title case, as stack states are spelled: Not running and Partly running match no service',
  },
  {
    name: 'blind29-sequential-links-previous-only',
    description: 'sequential_deployment links each container to the one deployed just before it only, not to all the earlier containers',
  },
  {
    name: 'blind29-envvar-missing-value-empty',
    description: 'a container_envvars item without value (or value null) is accepted as KEY= with an empty value instead of being refused',
  },
  {
    name: 'blind29-stack-stop-running-services-only',
    description: 'stack stop stops the services whose state is Running only: a Partly running service of the stack keeps its running containers',
  },
  {
    name: 'blind29-user-program-runs-as-root',
    description: "a container's own program runs as root whatever the service's user (the user is passed to exec only): exec still runs as the user",
  },
  {
    name: 'blind29-tags-match-cluster-tags',
    description: "placement matches a service's tags with the tags of each node's cluster, not the node's own: tags PATCHed on a node select nothing",
  },
]);
