/** Container ↔ network attachment: endpoints, addresses while running, and the network events. */
import { randomBytes } from 'node:crypto';
import type { Container, Endpoint } from './container.ts';
import type { Engine } from './engine.ts';
import type { Network } from './networks.ts';
import { effective } from '../field-faults.ts';

/** The network a container joins at create, by its NetworkMode; none for `container:<id>`. */
export function defaultNetworkName(c: Container): string | undefined {
  if (c.config.NetworkDisabled) return 'none';
  const mode = c.hostConfig.NetworkMode;
  if (!mode || mode === 'default') return 'bridge';
  if (mode.startsWith('container:')) return undefined;
  return mode;
}

/**
 * The network a container joins at create under the faults that move it: `network-mode-bridge-unattached`
 * (an explicit bridge joins none) and `network-mode-custom-default-network` (a custom network without an
 * EndpointsConfig entry for it joins bridge).
 */
export function joinedNetworkName(engine: Engine, c: Container, endpoints: Record<string, unknown>): string | undefined {
  const name = defaultNetworkName(c);
  if (c.hostConfig.NetworkMode === 'bridge' && engine.faults.has('network-mode-bridge-unattached')) return 'none';
  const custom = name !== undefined && !['bridge', 'none', 'host'].includes(name);
  if (custom && !(name in endpoints) && engine.faults.has('network-mode-custom-default-network')) return 'bridge';
  return name;
}

/** An endpoint added to a container that is not running has no NetworkID until a start joins it to the network (kept after). */
export function addEndpoint(c: Container, network: Network, config: Partial<Pick<Endpoint, 'Aliases' | 'Links' | 'IPAMConfig'>> = {}): Endpoint {
  const endpoint: Endpoint = {
    NetworkID: '',
    EndpointID: '',
    Gateway: '',
    IPAddress: '',
    IPPrefixLen: 0,
    MacAddress: '',
    Aliases: config.Aliases ?? null,
    Links: config.Links ?? null,
    IPAMConfig: config.IPAMConfig ?? null,
  };
  c.networks.set(network.Name, endpoint);
  return endpoint;
}

/** The container's name when each endpoint was last activated, shown after a rename under `blind11-network-container-name-stale`. */
const namesAtActivation = new WeakMap<Endpoint, string>();

export function nameAtActivation(endpoint: Endpoint): string | undefined {
  return namesAtActivation.get(endpoint);
}

/** Gives a running container's endpoint its address and announces the connection. */
export function activateEndpoint(engine: Engine, c: Container, name: string): void {
  const endpoint = c.networks.get(name);
  const network = engine.networks.resolve(name);
  if (!endpoint || !network) return;
  const address = engine.networks.allocateAddress(network, engine.faults.has('network-ipam-addresses-from-pool'));
  const requested = endpoint.IPAMConfig?.IPv4Address;
  Object.assign(endpoint, address, {
    NetworkID: network.Id,
    IPAddress: requested || address.IPAddress,
    EndpointID: randomBytes(32).toString('hex'),
    MacAddress: address.IPAddress ? configuredMac(engine, c, name) || macFor(requested || address.IPAddress) : '',
  });
  namesAtActivation.set(endpoint, c.name);
  networkEvent(engine, network, 'connect', c);
}

export function deactivateEndpoint(engine: Engine, c: Container, name: string): void {
  const endpoint = c.networks.get(name);
  const network = engine.networks.resolve(name);
  if (!endpoint || !network) return;
  Object.assign(endpoint, { EndpointID: '', Gateway: '', IPAddress: '', IPPrefixLen: 0, MacAddress: '' });
  networkEvent(engine, network, 'disconnect', c);
}

export function networkEvent(engine: Engine, network: Network, action: string, c?: Container): void {
  engine.events.emit({
    Type: 'network',
    Action: action,
    id: network.Id,
    attributes: { ...(c ? { container: c.id } : {}), name: network.Name, type: network.Driver },
  });
}

/** The create MacAddress, which the container's interface on its first network takes. */
function configuredMac(engine: Engine, c: Container, network: string): string {
  return network === defaultNetworkName(c) ? effective(engine.faults, 'MacAddress', c.config.MacAddress, '') : '';
}

/** The daemon's MAC scheme: 02:42 followed by the IPv4 address bytes. */
function macFor(ip: string): string {
  return ['02', '42', ...ip.split('.').map((o) => Number(o).toString(16).padStart(2, '0'))].join(':');
}
