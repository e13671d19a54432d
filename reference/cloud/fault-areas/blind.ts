/**
 * Faults written without reading the checks: each one is a bug a real implementation plausibly
 * has, at the point of one rule of the Cloud Orchestration API document (v1). What each breaks,
 * with the spec sentence, is data in catalog/cloud/blind-faults.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_FAULTS = faultArea('blind', [
  { name: 'blind-action-log-timestamp-ms', description: 'action log lines carry timestamp in Unix milliseconds instead of seconds' },
  {
    name: 'blind-action-state-filter-failed-ignored',
    description: 'the action list ignores state=Failed (every action is listed); other state values still filter',
  },
  { name: 'blind-end-date-filter-reads-start', description: 'the action list end_date__gte and end_date__lte filters compare start_date' },
  { name: 'blind-include-related-stack-no-containers', description: 'include_related of a stack takes in its services but not their containers' },
  { name: 'blind-include-related-node-no-cluster', description: 'include_related of a node takes in the node only, not its node cluster' },
  { name: 'blind-failed-not-retriable-flag', description: 'Failed actions show can_be_retried false although retry of them is accepted' },
  { name: 'blind-region-zones-of-provider', description: 'regions list the availability zones of every region of their provider, not only their own' },
  { name: 'blind-cluster-nickname-empty', description: 'node cluster create without nickname shows nickname "" instead of the name' },
  { name: 'blind-cluster-target-default-0', description: 'node cluster create without target_num_nodes defaults it to 0 instead of 1' },
  { name: 'blind-cluster-scale-down-ignored', description: 'PATCH target_num_nodes below the live node count sets the target but terminates no node' },
  { name: 'blind-cluster-terminate-keeps-nodes', description: 'DELETE of a node cluster ends the cluster Terminated but leaves its nodes Deployed' },
  {
    name: 'blind-health-check-stays-unreachable',
    description: 'health-check of an Unreachable node leaves it Unreachable although its engine daemon answers again',
  },
  {
    name: 'blind-unreachable-node-upgrade-allowed',
    description: 'vendor-upgrade of an Unreachable node is accepted although the state table allows only health-check and terminate',
  },
  {
    name: 'blind-node-version-filter-initial',
    description: 'the node list vendor_version filter matches the engine version the node was deployed with, not its current one',
  },
  {
    name: 'blind-registry-vendor-filter-false-all',
    description: 'the registry list ignores is_vendor_registry=false (every registry is listed); true still filters',
  },
  { name: 'blind-repository-never-in-use', description: 'external repositories show in_use false even while a service of the caller uses their image' },
  { name: 'blind-stack-stop-skips-last', description: 'stack stop stops every service of the stack but the last one, which keeps running' },
  {
    name: 'blind-stack-redeploy-reuse-default-false',
    description: 'stack redeploy without reuse_volumes gives the containers new volumes (default false instead of true)',
  },
  {
    name: 'blind-service-scale-down-ignored',
    description: 'scale (also start and redeploy) of a service to a target below its live containers removes none of them',
  },
  { name: 'blind-service-tags-appended', description: 'PATCH tags of a service adds the tags to its list instead of replacing the list' },
  { name: 'blind-stopped-count-zero', description: 'stopped_num_containers of a service stays 0 whatever its containers do' },
  { name: 'blind-partly-running-start-refused', description: 'start of a Partly running service is refused (409) although the state table allows it' },
  {
    name: 'blind-stopped-container-stop-accepted',
    description: 'stop of a Stopped container is accepted (202) although the state table allows only start and terminate',
  },
  { name: 'blind-container-name-filter-prefix', description: 'the container list name filter matches every container whose name starts with the value' },
  { name: 'blind-list-offset-skips-one', description: 'list pages after the first start one object late (offset+1), so paging through a list misses objects' },
  { name: 'blind-logs-tail-off-by-one', description: 'log streams with tail=n send the last n-1 lines' },
  { name: 'blind-service-log-source-service', description: 'service log lines name in source the service instead of the container that wrote the line' },
  { name: 'blind-auth-key-unchecked', description: 'REST requests with Basic credentials of a known user are served whatever the API key' },
  { name: 'blind-date-gmt-zone', description: 'REST date-time fields end in the zone name GMT instead of a numeric zone offset' },
]);
