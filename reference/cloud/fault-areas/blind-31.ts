/**
 * Thirty-first batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-31.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_31_FAULTS = faultArea('blind', [
  {
    name: 'blind31-az-get-by-zone-name',
    description:
      'GET of one availability zone looks the zone up by its name alone (zone names being unique): a path with another provider or region answers it',
  },
  {
    name: 'blind31-stack-terminate-skips-undeployed',
    description: 'stack terminate tears down the services that were deployed: a Not running service of the stack is left Not running, the stack Terminated',
  },
  {
    name: 'blind31-link-endpoints-published-only',
    description: "linked_to_container's endpoints are built from the server's published ports only: a link to unpublished ports has endpoints {}",
  },
  {
    name: 'blind31-target-shown-when-applied',
    description:
      'target_num_containers shows the target last applied by a start, scale or redeploy: after a PATCH of it the service shows the old count until then',
  },
  {
    name: 'blind31-scaled-nodes-new-network',
    description: "nodes a cluster scale adds are provisioned on a private network of their own batch: they do not reach the cluster's earlier nodes",
  },
  {
    name: 'blind31-stream-connection-upgrade-exact',
    description:
      "the Stream upgrade requires the Connection header to be exactly 'Upgrade': a token list (keep-alive, Upgrade) or lowercase upgrade is refused 400",
  },
  {
    name: 'blind31-noop-scale-answered-200',
    description:
      'a service scale with nothing to do (as many live containers as the target) is answered 200 at once, its action created ended Success, not 202',
  },
]);
