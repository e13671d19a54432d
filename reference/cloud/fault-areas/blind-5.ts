/**
 * Fifth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one rule of the Cloud Orchestration API document
 * (v1). What each breaks, with the spec sentence, is data in catalog/cloud/blind-faults-5.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_5_FAULTS = faultArea('blind', [
  {
    name: 'blind5-list-negative-offset-from-end',
    description: 'list envelopes accept a negative offset (offset=-k answers 200) and page from the end, as a negative slice index does',
  },
  {
    name: 'blind5-namespace-create-in-own',
    description: "a create (POST to a collection) under an organization namespace segment stores the object in the caller's own namespace",
  },
  { name: 'blind5-auth-empty-key-accepted', description: 'REST Basic authentication with a known username and an empty API key is accepted as that user' },
  {
    name: 'blind5-action-success-retry-refused',
    description: 'retry of an action in state Success is refused (409): only Failed and Canceled actions are taken as retriable',
  },
  {
    name: 'blind5-stack-stopped-redeploy-refused',
    description: 'redeploy of a Stopped stack is refused (409): the stack table lets only Running and Partly running stacks redeploy',
  },
  {
    name: 'blind5-service-partly-running-stop-refused',
    description: 'stop of a Partly running service is refused (409): only Running services are taken as stoppable',
  },
  {
    name: 'blind5-node-upgrading-terminate-accepted',
    description: 'terminate of an Upgrading node is accepted (202): the refusal lists Deploying, Terminating and Terminated only',
  },
  {
    name: 'blind5-container-logs-follow-false-tail-dropped',
    description: 'container log streams with follow=false close at once without the tail (the tail is sent on the follow path only)',
  },
]);
