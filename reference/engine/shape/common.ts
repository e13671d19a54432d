/** Small shaping helpers shared by the container views. */
import { runtimeViewOf } from '../state/runtime-view.ts';
import type { Container, Endpoint } from '../state/container.ts';

export const ZERO_TIME = '0001-01-01T00:00:00Z';

export function isoTime(date: Date | undefined): string {
  return date ? date.toISOString() : ZERO_TIME;
}

export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

/** The endpoint object of NetworkSettings.Networks (inspect and list, 1.22). */
export function endpointView(e: Endpoint): Record<string, unknown> {
  return {
    IPAMConfig: e.IPAMConfig ?? {},
    Links: e.Links ?? [],
    Aliases: e.Aliases ?? [],
    NetworkID: e.NetworkID,
    EndpointID: e.EndpointID,
    Gateway: e.Gateway,
    IPAddress: e.IPAddress,
    IPPrefixLen: e.IPPrefixLen,
    IPv6Gateway: '',
    GlobalIPv6Address: '',
    GlobalIPv6PrefixLen: 0,
    MacAddress: e.MacAddress,
  };
}

/** @param primaryAddressing `blind8-networks-prefix-of-primary`: every network shows the primary one's IPPrefixLen and Gateway. */
export function networksView(c: Container, primaryAddressing = false): Record<string, unknown> {
  const primary = c.networks.get('bridge') ?? [...c.networks.values()][0];
  const addressing = (e: Endpoint): Endpoint => (primaryAddressing && primary ? { ...e, IPPrefixLen: primary.IPPrefixLen, Gateway: primary.Gateway } : e);
  return Object.fromEntries([...c.networks].map(([name, e]) => [name, endpointView(addressing(e))]));
}

/** Fault unstarted-empty-fields-omitted: the fields only a start sets, left out of a view (inspect or list item) while empty. */
export function omitEmptyStartFields(view: Record<string, unknown>): void {
  for (const field of ['HostnamePath', 'HostsPath', 'LogPath', 'ResolvConfPath']) if (view[field] === '') delete view[field];
  const networks = (view.NetworkSettings as { Networks?: Record<string, Record<string, unknown>> } | undefined)?.Networks ?? {};
  for (const endpoint of Object.values(networks)) if (endpoint.NetworkID === '') delete endpoint.NetworkID;
}

interface PortBinding {
  HostIp?: string;
  HostPort?: string;
}

/** Inspect's `Ports`: exposed and bound ports while running (as its run published them), `{}` otherwise. */
export function portMap(c: Container): Record<string, PortBinding[] | null> {
  if (!c.isRunning) return {};
  return runtimeViewOf(c)?.ports ?? {};
}

/** The list item's `Ports`: one entry per private port (and per binding). */
export function portList(c: Container): Array<Record<string, unknown>> {
  return Object.entries(portMap(c)).flatMap(([key, bindings]) => {
    const [port, type = 'tcp'] = key.split('/');
    const base = { PrivatePort: Number(port), Type: type };
    if (!bindings?.length) return [base];
    return bindings.map((b) => ({ ...base, IP: b.HostIp, PublicPort: Number(b.HostPort) }));
  });
}

/** `Up 3 seconds`, `Exited (0) 2 minutes ago`, `Created`, `Up 1 second (Paused)`, `Restarting (1) ...`. */
export function statusText(c: Container, now = new Date(), restartingAsExited = false): string {
  const { exitCode, startedAt, finishedAt } = c.state;
  const status = restartingAsExited && c.state.status === 'restarting' ? 'exited' : c.state.status;
  const since = (d: Date | undefined): string => humanDuration(now.getTime() - (d ?? now).getTime());
  switch (status) {
    case 'created':
      return 'Created';
    case 'running':
      return `Up ${since(startedAt)}`;
    case 'paused':
      return `Up ${since(startedAt)} (Paused)`;
    case 'restarting':
      return `Restarting (${exitCode}) ${since(finishedAt)} ago`;
    case 'dead':
      return 'Dead';
    default:
      return `Exited (${exitCode}) ${since(finishedAt)} ago`;
  }
}

/** Like the daemon's units.HumanDuration. */
export function humanDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 1) return 'Less than a second';
  if (seconds === 1) return '1 second';
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.floor(seconds / 60);
  if (minutes === 1) return 'About a minute';
  if (minutes < 60) return `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  if (hours === 1) return 'About an hour';
  if (hours < 48) return `${hours} hours`;
  return `${Math.floor(hours / 24)} days`;
}
