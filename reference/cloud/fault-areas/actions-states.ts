/**
 * Named faults of the cloud reference service that break the rules of actions and of the state
 * tables (the other areas are in ../fault-areas.ts).
 */
import { faultArea } from '../../faults.ts';

/** Actions: the 202 and action header of asynchronous operations, action objects, cancel and retry. */
export const ACTION_FAULTS = faultArea('actions', [
  { name: 'no-action-header', description: 'responses that create an action carry no X-Vendor-Action-URI header' },
  { name: 'async-returns-200', description: 'asynchronous operations answer 200 instead of 202 Accepted' },
  { name: 'action-stuck-in-progress', description: 'asynchronous actions never leave In progress (the work itself completes)' },
  {
    name: 'app-action-created-success',
    description: 'asynchronous operations of services, stacks and containers create their action Success at once, while the work still runs',
  },
  {
    name: 'cluster-update-action-created-success',
    description: 'a node cluster PATCH creates its action Success at once, while the scale it applies still runs',
  },
  { name: 'cancel-finished-action-allowed', description: 'cancel of a Success or Failed action is accepted and turns it Canceled' },
  { name: 'retry-in-progress-allowed', description: 'retry of an In progress action starts a new execution instead of being rejected' },
  { name: 'action-end-date-at-read', description: 'an ended action shows as end_date the time it is read, not when its processing ended' },
  { name: 'action-logs-follow-false-tail-dropped', description: 'the action logs stream with follow=false closes at once, without the tail' },
  { name: 'action-logs-tail-default-100', description: 'the action logs stream opened without tail sends the last 100 lines (tail defaults to 100, not 300)' },
  { name: 'action-missing-fields', description: 'action objects lack the location and can_be_retried fields' },
  {
    name: 'action-start-date-first-call',
    description: 'an action carries as start_date the date of the first call made on its object, not of its own call',
  },
  { name: 'cancel-refused', description: 'cancel is refused (409) in every state, also In progress' },
  {
    name: 'cancel-deploy-keeps-working',
    description:
      'service starts say can_be_canceled false (their cancel is refused 409); a canceled node cluster deploy ends ' +
      'Canceled while its work runs on: the cluster ends Deployed',
  },
  {
    name: 'cancel-never-offered',
    description: 'every action says can_be_canceled false and its cancel is refused (409), In progress too: the target cancels nothing',
  },
  { name: 'retry-refused', description: 'retry is refused (409) in every state, also Success, Failed and Canceled' },
  { name: 'cancel-canceled-allowed', description: 'cancel of a Canceled action is accepted (202)' },
  { name: 'cancel-canceling-allowed', description: 'cancel of a Canceling action is accepted (202)' },
  { name: 'retry-canceling-allowed', description: 'retry of a Canceling action is accepted (202) and starts nothing' },
  { name: 'failed-action-no-logs', description: 'an action that fails logs nothing (its logs stream is empty)' },
  { name: 'failed-call-action-success', description: 'a refused synchronous call records its action Success instead of Failed' },
  { name: 'patch-actions-unlisted', description: 'the action list leaves out the actions of PATCH calls (a GET of their URI still finds them)' },
  {
    name: 'get-recorded-without-header',
    description:
      'a read (GET) is recorded as an action, as every call is, but its answer does not name it in X-Vendor-Action-URI ' +
      '(only the calls that change something name theirs)',
  },
  {
    name: 'reads-not-recorded',
    description: 'only the calls that change something are recorded as actions: a read (GET) records none (and its answer names none)',
  },
  { name: 'action-end-date-is-start', description: 'an asynchronous action ends with its start_date as end_date, not when its processing ended' },
  {
    name: 'stop-answered-after-work',
    description:
      'service and container stop answer 202 only once their work is over (the containers Stopped, the action ended), ' +
      'with the object as it was when the stop began (Stopping)',
  },
  {
    name: 'async-call-recorded-twice',
    description: 'an asynchronous call is recorded as two actions: one of the HTTP call, ended Success at once, and one of its work',
  },
]);

/** States: the state tables of clusters, nodes, services, stacks and containers, and what operations do to them. */
export const STATE_FAULTS = faultArea('states', [
  { name: 'stopped-service-rejects-start', description: 'start of a Stopped service is rejected (409) although the state table allows it' },
  {
    name: 'running-service-allows-start',
    description: 'start of a Running service is accepted although the state table allows only stop, redeploy, terminate',
  },
  { name: 'terminate-reversible', description: 'a Terminated service can be started again' },
  { name: 'deployed-node-allows-health-check', description: 'health-check of a Deployed node is accepted although only Unreachable allows it' },
  { name: 'every-node-scalable', description: 'a service with the EVERY_NODE strategy can be scaled manually' },
  { name: 'every-node-update-allowed', description: 'a service can be updated to or from the EVERY_NODE strategy' },
  { name: 'cluster-tags-not-propagated', description: 'PATCH tags of a node cluster replaces the cluster tags but not those of its nodes' },
  { name: 'cluster-tags-first-node-only', description: 'PATCH tags of a node cluster replaces the tags of the cluster and of its first node only' },
  {
    name: 'cluster-patch-resets-absent',
    description: 'PATCH of a node cluster resets the optional fields its body leaves out: tags to [] and target_num_nodes to 1 (and scales to it)',
  },
  {
    name: 'cluster-delete-forgets-nodes',
    description: 'DELETE of a node cluster empties its nodes list and terminates the cluster alone: its nodes stay Deployed',
  },
  { name: 'terminated-cluster-deployable', description: 'deploy of a Terminated node cluster is accepted although the state table allows nothing there' },
  {
    name: 'terminated-cluster-patch-scales',
    description:
      'PATCH of a Terminated node cluster is let through (no state guard): a new target_num_nodes provisions nodes again and the cluster leaves Terminated',
  },
  {
    name: 'terminated-service-patch-scales',
    description:
      'PATCH of a Terminated service is let through (no state guard) and a new target_num_containers is applied at once: the service is scaled back up',
  },
  {
    name: 'terminated-stack-patch-scales',
    description: 'PATCH of a Terminated stack is let through (no state guard): an item naming one of its terminated services scales it back up to a new target',
  },
  { name: 'reuse-volumes-ignored', description: 'redeploy with reuse_volumes=true still gives the containers new volumes' },
  {
    name: 'redeploy-volume-data-dropped',
    description:
      'redeploy with reuse_volumes true (the default) keeps the volumes the containers show, but recreates them empty: the data written there is lost',
  },
  { name: 'autorestart-ignored', description: 'containers that exit are never restarted, whatever autorestart says' },
  {
    name: 'service-delete-keeps-volume',
    description: 'volumes are kept after a service DELETE, by service name and path: a new service of that name mounts the old volume, data included',
  },
  {
    name: 'container-delete-keeps-data',
    description: "a container DELETE keeps its volume's data on the node: the container deployed in its place shows a new volume URI mounted on that data",
  },
  { name: 'container-terminate-reversible', description: 'a Terminated container can be started again' },
  {
    name: 'container-ops-whole-service',
    description: 'container start, stop and DELETE act on every container of its service in the same state, not only on the one named',
  },
  { name: 'redeploy-noop', description: 'service (and stack) redeploy is accepted and ends Success, but no container is deployed again' },
  { name: 'redeploy-keeps-old-config', description: "redeploy keeps the containers on their old configuration instead of the service's current one" },
  {
    name: 'redeploy-config-first-container-only',
    description: "service redeploy gives the service's current configuration to its first container only; the others are deployed again on their old one",
  },
  { name: 'states-not-enforced', description: 'operations a state does not allow are accepted and run anyway' },
  { name: 'service-counters-stale', description: 'running_num_containers counts every container, running or not' },
  { name: 'node-nickname-update-ignored', description: 'PATCH nickname of a node is accepted and ignored' },
  { name: 'cluster-scale-ignored', description: 'PATCH target_num_nodes of a deployed cluster sets the target but never scales the cluster' },
  { name: 'node-container-count-stale', description: "a node's current_num_containers stays 0 whatever runs on it" },
  { name: 'upgrade-no-restart', description: 'the containers of an upgraded node are not restarted' },
  { name: 'upgrade-restarts-first-container-only', description: 'vendor-upgrade restarts only the first container on the node, not every one' },
  {
    name: 'cluster-terminate-aborts-work',
    description: 'terminate of a Deploying or Scaling node cluster is accepted and cuts the deploy or scale short (its action ends Failed at once)',
  },
  { name: 'cluster-create-not-init', description: 'a node cluster just created (never deployed) is shown Deployed instead of Init' },
  { name: 'exit-code-missing', description: 'exited containers keep exit_code null' },
  { name: 'node-tags-appended', description: 'PATCH tags of a node adds the tags to its list instead of replacing the list' },
  {
    name: 'node-patch-resets-omitted',
    description: 'PATCH of a node resets the optional fields its body leaves out: tags to [] and nickname to its default (external_fqdn)',
  },
  { name: 'service-create-starts', description: 'service create starts the service it creates' },
  { name: 'stack-create-starts', description: 'stack create starts the stack it creates' },
]);
