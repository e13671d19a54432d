/** Networks (1.22): the pre-defined bridge, host and none, plus custom ones with simple IPAM. */
import { newId } from './ids.ts';

export interface IpamConfig {
  Subnet?: string;
  IPRange?: string;
  Gateway?: string;
  AuxAddress?: string;
}

export interface Network {
  Name: string;
  Id: string;
  Scope: string;
  Driver: string;
  IPAM: { Driver: string; Config: IpamConfig[]; Options: Record<string, string> };
  Options: Record<string, string>;
  Internal: boolean;
  predefined: boolean;
  /** The next host number handed out in the /16 (gateway is .1). */
  nextHost: number;
}

export const PREDEFINED_NETWORKS = ['bridge', 'host', 'none'] as const;

export class NetworkStore {
  private readonly byId = new Map<string, Network>();
  private readonly predefined: Network[];
  private nextSubnet = 18;

  /** @param optionPrefix `com.docker.network` in the docker profile. */
  constructor(optionPrefix: string) {
    const bridgeOptions: Record<string, string> = {
      [`${optionPrefix}.bridge.default_bridge`]: 'true',
      [`${optionPrefix}.bridge.enable_icc`]: 'true',
      [`${optionPrefix}.bridge.enable_ip_masquerade`]: 'true',
      [`${optionPrefix}.bridge.host_binding_ipv4`]: '0.0.0.0',
      [`${optionPrefix}.bridge.name`]: `${optionPrefix.split('.')[1]}0`,
      [`${optionPrefix}.driver.mtu`]: '1500',
    };
    this.predefined = [
      this.add('bridge', 'bridge', [{ Subnet: '172.17.0.0/16', Gateway: '172.17.0.1' }], bridgeOptions, true),
      this.add('host', 'host', [], {}, true),
      this.add('none', 'null', [], {}, true),
    ];
  }

  /** Puts back the pre-defined networks a DELETE removed (only a faulted daemon lets it). */
  restorePredefined(): void {
    for (const network of this.predefined) if (!this.byId.has(network.Id)) this.byId.set(network.Id, network);
  }

  create(opts: {
    Name: string;
    Driver?: string;
    IPAM?: { Driver?: string; Config?: IpamConfig[]; Options?: Record<string, string> };
    Options?: Record<string, string>;
    Internal?: boolean;
  }): Network {
    const config = opts.IPAM?.Config?.length ? opts.IPAM.Config : [this.allocateSubnet()];
    const network = this.add(opts.Name, opts.Driver || 'bridge', config, opts.Options ?? {}, false);
    network.IPAM.Driver = opts.IPAM?.Driver || 'default';
    network.IPAM.Options = opts.IPAM?.Options ?? {};
    network.Internal = opts.Internal ?? false;
    return network;
  }

  /** By full id, name, or unique id prefix. */
  resolve(idOrName: string): Network | undefined {
    const all = this.all();
    return (
      this.byId.get(idOrName) ??
      all.find((n) => n.Name === idOrName) ??
      (() => {
        const matches = all.filter((n) => n.Id.startsWith(idOrName));
        return matches.length === 1 ? matches[0] : undefined;
      })()
    );
  }

  all(): Network[] {
    return [...this.byId.values()];
  }

  delete(network: Network): void {
    this.byId.delete(network.Id);
  }

  /** An address for a new endpoint: `{ip, prefixLen, gateway}`; empty for host/null networks. */
  /** @param fromPool `network-ipam-addresses-from-pool`: a custom network's addresses and gateway come from 172.18.0.0/16, not its IPAM Config. */
  allocateAddress(network: Network, fromPool = false): { IPAddress: string; IPPrefixLen: number; Gateway: string } {
    if (fromPool && !network.predefined) return { IPAddress: `172.18.0.${++network.nextHost}`, IPPrefixLen: 16, Gateway: '172.18.0.1' };
    const subnet = network.IPAM.Config[0]?.Subnet;
    if (!subnet) return { IPAddress: '', IPPrefixLen: 0, Gateway: '' };
    const [base, len] = subnet.split('/');
    const octets = base!.split('.').map(Number);
    const host = ++network.nextHost;
    const ip = [octets[0], octets[1], Math.floor(host / 256) + (octets[2] ?? 0), host % 256].join('.');
    const gateway = network.IPAM.Config[0]?.Gateway || [octets[0], octets[1], octets[2], 1].join('.');
    return { IPAddress: ip, IPPrefixLen: Number(len ?? 16), Gateway: gateway };
  }

  private add(name: string, driver: string, config: IpamConfig[], options: Record<string, string>, predefined: boolean): Network {
    const network: Network = {
      Name: name,
      Id: newId(),
      Scope: 'local',
      Driver: driver,
      // Every documented IPAM Config field is present (spec: [{Subnet, IPRange, Gateway, AuxAddress}]).
      IPAM: { Driver: 'default', Config: config.map((c) => ({ Subnet: '', IPRange: '', Gateway: '', AuxAddress: '', ...c })), Options: {} },
      Options: options,
      Internal: false,
      predefined,
      nextHost: 1,
    };
    this.byId.set(network.Id, network);
    return network;
  }

  private allocateSubnet(): IpamConfig {
    const n = this.nextSubnet++;
    return { Subnet: `172.${n}.0.0/16`, Gateway: `172.${n}.0.1` };
  }
}
