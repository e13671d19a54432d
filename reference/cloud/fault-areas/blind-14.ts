/**
 * Fourteenth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one sampled rule of the Cloud Orchestration API
 * document (v1). What each breaks, with the spec sentence, is data in
 * catalog/cloud/blind-faults-14.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_14_FAULTS = faultArea('blind', [
  {
    name: 'blind14-private-ip-count-reused-after-terminate',
    description: 'private_ip is derived from the number of live containers: after a terminate a new container gets the address of a live one',
  },
  {
    name: 'blind14-service-stack-filter-last-segment',
    description: "the service list's stack filter takes the URI's last path segment as the stack uuid: a URI ending in / matches no service",
  },
  {
    name: 'blind14-action-logs-sync-404',
    description: "the action logs endpoint looks logs up by background job: a synchronous call's action answers 404",
  },
  {
    name: 'blind14-repository-patch-requires-both',
    description: 'a repository PATCH is validated as a create: a body with only username or only password is refused 400',
  },
]);
