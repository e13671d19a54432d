/**
 * Thirty-third batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-33.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_33_FAULTS = faultArea('blind', [
  {
    name: 'blind33-worker-ended-action-not-user-action',
    description: 'the worker that ends asynchronous work writes the action with its own origin: an ended start or deploy shows is_user_action false',
  },
  {
    name: 'blind33-stack-get-services-embedded',
    description: 'GET of one stack embeds the full service objects in services in place of their URIs (the list and the create answer keep URIs)',
  },
  {
    name: 'blind33-cluster-uuid-hex',
    description: 'node cluster objects show their uuid in hex form (no dashes), resource_uri the dashed one: GET /nodecluster/<uuid>/ answers 404',
  },
  {
    name: 'blind33-az-list-available-missing',
    description: 'the availability zone list answers each zone with a summary serializer that has no available field (GET of one zone still has it)',
  },
  {
    name: 'blind33-binding-container-path-from-host-path',
    description: 'a binding with host_path and neither container_path nor volumes_from is accepted, its container_path taken to be its host_path',
  },
  {
    name: 'blind33-stack-service-sequential-default-true',
    description: 'stack create reads its service items with the stack file default sequential_deployment true: a stack service sent without it shows true',
  },
  {
    name: 'blind33-scale-counts-running-only',
    description: 'scale compares the target with the Running containers only: a service with a Stopped container gets one container more than its target',
  },
]);
