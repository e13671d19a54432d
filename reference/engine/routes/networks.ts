/** Endpoints 51-56 (1.22): networks. */
import { HttpError, type RouteContext, type Router } from '../http/router.ts';
import { checkFilterKeys } from '../http/query.ts';
import type { Engine } from '../state/engine.ts';
import type { Container, Endpoint } from '../state/container.ts';
import type { Network } from '../state/networks.ts';
import { activateEndpoint, addEndpoint, deactivateEndpoint, nameAtActivation, networkEvent } from '../state/network-endpoints.ts';
import { cachedRemoved, findContainer, resolvedAs } from './lookup.ts';
import { keepRemoved, missing, removedObjects, stillAnswered } from '../state/graveyard.ts';

const V122 = { versions: ['1.22' as const] };
const DRIVERS = ['bridge', 'overlay'];
/** The drivers of the pre-defined networks, which `blind5-network-type-filter-by-driver` takes for builtin-ness. */
const BUILTIN_DRIVERS = new Set(['bridge', 'host', 'null']);

/** A member's name; under `blind11-network-container-name-stale` the one recorded when its endpoint was activated. */
function memberName(c: Container, e: Endpoint, faults: RouteContext['faults']): string {
  return (faults.has('blind11-network-container-name-stale') && nameAtActivation(e)) || c.name;
}

/**
 * The `name=` filter: a part of the name matches. Under `blind-network-name-filter-exact` only the
 * whole name; under `blind19-network-name-filter-prefix` only a leading part, as ids are matched.
 */
function nameMatches(name: string, value: string, faults: RouteContext['faults']): boolean {
  if (faults.has('blind-network-name-filter-exact')) return name === value;
  if (faults.has('blind19-network-name-filter-prefix')) return name.startsWith(value);
  return name.includes(value);
}

/** Driver options without their `com.<vendor>.network.bridge.` or `.driver.` namespace (`bridge-options-bare-keys`). */
function bareKeys(options: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(options).map(([key, value]) => [key.replace(/^com\.[^.]+\.network\.(?:bridge|driver)\./, ''), value]));
}

/**
 * Under `blind31-bridge-mtu-bridge-namespace` the bridge driver reports every option under its own namespace: the generic
 * `com.<vendor>.network.driver.mtu` reads `com.<vendor>.network.bridge.mtu`; the other keys and the values are unchanged.
 */
function mtuUnderBridge(options: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(options).map(([key, value]) => [key.replace(/^(com\.[^.]+\.network)\.driver\.mtu$/, '$1.bridge.mtu'), value]));
}

export function registerNetworkRoutes(router: Router, engine: Engine): void {
  // Under `blind6-network-removed-found-by-name` a stale name index still maps a removed network's name to it.
  const removedByName = (ctx: RouteContext, ref: string): Network | undefined =>
    ctx.faults.has('blind6-network-removed-found-by-name') ? removedObjects<Network>(engine.networks).findLast((n) => n.Name === ref) : undefined;
  const find = (ctx: RouteContext): Network => {
    const network =
      engine.networks.resolve(ctx.params.id ?? '') ??
      stillAnswered<Network>(engine.networks, ctx.params.id ?? '', ctx.exchange) ??
      removedByName(ctx, ctx.params.id ?? '');
    const notFound = new HttpError(ctx.faults.has('network-missing-500') ? 500 : 404, `network ${ctx.params.id} not found`);
    if (!network) throw missing(engine.networks, ctx.params.id ?? '', ctx.faults, notFound);
    if (!resolvedAs(ctx, network.Id, ctx.params.id ?? '')) throw notFound;
    return network;
  };
  const view = (n: Network, withNames: boolean, faults: RouteContext['faults']): Record<string, unknown> => ({
    Name: n.Name,
    Id: n.Id,
    ...(faults.has('network-no-Scope') ? {} : { Scope: n.Scope }),
    Driver: n.Driver,
    IPAM: n.IPAM,
    Containers: Object.fromEntries(
      engine.containers
        .all()
        // Under `blind9-network-containers-any-member` every member is listed, with or without an endpoint (a container that is not running).
        .filter((c) => c.networks.get(n.Name)?.EndpointID || (c.networks.has(n.Name) && faults.has('blind9-network-containers-any-member')))
        .map((c) => {
          const e = c.networks.get(n.Name)!;
          const address = e.IPAddress ? `${e.IPAddress}/${e.IPPrefixLen}` : '';
          return [
            c.id,
            {
              ...(withNames && !faults.has('network-containers-no-Name') ? { Name: memberName(c, e, faults).slice(1) } : {}),
              EndpointID: e.EndpointID,
              MacAddress: e.MacAddress,
              IPv4Address: address,
              IPv6Address: '',
            },
          ];
        }),
    ),
    // Under `bridge-options-bare-keys` the pre-defined bridge network's options lose their `com.<vendor>.network.bridge.` or `.driver.` namespace.
    Options: faults.has('network-options-dropped')
      ? {}
      : faults.has('bridge-options-bare-keys') && n.predefined
        ? bareKeys(n.Options)
        : faults.has('blind31-bridge-mtu-bridge-namespace') && n.Driver === 'bridge'
          ? mtuUnderBridge(n.Options)
          : n.Options,
  });

  router.add(
    'GET',
    '/networks',
    (ctx) => {
      const filters = ctx.faults.has('networks-filters-ignored') ? new Map<string, string[]>() : ctx.filters();
      checkFilterKeys(filters, ['id', 'name', 'type']);
      for (const t of filters.get('type') ?? []) if (t !== 'custom' && t !== 'builtin') throw new HttpError(500, `Invalid filter: 'type'='${t}'`);
      const tests = (n: Network): Record<string, (v: string) => boolean> => ({
        // Under `blind34-network-id-filter-short-id` the id is matched against the 12-character short id the list prints.
        id: (v) =>
          ctx.faults.has('blind4-network-id-filter-exact')
            ? n.Id === v
            : (ctx.faults.has('blind34-network-id-filter-short-id') ? n.Id.slice(0, 12) : n.Id).includes(v),
        name: (v) => nameMatches(n.Name, v, ctx.faults),
        type: (v) => (v === 'builtin') === (ctx.faults.has('blind5-network-type-filter-by-driver') ? BUILTIN_DRIVERS.has(n.Driver) : n.predefined),
      });
      const given = [...filters.keys()].filter((key) => (filters.get(key) ?? []).length > 0);
      const keyMatches = (n: Network, key: string): boolean => filters.get(key)!.some(tests(n)[key]!);
      // Under `blind20-network-filters-any-key` a network is kept when one given key matches, not all of them.
      const orKeys = ctx.faults.has('blind20-network-filters-any-key') && given.length > 0;
      const list = engine.networks.all().filter((n) => (orKeys ? given.some((key) => keyMatches(n, key)) : given.every((key) => keyMatches(n, key))));
      ctx.sendJson(
        200,
        list.map((n) => emptyContainersNull(view(n, false, ctx.faults), ctx)),
      );
    },
    V122,
  );

  router.add(
    'GET',
    '/networks/{id}',
    (ctx) => ctx.sendJson(200, view(ctx.faults.has('network-inspect-newest') ? (engine.networks.all().at(-1) ?? find(ctx)) : find(ctx), true, ctx.faults)),
    V122,
  );

  router.add(
    'POST',
    '/networks/create',
    async (ctx) => {
      const body = await ctx.json<Parameters<Engine['networks']['create']>[0] & { CheckDuplicate?: boolean }>();
      if (!body.Name && !ctx.faults.has('network-name-optional')) throw new HttpError(500, 'network Name is mandatory');
      if (body.Driver && !DRIVERS.includes(body.Driver))
        throw new HttpError(ctx.faults.has('network-plugin-missing-500') ? 500 : 404, `plugin not found: network driver ${body.Driver}`);
      if (body.Internal && ctx.faults.has('network-internal-refused')) throw new HttpError(500, 'network create: Internal is not supported');
      const checkDuplicate = body.CheckDuplicate && !ctx.faults.has('network-check-duplicate-ignored');
      if (engine.networks.all().some((n) => n.Name === body.Name) && (checkDuplicate || engine.networks.resolve(body.Name)?.predefined)) {
        throw new HttpError(500, `network with name ${body.Name} already exists`);
      }
      if (ctx.faults.has('network-driver-default-overlay')) body.Driver ||= 'overlay';
      if (ctx.faults.has('network-ipam-config-ignored') && body.IPAM) body.IPAM = { ...body.IPAM, Config: [] };
      // Under `blind13-network-options-default-driver-dropped` the options reach only a driver the body names.
      if (ctx.faults.has('blind13-network-options-default-driver-dropped') && !body.Driver) delete body.Options;
      const network = engine.networks.create(body);
      networkEvent(engine, network, 'create');
      ctx.sendJson(201, ctx.faults.has('network-create-no-Warning') ? { Id: network.Id } : { Id: network.Id, Warning: '' });
    },
    V122,
  );

  router.add(
    'POST',
    '/networks/{id}/connect',
    async (ctx) => {
      const network = find(ctx);
      if (ctx.faults.has('network-connect-by-id-only') && !network.Id.startsWith(ctx.params.id ?? ''))
        throw new HttpError(404, `network ${ctx.params.id} not found`);
      const body = await ctx.json<{ Container?: string; EndpointConfig?: { IPAMConfig?: { IPv4Address?: string }; Aliases?: string[]; Links?: string[] } }>();
      if (ctx.faults.has('refused-connect-emits-event') && !engine.containers.resolve(body.Container ?? '')) networkEvent(engine, network, 'connect');
      const ref = body.Container ?? '';
      // Under `blind7-network-connect-removed-container-200` a removed container is still found in a cache of ended ones.
      const c = cachedRemoved(engine, ref, ctx.faults.has('blind7-network-connect-removed-container-200')) ?? findContainer(engine, ctx, ref);
      // Under `blind10-connect-short-id-404` Container is compared with the full id and the name only, not resolved as a prefix.
      if (ctx.faults.has('blind10-connect-short-id-404') && ![c.id, c.name, `/${c.name}`].includes(ref)) throw new HttpError(404, `No such container: ${ref}`);
      if (c.networks.has(network.Name)) throw new HttpError(500, `container ${c.id} is already connected to network ${network.Name}`);
      if (ctx.faults.has('network-connect-ignored') || (!c.isRunning && ctx.faults.has('blind2-network-connect-stopped-ignored'))) return ctx.sendStatus(200);
      addEndpoint(c, network, {
        IPAMConfig: ctx.faults.has('network-endpoint-config-ignored') ? null : (body.EndpointConfig?.IPAMConfig ?? null),
        Aliases: body.EndpointConfig?.Aliases ?? null,
        Links: body.EndpointConfig?.Links ?? null,
      });
      if (c.isRunning) activateEndpoint(engine, c, network.Name);
      else networkEvent(engine, network, 'connect', c);
      ctx.sendStatus(200);
    },
    V122,
  );

  router.add(
    'POST',
    '/networks/{id}/disconnect',
    async (ctx) => {
      const network = find(ctx);
      const body = await ctx.json<{ Container?: string; Force?: boolean }>();
      if (ctx.faults.has('blind-network-disconnect-unknown-container-200') && !engine.containers.resolve(body.Container ?? '')) return ctx.sendStatus(200);
      const c = findContainer(engine, ctx, body.Container ?? '');
      // Under `blind8-disconnect-container-by-id-only` the container is looked up by id (or id prefix) only.
      if (ctx.faults.has('blind8-disconnect-container-by-id-only') && !c.id.startsWith(body.Container ?? ''))
        throw new HttpError(404, `No such container: ${body.Container}`);
      if (!c.networks.has(network.Name)) throw new HttpError(500, `container ${c.id} is not connected to network ${network.Name}`);
      if (ctx.faults.has('network-disconnect-ignored')) return ctx.sendStatus(200);
      if (c.isRunning) deactivateEndpoint(engine, c, network.Name);
      else networkEvent(engine, network, 'disconnect', c);
      c.networks.delete(network.Name);
      ctx.sendStatus(200);
    },
    V122,
  );

  router.add(
    'DELETE',
    '/networks/{id}',
    (ctx) => {
      const network = find(ctx);
      const namedById = ctx.params.id !== network.Name && ctx.faults.has('blind4-network-predefined-by-id-deletable');
      if (network.predefined && !namedById) {
        if (ctx.faults.has('network-delete-predefined-200')) return ctx.sendStatus(200);
        throw new HttpError(403, `${network.Name} is a pre-defined network and cannot be removed`);
      }
      if (engine.containers.all().some((c) => c.networks.get(network.Name)?.EndpointID)) {
        throw new HttpError(ctx.faults.has('network-delete-in-use-403') ? 403 : 500, `network ${network.Name} has active endpoints`);
      }
      if (ctx.faults.has('network-delete-keeps-network')) return ctx.sendStatus(200);
      for (const c of engine.containers.all()) c.networks.delete(network.Name);
      engine.networks.delete(network);
      keepRemoved(engine.networks, network, network.Id, network.Name);
      networkEvent(engine, network, 'destroy');
      ctx.sendStatus(200);
    },
    V122,
  );
}

/** Under `blind-network-list-containers-null`, a list item without containers has Containers null. */
function emptyContainersNull(item: Record<string, unknown>, ctx: RouteContext): Record<string, unknown> {
  const empty = Object.keys(item.Containers as object).length === 0;
  return empty && ctx.faults.has('blind-network-list-containers-null') ? { ...item, Containers: null } : item;
}
