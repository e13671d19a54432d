/**
 * Volumes and networks (1.22), and host ports, for checks: created under run-unique names and removed after the
 * check. The 1.18 absence checks create their subject through /v1.22 (`raw`), so that a /v1.18
 * request that answers success can only mean the 1.22 operation was served there.
 */
import { createServer, type AddressInfo } from 'node:net';
import { isJsonObject } from '../../../harness/protocol/json-value.ts';
import { expectItems, expectMembers } from '../../../harness/schema/members.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { CreatedContainer, EngineContext } from './context.ts';
import { LONG_SLEEP, sharedRunningContainer } from './lifecycle.ts';

export interface Volume {
  Name: string;
  Driver: string;
  Mountpoint: string;
}

export interface Network {
  Name: string;
  Id: string;
  Driver: string;
  IPAM: { Driver?: string; Config?: Array<Record<string, string>> | null; Options?: Record<string, string> | null };
  Containers: Record<string, Record<string, string>> | null;
  Options: Record<string, string> | null;
}

const V122 = '/v1.22';

/** The path of a 1.22 operation, whatever the version of the running suite. */
export function v122(path: string): string {
  return `${V122}${path}`;
}

/** A create body that sets nothing but a name. */
const bodyIsPlain = (body: Record<string, unknown>): boolean => Object.keys(body).every((k) => k === 'Name');

/** Creates a volume through /v1.22 and removes it after the check; returns its name. */
export async function createVolume(ctx: EngineContext, body: Record<string, unknown> = {}): Promise<Volume> {
  const name = (body.Name as string | undefined) ?? ctx.uniqueName('vol');
  const res = await ctx.api.raw('POST', v122('/volumes/create'), { json: { ...body, Name: name } });
  const said = `creating volume ${name} answered ${res.status}: ${res.text().trim().slice(0, 300)}`;
  // A body beyond the name is the check's subject: its refusal fails the check.
  if (res.status !== 201 && bodyIsPlain(body)) ctx.preconditionUnmet(said, 'engine/volumes/create/201-response-schema');
  if (res.status !== 201) ctx.fail(said, { expected: 201, actual: res.status });
  ctx.defer(async () => {
    await ctx.api.raw('DELETE', v122(`/volumes/${encodeURIComponent(name)}`));
  });
  return expectMembers(
    ctx,
    ctx.expectJson(res, 'volume create response'),
    { Name: 'string' },
    'volume create response',
    'engine/volumes/create/201-response-schema',
  ) as unknown as Volume;
}

/**
 * A volume that a container mounted and that container removed since (not with v=1: a named
 * volume outlives it): no container uses it any more. A refused container delete blocks the check.
 */
export async function volumeOfRemovedContainer(ctx: EngineContext): Promise<Volume> {
  const volume = await createVolume(ctx);
  const { id } = await ctx.createContainer({ cmd: ['true'], hostConfig: { Binds: [`${volume.Name}:/data`] } });
  await ctx.setUp(async () => {
    const removed = await ctx.api.delete(`/containers/${id}`);
    ctx.precondition(removed.status === 204, `DELETE of the container that mounted ${volume.Name} answered ${removed.status}`);
  }, 'engine/containers/delete/204-removed');
  return volume;
}

/**
 * How long a create naming a driver no plugin provides may take: a daemon may look for the plugin
 * for some 30 s (Docker retries its lookup) before it refuses.
 */
export const PLUGIN_LOOKUP_MS = 90_000;

/** Creates a network through /v1.22 and removes it after the check (disconnecting our containers first). */
export async function createNetwork(ctx: EngineContext, body: Record<string, unknown> = {}): Promise<{ id: string; name: string; res: HttpResponse }> {
  let created = await createNetworkIfAccepted(ctx, body);
  // A set-up's plain create tries once more after a server error before the check is blocked by it:
  // Podman has answered 500 ("route ip+net: no such network interface") while other networks came and went.
  if ('refused' in created && created.refused.status === 500 && bodyIsPlain(body)) created = await createNetworkIfAccepted(ctx, body);
  if ('refused' in created) {
    const { name, refused } = created;
    const said = `creating network ${name} answered ${refused.status}: ${refused.text().trim().slice(0, 300)}`;
    // A body beyond the name is the check's subject: its refusal fails the check.
    if (bodyIsPlain(body)) ctx.preconditionUnmet(said, 'engine/networks/create/201-response-schema');
    ctx.fail(said, { expected: 201, actual: refused.status });
  }
  return created as { id: string; name: string; res: HttpResponse };
}

/** A network create that a target may refuse (a driver's own limits): the refusal is returned, not failed. */
export async function createNetworkIfAccepted(
  ctx: EngineContext,
  body: Record<string, unknown>,
): Promise<{ id: string; name: string; res: HttpResponse } | { name: string; refused: HttpResponse }> {
  const name = (body.Name as string | undefined) ?? ctx.uniqueName('net');
  const res = await ctx.api.raw('POST', v122('/networks/create'), { json: { ...body, Name: name } });
  if (res.status !== 201) return { name, refused: res };
  const id = ctx.readId(res, 'network create response', 'engine/networks/create/201-response-schema');
  ctx.defer(async () => {
    await ctx.api.raw('DELETE', v122(`/networks/${id}`));
  });
  return { id, name, res };
}

export async function inspectNetwork(ctx: EngineContext, idOrName: string): Promise<Network> {
  const res = await ctx.api.raw('GET', v122(`/networks/${encodeURIComponent(idOrName)}`));
  ctx.precondition(res.status === 200, `inspecting network ${idOrName} answered ${res.status}`, 'engine/networks/inspect/200-response-schema');
  return expectMembers(
    ctx,
    ctx.expectJson(res, 'network inspect'),
    { IPAM: 'object' },
    'network inspect',
    'engine/networks/inspect/200-response-schema',
  ) as unknown as Network;
}

export async function listNetworks(ctx: EngineContext, filters?: Record<string, string[]>): Promise<Network[]> {
  const res = await ctx.api.raw('GET', v122('/networks'), filters ? { query: { filters: JSON.stringify(filters) } } : {});
  ctx.expectStatus(res, 200, `GET /networks${filters ? ` with filters ${JSON.stringify(filters)}` : ''}`);
  return expectItems(
    ctx,
    ctx.expectJson(res, 'network list'),
    { Name: 'string', Id: 'string' },
    'network list',
    'engine/networks/list/200-response-schema',
  ) as unknown as Network[];
}

export async function connect(ctx: EngineContext, network: string, container: string, endpointConfig?: Record<string, unknown>): Promise<HttpResponse> {
  return ctx.api.raw('POST', v122(`/networks/${network}/connect`), {
    json: { Container: container, ...(endpointConfig ? { EndpointConfig: endpointConfig } : {}) },
  });
}

export async function disconnect(ctx: EngineContext, network: string, container: string, force?: boolean): Promise<HttpResponse> {
  return ctx.api.raw('POST', v122(`/networks/${network}/disconnect`), { json: { Container: container, ...(force !== undefined ? { Force: force } : {}) } });
}

/**
 * The file's running container that the network checks connect to their own networks (a
 * container may be connected to several, and each check reads only its own network's entry).
 * It leaves `network` before the check removes the network: a forced disconnect, deferred here,
 * runs before the network's own removal (deferred earlier, run later). `own`: a running container
 * of the check's own instead (a second one on the network).
 */
export async function containerFor(ctx: EngineContext, network: string, own = false): Promise<CreatedContainer> {
  const container = own
    ? await ctx.runningContainer(['sleep', '300'], { networked: true })
    : await sharedRunningContainer(ctx, [...LONG_SLEEP], { networked: true });
  ctx.defer(async () => {
    await disconnect(ctx, network, container.id, true);
  });
  return container;
}

/**
 * Whether a container's endpoint object (an entry of NetworkSettings.Networks) shows `field` as its
 * schema types it: IPAMConfig an object, Links a list. One left out or null is the container
 * schema's breach, reported once by the judge of every exchange: the value given for it cannot be
 * compared, and the check says so instead of failing a second time for that cause.
 */
export function endpointShows(ctx: EngineContext, endpoint: Record<string, unknown> | undefined, field: 'IPAMConfig' | 'Links', network: string): boolean {
  const shown = endpoint?.[field];
  if (field === 'IPAMConfig' ? isJsonObject(shown) : Array.isArray(shown)) return true;
  ctx.cannotVerify(`the endpoint on ${network} shows ${field} as ${JSON.stringify(shown)}, not as its schema types it: the ${field} given cannot be compared`);
  return false;
}

/** The container ids attached to a network, per its inspect. */
export async function attachedContainers(ctx: EngineContext, network: string): Promise<string[]> {
  return Object.keys((await inspectNetwork(ctx, network)).Containers ?? {});
}

/** The pre-defined networks of a daemon (spec: "pre-defined network (e.g. bridge, host, none)"). */
export const PREDEFINED_NETWORKS = ['bridge', 'host', 'none'] as const;

/** The subnets this process has handed out: two checks side by side must not ask for the same one. */
const subnetsGiven = new Set<string>();

/** A subnet's pool and addresses in it: `range` (its upper half) and `aux` for an IPAM Config's IPRange and AuxAddress. */
export interface Subnet {
  subnet: string;
  gateway: string;
  host: string;
  range: string;
  aux: string;
  /** A unique local IPv6 /64 drawn with it, for a network that can give an endpoint an IPv6Address. */
  ipv6: { subnet: string; gateway: string; host: string };
}

/**
 * A /24 subnet unlikely to collide with other networks on the target, with its gateway and a host
 * address: in 10.200.0.0-10.249.255.0, above the pools daemons take their networks from. Podman's
 * default network is 10.88.0.0/16 and it gives new networks 10.89.0.0/24 upwards (Docker's pools are
 * in 172.16.0.0/12 and 192.168.0.0/16); a subnet drawn from all of 10/8 fell in Podman's now and
 * then, and the daemon refused the network ("subnet ... is already used"), failing the check.
 */
export function randomSubnet(): Subnet {
  let prefix: string;
  do prefix = `10.${200 + Math.floor(Math.random() * 50)}.${Math.floor(Math.random() * 256)}`;
  while (subnetsGiven.has(prefix));
  subnetsGiven.add(prefix);
  const [, second, third] = prefix.split('.');
  const v6 = `fd00:${second}:${third}:`;
  return {
    subnet: `${prefix}.0/24`,
    gateway: `${prefix}.1`,
    host: `${prefix}.10`,
    range: `${prefix}.128/25`,
    aux: `${prefix}.5`,
    ipv6: { subnet: `${v6}:/64`, gateway: `${v6}:1`, host: `${v6}:10` },
  };
}

/**
 * The IPAM Config of a network with both pools of `s`, so that an endpoint on it may ask for an
 * address of each (Docker refuses an IPv6Address on a network without an IPv6 pool).
 */
export function dualStackConfig(s: Subnet): Array<{ Subnet: string; Gateway: string }> {
  return [
    { Subnet: s.subnet, Gateway: s.gateway },
    { Subnet: s.ipv6.subnet, Gateway: s.ipv6.gateway },
  ];
}

/**
 * A host port for a check alone: one the kernel of the machine running the suite finds free, the
 * target's host too when the target is a local socket. A port drawn at random could be taken there
 * (a service, or another run publishing at the same time: the 1.18 and 1.22 runs, Docker's and
 * Podman's runs side by side), and the refused start would fail the check. For a remote target it
 * is as good as a random one.
 */
export async function freeHostPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '0.0.0.0', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return String(port);
}
