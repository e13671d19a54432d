/**
 * This host's network interfaces, for NetworkMode host (Resources > HostConfig NetworkMode): a
 * container on the host's network stack shows them in /sys/class/net, with their MAC addresses,
 * when the target runs on this host.
 */
import { networkInterfaces } from 'node:os';

/** Interface name → MAC address (lower case). */
export type InterfaceMacs = Map<string, string>;

const NO_MAC = '00:00:00:00:00:00';

/** This host's interfaces besides loopback that have a MAC address (of those node:os lists: the ones with an address). */
export function hostInterfaceMacs(): InterfaceMacs {
  const found: InterfaceMacs = new Map();
  for (const [name, addresses] of Object.entries(networkInterfaces())) {
    const first = addresses?.[0];
    if (first && !first.internal && first.mac !== NO_MAC) found.set(name, first.mac.toLowerCase());
  }
  return found;
}

/**
 * The interfaces two readings of the host show alike: one made or removed in between (another
 * container's, while checks run side by side) is left out.
 */
export function stableInterfaces(before: InterfaceMacs, after: InterfaceMacs): InterfaceMacs {
  return new Map([...before].filter(([name, mac]) => after.get(name) === mac));
}

/** Prints a line `<name> <MAC address>` per interface of the container's network namespace. */
export const INTERFACE_MACS_SCRIPT = 'for i in $(ls /sys/class/net); do echo "$i $(cat /sys/class/net/$i/address)"; done';

/** The interfaces INTERFACE_MACS_SCRIPT printed. */
export function printedInterfaces(out: string): InterfaceMacs {
  const found: InterfaceMacs = new Map();
  for (const line of out.split('\n')) {
    const [name, mac, ...rest] = line.trim().split(/\s+/);
    if (name && mac && rest.length === 0) found.set(name, mac.toLowerCase());
  }
  return found;
}

/** Whether `shown` has every interface of `host`, each with the host's MAC address (false for an empty `host`). */
export function showsInterfaces(shown: InterfaceMacs, host: InterfaceMacs): boolean {
  return host.size > 0 && [...host].every(([name, mac]) => shown.get(name) === mac);
}
