import type { CloudTeeth } from './types.ts';

/**
 * Thirty-fourth blind batch (reference/cloud/fault-areas/blind-34.ts, catalog/cloud/blind-faults-34.json): 5 of 7 caught by a
 * check of their requirement at first, 1 caught elsewhere, 1 missed (since mended).
 */
export const blind34Teeth: CloudTeeth[] = [
  // The actions named under /api/audit/action/ fail the action's shape; the list under /api/audit/v1/ answers 404, which
  // json-responses reports as the v1 segment's breach.
  { fault: 'blind34-audit-unversioned', catches: ['cloud/actions/header-on-creating-responses', 'cloud/http/json-responses'] },
  { fault: 'blind34-action-in-progress-title-case', catches: ['cloud/actions/async-202-in-progress'] },
  { fault: 'blind34-retry-success-replayed', catches: ['cloud/states/action/success-allows-retry'] },
  // Missed at first: new nodes were judged on a scale-up of the service's cluster only; now also on a cluster deployed while
  // it runs, carrying its tag.
  { fault: 'blind34-every-node-deployed-cluster-skipped', catches: ['cloud/deployment/every-node-new-nodes'] },
  { fault: 'blind34-az-get-cached-by-region', catches: ['cloud/az/get/returns-az'] },
  { fault: 'blind34-exit-code-string', catches: ['cloud/container/get/exit-code'] },
  // Caught elsewhere: the suite spells the field as the sample does, cgroup_parent (schemas/cloud/v1/service.json), so a service
  // shown without it fails the shape checks. cgroup-parent-applied ends unverified: the create body table does not list the
  // field, and a target may ignore it.
  { fault: 'blind34-service-cgroup-name', catches: ['cloud/service/create/returns-service', 'cloud/service/get/returns-service'] },
];
