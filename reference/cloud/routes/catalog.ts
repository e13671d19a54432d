/** The read-only infrastructure catalog: providers, regions, availability zones, node types. */
import { applyFilters, type FieldReader } from '../http/filters.ts';
import { listReply } from '../http/envelope.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { ok } from '../http/replies.ts';
import type { RouteTable } from '../http/router.ts';
import type { CallContext, Reply } from '../http/types.ts';
import { resourceUri, type UriKind } from '../uris.ts';
import type { Catalog, NodeType, Region } from '../catalog-seed.ts';

interface Entry {
  resource_uri: string;
}

/** Under `blind9-provider-list-available-only` the provider list shows the providers available for new nodes only. */
function listed<T extends Entry>(ctx: CallContext, kind: UriKind, all: T[]): T[] {
  if (kind !== 'provider' || !ctx.world.faults.has('blind9-provider-list-available-only')) return all;
  return all.filter((p) => (p as { available?: boolean }).available !== false);
}

/** An entry as answered: under `blind11-region-zones-null-when-none` an empty availability_zones list encodes as null (a nil slice). */
function shown<T extends Entry>(ctx: CallContext, entry: T): unknown {
  const zones = (entry as { availability_zones?: unknown[] }).availability_zones;
  const { faults } = ctx.world;
  // Under `blind25-nodetype-zones-null-when-none` a node type's empty zone list encodes as null too.
  const nilKind = (kind: string, fault: 'blind11-region-zones-null-when-none' | 'blind25-nodetype-zones-null-when-none'): boolean =>
    entry.resource_uri.includes(`/${kind}/`) && faults.has(fault);
  const blank =
    zones?.length === 0 && (nilKind('region', 'blind11-region-zones-null-when-none') || nilKind('nodetype', 'blind25-nodetype-zones-null-when-none'));
  const answered = blank ? { ...entry, availability_zones: null } : entry;
  return acrossProviders(ctx, joinedByProvider(ctx, zoneRegionByName(ctx, answered)));
}

/**
 * Under `blind26-az-region-uri-no-provider` a zone's region URI is spelled from the region's name
 * alone (/api/infra/v1/region/us-east-1/), the provider segment forgotten; the zone filters still
 * read the stored region.
 */
function zoneRegionByName<T extends Entry>(ctx: CallContext, entry: T): T {
  const region = (entry as { region?: unknown }).region;
  if (!entry.resource_uri.includes('/az/') || typeof region !== 'string' || !ctx.world.faults.has('blind26-az-region-uri-no-provider')) return entry;
  const name = region.split('/').filter(Boolean).pop() ?? '';
  return { ...entry, region: resourceUri('region', [name]) };
}

/**
 * Under `blind26-region-node-types-of-provider` a region's node_types are joined by provider only:
 * every node type of its provider, also those not offered in the region.
 */
function joinedByProvider<T extends Entry>(ctx: CallContext, entry: T): T {
  if (!entry.resource_uri.includes('/region/') || !ctx.world.faults.has('blind26-region-node-types-of-provider')) return entry;
  const provider = (entry as { provider?: string }).provider;
  const types = ctx.world.catalog.nodeTypes.filter((t) => t.provider === provider).map((t) => t.resource_uri);
  return { ...entry, node_types: types };
}

const ACROSS_TYPE = resourceUri('nodetype', ['packet', 'baremetal_0']);
const ACROSS_REGION = resourceUri('region', ['aws', 'us-east-1']);

/**
 * Under `nodetype-regions-across-providers` packet's baremetal_0 is also offered in aws/us-east-1,
 * and both ends say so: the node type lists the region and the region lists the node type.
 */
function acrossProviders<T extends Entry>(ctx: CallContext, entry: T): T {
  if (!ctx.world.faults.has('nodetype-regions-across-providers')) return entry;
  const { regions, node_types } = entry as { regions?: string[]; node_types?: string[] };
  if (entry.resource_uri === ACROSS_TYPE && regions) return { ...entry, regions: [...regions, ACROSS_REGION] };
  if (entry.resource_uri === ACROSS_REGION && node_types) return { ...entry, node_types: [...node_types, ACROSS_TYPE] };
  return entry;
}

/** Under `blind33-az-list-available-missing` the zone list answers a summary serializer's fields: available is not one. */
function zoneSummary(zone: unknown): unknown {
  const { available: _available, ...summary } = zone as Record<string, unknown>;
  return summary;
}

/** The zones answered per server, by provider and region (`blind34-az-get-cached-by-region`). */
const zoneCache = new WeakMap<object, Map<string, unknown>>();

/**
 * Under `blind34-az-get-cached-by-region` the zone detail is cached under a key made of the provider and region segments, the
 * zone's own name left out: the first zone read in a region is answered for every zone of that region.
 */
function zoneCachedByRegion<T>(ctx: CallContext, find: () => T): T {
  if (!ctx.world.faults.has('blind34-az-get-cached-by-region')) return find();
  const cache = zoneCache.get(ctx.world) ?? new Map<string, unknown>();
  zoneCache.set(ctx.world, cache);
  const key = `${ctx.params.provider}/${ctx.params.region}`;
  if (cache.has(key)) return cache.get(key) as T;
  const found = find();
  cache.set(key, found);
  return found;
}

function addCatalog<T extends Entry>(
  routes: RouteTable,
  kind: UriKind,
  idParams: string[],
  items: (c: Catalog) => T[],
  filters: (ctx: CallContext) => Record<string, FieldReader<T>>,
): void {
  const base = `/api/infra/v1/${kind}/`;
  routes.add('GET', base, (ctx: CallContext): Reply => {
    // Under `blind32-provider-name-filter-lookup-404` a provider name (its identifier) is looked up as the detail route does: unknown, 404.
    const name = ctx.req.query.get('name');
    if (kind === 'provider' && name !== null && ctx.world.faults.has('blind32-provider-name-filter-lookup-404'))
      if (!items(ctx.world.catalog).some((p) => (p as { name?: string }).name === name)) throw notFound(kind);
    return listReply(ctx, applyFilters(ctx.world, ctx.req.query, listed(ctx, kind, items(ctx.world.catalog)), filters(ctx), kind), (i) =>
      kind === 'az' && ctx.world.faults.has('blind33-az-list-available-missing') ? zoneSummary(shown(ctx, i)) : shown(ctx, i),
    );
  });
  const item = `${base}${idParams.map((p) => `{${p}}/`).join('')}`;
  const find = (ctx: CallContext): T => {
    // Under `blind27-nodetype-get-dotted-name-404` the node type route's name pattern takes no dot ([^/.]+): t2.micro matches no route.
    if (kind === 'nodetype' && ctx.params.name?.includes('.') && ctx.world.faults.has('blind27-nodetype-get-dotted-name-404'))
      throw new ApiError(404, `no endpoint ${ctx.req.path}`);
    const uri = resourceUri(
      kind,
      idParams.map((p) => ctx.params[p] ?? ''),
    );
    // Under `blind31-az-get-by-zone-name` a zone is looked up by its name alone: the provider and region segments are not compared.
    const byZoneName = kind === 'az' && ctx.world.faults.has('blind31-az-get-by-zone-name');
    const found = items(ctx.world.catalog).find((i) => (byZoneName ? (i as { name?: string }).name === ctx.params.name : i.resource_uri === uri));
    if (!found) throw notFound(kind);
    return found;
  };
  routes.add('GET', item, (ctx: CallContext): Reply => ok(shown(ctx, kind === 'az' ? zoneCachedByRegion(ctx, () => find(ctx)) : find(ctx))));
  // The catalog is read-only: PATCH is a method this path does not allow, unless the fault accepts it.
  routes.add('PATCH', item, (ctx: CallContext): Reply => {
    if (!ctx.world.faults.has('catalog-patch-accepted')) throw new ApiError(405, `method PATCH not allowed on ${ctx.req.path}`);
    return ok(find(ctx));
  });
}

/** A node type's regions as the regions filter sees them: every region of its provider under blind2-nodetype-regions-filter-provider. */
function nodeTypeRegions(ctx: CallContext, t: NodeType): string[] {
  if (!ctx.world.faults.has('blind2-nodetype-regions-filter-provider')) return t.regions;
  return ctx.world.catalog.regions.filter((r) => r.provider === t.provider).map((r) => r.resource_uri);
}

export function addCatalogRoutes(routes: RouteTable): void {
  addCatalog(
    routes,
    'provider',
    ['name'],
    (c) => c.providers,
    () => ({ name: (p) => p.name }),
  );
  addCatalog(
    routes,
    'region',
    ['provider', 'name'],
    (c) => c.regions,
    (ctx) => ({
      // Under `blind26-region-name-filter-dropped-with-provider` the filters are read as alternatives
      // (if provider ... else if name ...): with provider given, name is not applied.
      ...(ctx.world.faults.has('blind26-region-name-filter-dropped-with-provider') && ctx.req.query.has('provider') ? {} : { name: (r: Region) => r.name }),
      // Under `blind20-region-provider-filter-by-name` the filter reads the provider's name (the URI's last segment).
      provider: (r) => (ctx.world.faults.has('blind20-region-provider-filter-by-name') ? (r.provider.split('/').filter(Boolean).pop() ?? '') : r.provider),
    }),
  );
  addCatalog(
    routes,
    'az',
    ['provider', 'region', 'name'],
    (c) => c.zones,
    () => ({ name: (z) => z.name, region: (z) => z.region }),
  );
  addCatalog(
    routes,
    'nodetype',
    ['provider', 'name'],
    (c) => c.nodeTypes,
    (ctx) => ({
      // Under `blind17-nodetype-name-filter-reads-label` the name filter reads the display label.
      name: (t) => (ctx.world.faults.has('blind17-nodetype-name-filter-reads-label') ? t.label : t.name),
      regions: (t) => nodeTypeRegions(ctx, t),
      // Under `blind16-nodetype-zone-filter-first-zone-only` the zone filter reads the list as one value: its first zone.
      availability_zones: (t) =>
        ctx.world.faults.has('blind16-nodetype-zone-filter-first-zone-only') ? t.availability_zones.slice(0, 1) : t.availability_zones,
    }),
  );
}
