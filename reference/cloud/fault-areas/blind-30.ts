/**
 * Thirtieth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-30.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_30_FAULTS = faultArea('blind', [
  {
    name: 'blind30-user-path-joined-to-image-path',
    description:
      "a container_envvars PATH is merged as a search path in front of the image's PATH (PATH=<user's>:<image's>) instead of replacing it; other keys override",
  },
  {
    name: 'blind30-action-logs-dropped-with-object',
    description:
      'action logs are kept with the record of their object and dropped when it is terminated: the logs stream of any action on a Terminated object is empty',
  },
  {
    name: 'blind30-envvar-keyless-item-dropped',
    description:
      'container_envvars is turned into a key→value map with items without key skipped: such an item is dropped without a word (201) instead of refused',
  },
  {
    name: 'blind30-restarted-container-stop-refused',
    description: 'container stop tests "already stopped" on stopped_datetime: a Running container that was stopped once and started again answers 409 to stop',
  },
  {
    name: 'blind30-unreachable-node-terminate-fails',
    description:
      'terminate of an Unreachable node is accepted (202) but its work first stops its containers through its engine daemon: it ends Failed, node Unreachable',
  },
  {
    name: 'blind30-async-action-location-null',
    description:
      "the caller's location is written where a synchronous call's action is ended: an asynchronous action's location stays null, In progress and ended",
  },
  {
    name: 'blind30-unknown-object-call-unrecorded',
    description: "a handler's 404 (the object a call names is unknown) is taken for an unknown endpoint's: the call records no action (none listed, no header)",
  },
]);
