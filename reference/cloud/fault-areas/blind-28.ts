/**
 * Twenty-eighth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-28.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_28_FAULTS = faultArea('blind', [
  {
    name: 'blind28-container-volume-binding-rewritable-from-mode',
    description:
      "a container's binding shows rewritable as the engine mount's Mode == 'rw': a writable volume is mounted with mode '', so its binding shows false",
  },
  {
    name: 'blind28-high-availability-own-by-name-prefix',
    description: "HIGH_AVAILABILITY counts a node's containers of the service by name prefix '<name>-': the containers of a service web-api count as web's own",
  },
  {
    name: 'blind28-service-target-default-shown-null',
    description: 'a service created without target_num_containers stores null (the deploy uses 1): it shows target_num_containers null until one is set',
  },
  {
    name: 'blind28-entrypoint-drops-run-command',
    description:
      "the rule that an entrypoint set drops the command runs after the service's run_command was set: with both, containers run the entrypoint alone",
  },
  {
    name: 'blind28-stop-answered-after-stop',
    description: "service and container stop await the engine's stop in the request: the 202 comes once the containers are Stopped and the action ended",
  },
  {
    name: 'blind28-link-from-service-null',
    description: 'linked_to_service items are written from the stored link row (name and target only): from_service is null (linked_from_service unchanged)',
  },
  {
    name: 'blind28-start-creating-containers-201',
    description: 'a service start that creates containers (a first start, one below the target) answers 201 Created, not 202; a restart of stopped ones 202',
  },
]);
