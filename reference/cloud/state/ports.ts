/** Service and container ports in their JSON form: names, endpoints and URI protocols. */
import type { PortSpec } from './model.ts';

const PORT_NAMES: Record<number, string> = {
  22: 'ssh',
  80: 'http',
  443: 'https',
  3306: 'mysql',
  5432: 'postgresql',
  6379: 'redis',
  8080: 'http-alt',
  27017: 'mongodb',
};

export function uriProtocol(p: PortSpec): string {
  if (p.protocol === 'udp') return 'udp';
  if (p.inner_port === 443) return 'https';
  return p.inner_port === 80 || p.inner_port === 8080 ? 'http' : 'tcp';
}

/** outerPorts: the allocated outer ports (containers) or the requested ones (services). */
export function portsJson(
  ports: readonly PortSpec[],
  outerPorts: readonly (number | null)[],
  host: string,
  withUriProtocol: boolean,
): Record<string, unknown>[] {
  return ports.map((p, i) => {
    const outer = outerPorts[i] ?? null;
    const json: Record<string, unknown> = {
      protocol: p.protocol,
      inner_port: p.inner_port,
      outer_port: outer,
      port_name: PORT_NAMES[p.inner_port] ?? '',
      endpoint_uri: p.published && outer !== null ? `${uriProtocol(p)}://${host}:${outer}/` : '',
      published: p.published,
    };
    if (withUriProtocol) json.uri_protocol = uriProtocol(p);
    return json;
  });
}
