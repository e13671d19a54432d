/**
 * Named faults of what a field means beyond its type (judge 2148): a node's cpu, memory and public_ip
 * against the node they describe; a variation the spec allows in a container's name; a default shown but not applied.
 */
import { faultArea } from '../../faults.ts';

/** Infra: a node's hardware fields against the node itself (what a container on it sees). */
export const NODE_FIELD_FAULTS = faultArea('infra', [
  {
    name: 'node-memory-in-bytes',
    description: "a node's memory shows the engine's MemTotal in bytes (1073741824 for a 1024 MB node), not MB; the node itself is unchanged",
  },
  {
    name: 'node-cpu-as-shares',
    description: "a node's cpu shows its CPU shares, 1024 per CPU (1024 for a 1-CPU node), not the number of CPUs; the node itself is unchanged",
  },
  { name: 'node-public-ip-fqdn', description: "a node's public_ip shows its external_fqdn (a host name), not an IP address" },
]);

/** Services: a variation the spec allows in the name a container inherits. */
export const CONTAINER_NAME_FAULTS = faultArea('services', [
  {
    name: 'containers-named-as-service',
    description:
      'every container is named exactly as its service (no -1, -2 suffix): a variation the spec allows (a container\'s name is "inherited from ' +
      'the service", nowhere said to differ between containers), so its service log lines all carry the service\'s name as source',
  },
]);

/** Services: a default the service shows, which its deployment does not follow. */
export const DEFAULT_EFFECT_FAULTS = faultArea('services', [
  {
    name: 'sequential-default-true-at-deploy',
    description:
      'the deployer reads a sequential_deployment the create did not send as true: the service shows false, yet its containers deploy in ' +
      'sequence, each linked to the previous ones (until a PATCH sends the flag)',
  },
]);
