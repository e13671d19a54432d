/**
 * Thirty-fourth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-34.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_34_FAULTS = faultArea('blind', [
  {
    name: 'blind34-audit-unversioned',
    description:
      'the REST audit subsystem is mounted at /api/audit/ without its version segment: actions are served and named ' +
      '(resource_uri, X-Vendor-Action-URI) under /api/audit/action/; /api/audit/v1/ answers 404',
  },
  {
    name: 'blind34-action-in-progress-title-case',
    description: 'an action being executed is shown with the state label "In Progress" (title case); the stored state and the state filter keep "In progress"',
  },
  {
    name: 'blind34-retry-success-replayed',
    description:
      'retry of a Success action is answered from its recorded outcome (an idempotent replay): a new action, ' +
      'ended Success at once, and the operation does not run again',
  },
  {
    name: 'blind34-every-node-deployed-cluster-skipped',
    description: 'only the nodes a cluster scale-up adds get a container of the running EVERY_NODE services: the nodes of a newly deployed cluster get none',
  },
  {
    name: 'blind34-az-get-cached-by-region',
    description: 'GET of one availability zone is cached by provider and region: the first zone read in a region is answered for every zone of it',
  },
  {
    name: 'blind34-service-cgroup-name',
    description:
      'the service resource spells cgroup_parent as the attribute table does, cgroup_name: create reads ' +
      'cgroup_name (cgroup_parent is ignored) and services show cgroup_name',
  },
  {
    name: 'blind34-exit-code-string',
    description: 'a container\'s exit_code is read from the engine\'s status text ("Exited (137)"): a string ("137", "0"), null until an exit',
  },
]);
