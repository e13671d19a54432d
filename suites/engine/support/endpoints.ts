/**
 * A container's endpoint on a network, judged by what the network's addressing gives it: an
 * IPAddress inside the network's subnet and, where the check knows it, the network's gateway.
 * Spec: Resources > Container inspect, NetworkSettings.Networks (map from network name to endpoint
 * object with Gateway, IPAddress, ...).
 */
import type { EngineContext } from './context.ts';
import { inspectNetwork } from './resources.ts';

type Json = Record<string, unknown>;

const asJson = (value: unknown): Json => (value !== null && typeof value === 'object' ? (value as Json) : {});

/** The 32-bit value of a dotted IPv4 address; undefined for anything else. */
function ipv4(address: unknown): number | undefined {
  if (typeof address !== 'string') return undefined;
  const parts = address.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

/** Whether `address` is an IPv4 address inside `cidr` (an IPv4 subnet such as 10.1.2.0/24). */
export function ipv4InSubnet(address: unknown, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const ip = ipv4(address);
  const net = ipv4(base);
  const length = Number(bits);
  if (ip === undefined || net === undefined || !Number.isInteger(length) || length < 0 || length > 32) return false;
  const size = 2 ** (32 - length);
  return Math.floor(ip / size) === Math.floor(net / size);
}

/** The IPv4 subnets of a network's IPAM Config (its IPv6 pools aside). */
export async function ipv4Subnets(ctx: EngineContext, network: string): Promise<string[]> {
  const config = (await inspectNetwork(ctx, network)).IPAM.Config ?? [];
  return config.map((c) => c.Subnet).filter((s): s is string => typeof s === 'string' && ipv4(s.split('/')[0]) !== undefined);
}

/** The endpoint objects of a container's inspect, by network name (1.22 NetworkSettings.Networks). */
export async function endpointsOf(ctx: EngineContext, id: string): Promise<Record<string, Json>> {
  const networks = asJson(asJson((await ctx.inspect(id)).NetworkSettings).Networks);
  return Object.fromEntries(Object.entries(networks).map(([name, endpoint]) => [name, asJson(endpoint)]));
}

/**
 * Verifies that the running container `id` has an endpoint on `network` whose IPAddress is inside
 * one of `subnets` and, when `gateway` is given, whose Gateway is it.
 */
export async function expectEndpointInSubnet(
  ctx: EngineContext,
  id: string,
  network: string,
  subnets: string[],
  judged: { what: string; requirement: string; gateway?: string },
): Promise<void> {
  const endpoints = await endpointsOf(ctx, id);
  const { what, requirement, gateway } = judged;
  ctx.expect(network in endpoints, `${what}: inspect NetworkSettings.Networks has ${network}`, {
    expected: network,
    actual: Object.keys(endpoints),
    requirement,
  });
  const endpoint = endpoints[network]!;
  ctx.expect(
    subnets.some((s) => ipv4InSubnet(endpoint.IPAddress, s)),
    `${what}: its IPAddress on ${network} is inside the network's subnet`,
    { expected: subnets, actual: endpoint.IPAddress, requirement },
  );
  if (gateway !== undefined) ctx.expectEqual(endpoint.Gateway, gateway, `${what}: its Gateway on ${network} is the network's Gateway`, requirement);
}
