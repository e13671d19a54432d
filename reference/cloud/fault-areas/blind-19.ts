/**
 * Nineteenth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-19.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_19_FAULTS = faultArea('blind', [
  {
    name: 'blind19-related-container-no-stack',
    description: "include_related of a container takes in its service but not its service's stack: the stack's own actions are missing",
  },
  {
    name: 'blind19-node-patch-empty-tags-kept',
    description: 'node PATCH replaces the tag list only when the list sent is not empty: tags [] leaves the old tags in place',
  },
  {
    name: 'blind19-provider-options-groups-from-subnets',
    description: 'node cluster create copies vpc.subnets into vpc.security_groups (a copy-paste slip): the security groups sent are lost',
  },
  {
    name: 'blind19-end-date-lte-milliseconds',
    description: "the action list end_date__lte compares the end date's milliseconds with the whole-second bound: an action ended in that second is left out",
  },
  {
    name: 'blind19-repository-in-use-port-host',
    description: "an image's repository is its name cut at the first colon: a repository on a registry host:port is never in_use",
  },
  {
    name: 'blind19-stopped-count-includes-terminated',
    description: "a service's stopped_num_containers counts every container it ever had that is not Running: terminated ones count as stopped",
  },
]);
