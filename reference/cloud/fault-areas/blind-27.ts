/**
 * Twenty-seventh batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-27.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_27_FAULTS = faultArea('blind', [
  {
    name: 'blind27-pid-host-only-with-net-host',
    description: "the engine's PidMode is set in the branch that sets NetworkMode host: a container with pid host and net bridge gets a private PID namespace",
  },
  {
    name: 'blind27-retried-action-cancel-refused',
    description:
      'the running job of a retried execution is registered under the uuid of the action it retries: cancel of the new In progress action answers 409',
  },
  {
    name: 'blind27-nodetype-get-dotted-name-404',
    description:
      'the one-node-type route matches a name without dots only (a [^/.]+ lookup pattern): GET /nodetype/aws/t2.micro/ answers 404 while the list names it',
  },
  {
    name: 'blind27-sync-action-finished-late',
    description:
      "a synchronous call's action is written In progress and ended Success or Failed by the audit writer's next flush (300 ms later), after the answer",
  },
  {
    name: 'blind27-node-get-cached',
    description:
      'GET of one node answers from a cache filled at its first GET and emptied on a state change only: a later nickname, tags or container count are not seen',
  },
  {
    name: 'blind27-cluster-nickname-default-slug',
    description:
      "a node cluster created without nickname gets its name as a hostname label (lowercased, other characters dashes): 'Prod Web' shows nickname 'prod-web'",
  },
  {
    name: 'blind27-cluster-patch-empty-tags-kept',
    description: 'node cluster PATCH applies tags only when the list sent is not empty: tags [] leaves the cluster and its nodes with their old tags',
  },
]);
