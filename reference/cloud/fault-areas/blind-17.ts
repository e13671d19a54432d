/**
 * Seventeenth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-17.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_17_FAULTS = faultArea('blind', [
  {
    name: 'blind17-repository-update-echoes-body',
    description: 'PATCH of an external repository answers the stored repository merged with the body sent: the update response carries username and password',
  },
  {
    name: 'blind17-nodetype-name-filter-reads-label',
    description: "GET /nodetype/?name= compares the value with the node type's label (T2 Micro), not its name (t2.micro)",
  },
  {
    name: 'blind17-net-mode-read-from-pid',
    description: "a container's network namespace is chosen from the service's pid field, not its net field: net host alone gives a private network stack",
  },
  {
    name: 'blind17-action-logs-by-object',
    description: "GET /action/(uuid)/logs/ streams the logs of the newest action on the same object: an older action's logs show a later operation's lines",
  },
  {
    name: 'blind17-linked-to-service-omitempty',
    description: 'a service without links is answered without the linked_to_service field (an omit-if-empty encoding) instead of []',
  },
  {
    name: 'blind17-failed-work-left-in-progress',
    description: 'background work that fails (an OperationFailed) is reverted and logged but its action is never ended: it stays In progress, end_date null',
  },
]);
