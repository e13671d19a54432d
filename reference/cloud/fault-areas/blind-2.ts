/**
 * Second batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one rule of the Cloud Orchestration API document
 * (v1). What each breaks, with the spec sentence, is data in catalog/cloud/blind-faults-2.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_2_FAULTS = faultArea('blind', [
  {
    name: 'blind2-stack-terminate-skips-stopped',
    description: 'stack terminate terminates the running services of the stack but leaves its Stopped ones Stopped',
  },
  { name: 'blind2-stack-redeploy-date-kept', description: 'stack redeploy leaves deployed_datetime at the first deployment instead of the last one' },
  {
    name: 'blind2-stack-refused-create-kept',
    description: 'a stack create refused for an invalid service (400) still stores the stack, without services',
  },
  {
    name: 'blind2-container-started-date-first',
    description: 'container started_datetime keeps the time of the first start; a later start does not update it',
  },
  {
    name: 'blind2-running-container-terminate-refused',
    description: 'DELETE of a Running container is refused (409) although the state table allows terminate there',
  },
  {
    name: 'blind2-service-name-keeps-tag',
    description: 'service create without name takes the image name with its tag as name, the colon made a dash (nginx-1.9)',
  },
  { name: 'blind2-service-negative-target-accepted', description: 'service create and update accept target_num_containers -1 instead of refusing it' },
  {
    name: 'blind2-stopped-service-redeploy-refused',
    description: 'redeploy of a Stopped service is refused (409) although the state table allows it',
  },
  {
    name: 'blind2-deployed-cluster-deploy-accepted',
    description: 'deploy of a Deployed node cluster is accepted (202) although the state table allows only terminate',
  },
  {
    name: 'blind2-init-cluster-terminate-refused',
    description: 'DELETE of a node cluster in Init is refused (409) although the state table allows terminate there',
  },
  { name: 'blind2-cluster-destroyed-date-null', description: 'a terminated node cluster keeps destroyed_datetime null' },
  { name: 'blind2-cancel-stays-canceling', description: 'a canceled action stays Canceling for ever; it never reaches Canceled' },
  { name: 'blind2-canceled-retry-refused', description: 'retry of a Canceled action is refused (409); retry of Success and Failed actions still runs' },
  {
    name: 'blind2-end-date-lte-takes-unfinished',
    description: 'the action list end_date__lte filter lists In progress actions too (their null end date compares as 0)',
  },
  {
    name: 'blind2-nodetype-regions-filter-provider',
    description: "the node type list regions filter matches every node type of the region's provider, also those not offered in it",
  },
  { name: 'blind2-registry-get-by-name', description: 'GET registry/(host)/ looks the registry up by its name, so a GET by its host answers 404' },
  {
    name: 'blind2-repository-name-two-segments',
    description: 'GET, PATCH and DELETE of a repository read only the first two segments of its name (host/a of host/a/b)',
  },
  { name: 'blind2-exec-stopped-container-runs', description: 'exec on a Stopped container runs the command instead of refusing it' },
  {
    name: 'blind2-container-state-filter-with-service',
    description: 'the container list ignores state when service filters too (state alone still filters)',
  },
]);
