/**
 * Twenty-first batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-21.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_21_FAULTS = faultArea('blind', [
  {
    name: 'blind21-private-ip-node-local',
    description: "a container's private_ip is on its node's local bridge, not the overlay: it answers only containers on the same node",
  },
  {
    name: 'blind21-link-variables-image-prefix',
    description: "a service's link_variables are named after its image's repository (the default name), not the service's name",
  },
  {
    name: 'blind21-read-only-with-bindings-only',
    description: 'read_only is applied where the bindings are mounted: a container without bindings gets a writable root filesystem',
  },
  {
    name: 'blind21-cpu-shares-as-weight',
    description: 'cpu_shares is written unconverted into the cgroup v2 cpu.weight: fewer shares than the default weigh more than the default',
  },
  {
    name: 'blind21-sequential-boot-newest-first',
    description: 'sequential_deployment boots the containers newest first: each starts before the previous containers it links to',
  },
  {
    name: 'blind21-provider-available-lookup-by-name',
    description: "the availability check looks the provider up by name with the region's provider URI: none is found, every provider deploys",
  },
  {
    name: 'blind21-container-devices-reversed',
    description: "a container's devices are read back from the engine as container:host: each mapping shows its two paths swapped",
  },
]);
