import { cloudCheck, type CloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { CATALOG } from '../support/infra.ts';
import { listAll, pathOf, sameResource, type Json } from '../support/lists.ts';

type Kind = keyof typeof CATALOG;

/** A URI as a path ending in `/`: both spellings the schemas allow read as one key. */
const slashed = (uri: string): string => pathOf(uri).replace(/\/?$/, '/');

const KINDS: ReadonlyArray<{ kind: Kind; schema: string; label: string; plural: string }> = [
  { kind: 'provider', schema: 'provider', label: 'provider', plural: 'providers' },
  { kind: 'region', schema: 'region', label: 'region', plural: 'regions' },
  { kind: 'az', schema: 'availability-zone', label: 'availability zone', plural: 'azs' },
  { kind: 'nodetype', schema: 'node-type', label: 'node type', plural: 'nodetypes' },
];

/** A JSON value with its object keys and its lists in one order: equal values compare equal. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .map(([k, v]) => [k, canonical(v)] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** Where the other catalog objects name objects of a kind (the fields the spec gives them). */
const REFERENCED_BY: Readonly<Record<Kind, ReadonlyArray<readonly [Kind, string]>>> = {
  provider: [
    ['region', 'provider'],
    ['nodetype', 'provider'],
  ],
  region: [
    ['provider', 'regions'],
    ['nodetype', 'regions'],
    ['az', 'region'],
  ],
  az: [
    ['region', 'availability_zones'],
    ['nodetype', 'availability_zones'],
  ],
  nodetype: [['region', 'node_types']],
};

/** The URIs of objects of a kind that the other catalog lists name. */
async function referenced(ctx: CloudContext, kind: Kind): Promise<Set<string>> {
  const uris = new Set<string>();
  for (const [other, field] of REFERENCED_BY[kind]) {
    for (const o of await listAll(ctx, CATALOG[other])) {
      for (const uri of [o[field]].flat()) if (typeof uri === 'string') uris.add(slashed(uri));
    }
  }
  return uris;
}

/**
 * A list of the catalog holds every object of its kind that the rest of the catalog names (a
 * region's provider is a provider): an empty or partial list cannot pass while the catalog
 * names what it leaves out. A catalog that names nothing of the kind has nothing to verify.
 */
function listCheck({ kind, schema, label, plural }: (typeof KINDS)[number]): CloudCheck {
  const id = `cloud/${kind}/list/returns-${plural}`;
  return cloudCheck({
    id,
    title: `The ${label} list returns a list of ${label} objects, every ${label} the rest of the catalog names among them`,
    endpoint: `cloud/${kind}/list`,
    async run(ctx) {
      const objects = await listAll(ctx, CATALOG[kind]);
      objects.forEach((o, i) => ctx.expectSchema('cloud/v1', schema, o, `${label} #${i}`, id));
      const named = await referenced(ctx, kind);
      if (!objects.length && !named.size) return ctx.notApplicable(`the ${label} list is empty and no other catalog object names a ${label}`);
      const listed = new Set(objects.map((o) => slashed(String(o.resource_uri))));
      const absent = [...named].filter((uri) => !listed.has(uri));
      ctx.expect(absent.length === 0, `the ${label} list leaves out ${absent.length} ${label}(s) the catalog names`, {
        expected: `every ${label} named by the other catalog objects`,
        actual: absent.slice(0, 5),
        requirement: id,
      });
      const uris = objects.map((o) => String(o.resource_uri));
      ctx.expect(new Set(uris).size === uris.length, `the ${label} list names a ${label} more than once`, { actual: uris, requirement: id });
    },
  });
}

/**
 * The path the spec writes for one catalog object, from names: `/provider/(name)/`,
 * `/region/(provider.name)/(name)/`, `/az/(provider.name)/(region.name)/(name)/`,
 * `/nodetype/(provider.name)/(name)/`. Undefined when a name it needs is not to be found.
 */
async function specPathOf(ctx: CloudContext, kind: Kind, item: Json): Promise<string | undefined> {
  const byUri = async (k: Kind): Promise<Map<string, Json>> => new Map((await listAll(ctx, CATALOG[k])).map((o) => [slashed(String(o.resource_uri)), o]));
  const nameAt = (map: Map<string, Json>, uri: unknown): string | undefined => {
    const found = typeof uri === 'string' ? map.get(slashed(uri)) : undefined;
    return typeof found?.name === 'string' ? found.name : undefined;
  };
  if (kind === 'provider') return `${CATALOG.provider}${String(item.name)}/`;
  const providers = await byUri('provider');
  if (kind === 'region' || kind === 'nodetype') {
    const provider = nameAt(providers, item.provider);
    return provider ? `${CATALOG[kind]}${provider}/${String(item.name)}/` : undefined;
  }
  const regions = await byUri('region');
  const region = typeof item.region === 'string' ? regions.get(slashed(item.region)) : undefined;
  const provider = nameAt(providers, region?.provider);
  return provider && region ? `${CATALOG.az}${provider}/${String(region.name)}/${String(item.name)}/` : undefined;
}

/**
 * The spec path of an object with its parent's name (the provider's; an availability zone's region)
 * replaced by another one the catalog lists: the path of no object, or of another object.
 */
async function misplacedPath(ctx: CloudContext, kind: Kind, path: string): Promise<string | undefined> {
  if (kind === 'provider') return undefined;
  const segments = path.slice(CATALOG[kind].length).split('/').filter(Boolean);
  const at = kind === 'az' ? 1 : 0;
  const names = (await listAll(ctx, CATALOG[kind === 'az' ? 'region' : 'provider'])).map((o) => String(o.name));
  const other = names.find((n) => n !== segments[at]);
  if (other === undefined) return undefined;
  segments[at] = other;
  return `${CATALOG[kind]}${segments.join('/')}/`;
}

/**
 * The parent names in the path select the object: at a path whose parent is another one, the
 * object the list names under its own parent is not returned (a target that read the last name
 * alone would return it). An object that does live there shows that path as its resource_uri.
 */
async function expectParentSelects(ctx: CloudContext, kind: Kind, path: string, id: string): Promise<void> {
  const elsewhere = await misplacedPath(ctx, kind, path);
  if (!elsewhere) return ctx.observe(`the catalog lists one parent only: the parent segment of ${path} could not be varied`);
  const res = await ctx.api.get(elsewhere);
  const shown = res.status === 200 ? pathOf(String(res.json<Json>().resource_uri)) : undefined;
  ctx.expect(
    shown === undefined || sameResource(shown, elsewhere),
    `GET ${elsewhere} returned ${shown}: the parent named in the path does not select the object`,
    {
      expected: `no object, or the object whose resource_uri is ${elsewhere}`,
      actual: { status: res.status, resource_uri: shown },
      requirement: id,
    },
  );
}

function getCheck({ kind, schema, label }: (typeof KINDS)[number]): CloudCheck {
  const id = `cloud/${kind}/get/returns-${kind}`;
  return cloudCheck({
    id,
    title: `GET of one ${label} at the path the spec writes (by names) returns that ${label}; its resource_uri is that path`,
    endpoint: `cloud/${kind}/get`,
    async run(ctx) {
      const listed = await listAll(ctx, CATALOG[kind]);
      if (!listed.length) return ctx.skip(`the ${label} list is empty: nothing to get`);
      for (const item of [listed[0]!, listed[listed.length - 1]!]) {
        const path = await specPathOf(ctx, kind, item);
        if (!path) return ctx.fail(`the ${label} ${String(item.resource_uri)} names a provider or region the catalog does not list`, { requirement: id });
        const res = await ctx.api.get(path);
        ctx.expectStatus(res, 200, `GET ${path}`, id);
        const got = ctx.expectSchema<Json>('cloud/v1', schema, ctx.expectJson(res, `GET ${path}`, id), `GET ${path}`, id);
        // The same resource, the trailing slash aside: the schemas' URIs end in `/?`.
        ctx.expect(sameResource(got.resource_uri, path), `GET ${path}: resource_uri is not the path requested`, {
          expected: path,
          actual: got.resource_uri,
          requirement: id,
        });
        ctx.expectEqual(got.name, item.name, `GET ${path}: not the ${label} the list names`, id);
        // The catalog does not change: one object's fields read the same in its list and on its
        // own (key and list order aside, and fields only one shows: extra fields are allowed).
        const shared = Object.keys(got).filter((k) => k in item);
        const pick = (o: Json): Json => Object.fromEntries(shared.map((k) => [k, o[k]]));
        ctx.expectEqual(canonical(pick(got)), canonical(pick(item)), `GET ${path}: the ${label} differs from the one its list shows`, id);
        await expectParentSelects(ctx, kind, path, id);
      }
    },
  });
}

export default KINDS.flatMap((k) => [listCheck(k), getCheck(k)]);
