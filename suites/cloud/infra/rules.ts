import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { CATALOG } from '../support/infra.ts';
import { listAll, pathOf, sameResource, type Json } from '../support/lists.ts';

const READ_ONLY = 'cloud/infra/read-only';
const CROSS = 'cloud/infra/cross-references';
const TYPE_PROVIDER = 'cloud/infra/nodetype-regions-of-provider';

async function expectWriteRefused(ctx: CloudContext, method: string, path: string): Promise<void> {
  const before = await ctx.api.get(path);
  const res = await ctx.api.request(method, path, { json: { name: ctx.uniqueName('catalog'), label: 'changed', available: false } });
  ctx.expect(res.status >= 400, `${method} ${path} answered ${res.status}: the catalog is read-only`, {
    expected: 'an error status',
    actual: res.status,
    requirement: READ_ONLY,
  });
  const after = await ctx.api.get(path);
  ctx.expectEqual(after.text(), before.text(), `${method} ${path} changed what GET returns`, READ_ONLY);
}

const listed = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const includesUri = (list: unknown, uri: unknown): boolean => listed(list).some((u) => sameResource(u, uri));

export default [
  cloudCheck({
    id: READ_ONLY,
    title: 'The infrastructure catalog is read-only: POST, PATCH and DELETE are refused and change nothing',
    endpoint: 'cloud/provider/get',
    async run(ctx) {
      for (const kind of Object.keys(CATALOG) as Array<keyof typeof CATALOG>) {
        await expectWriteRefused(ctx, 'POST', CATALOG[kind]);
        const first = (await listAll(ctx, CATALOG[kind]))[0];
        if (!first) continue;
        const path = pathOf(String(first.resource_uri));
        await expectWriteRefused(ctx, 'PATCH', path);
        await expectWriteRefused(ctx, 'DELETE', path);
      }
    },
  }),
  cloudCheck({
    id: CROSS,
    title: "The catalog's URIs agree: providers, regions, zones and node types name each other back",
    requirements: [CROSS, TYPE_PROVIDER],
    endpoint: 'cloud/region/list',
    async run(ctx) {
      const [providers, regions, zones, types] = await Promise.all(Object.values(CATALOG).map((p) => listAll(ctx, p)));
      const find = (items: Json[] | undefined, uri: string): Json | undefined => items?.find((i) => sameResource(i.resource_uri, uri));
      const broken: string[] = [];
      for (const p of providers ?? []) {
        for (const r of listed(p.regions))
          if (!sameResource(find(regions, r)?.provider, p.resource_uri)) broken.push(`provider ${String(p.name)} lists region ${r}, whose provider is not it`);
      }
      // The other way round: an object that names its provider or region is among that one's list.
      for (const r of regions ?? [])
        if (!includesUri(find(providers, String(r.provider))?.regions, r.resource_uri))
          broken.push(`region ${String(r.name)} names provider ${String(r.provider)}, which does not list it`);
      for (const z of zones ?? [])
        if (!includesUri(find(regions, String(z.region))?.availability_zones, z.resource_uri))
          broken.push(`zone ${String(z.name)} names region ${String(z.region)}, which does not list it`);
      for (const r of regions ?? []) {
        for (const t of listed(r.node_types))
          if (!includesUri(find(types, t)?.regions, r.resource_uri))
            broken.push(`region ${String(r.name)} lists node type ${t}, which does not list the region`);
        for (const z of listed(r.availability_zones))
          if (!sameResource(find(zones, z)?.region, r.resource_uri)) broken.push(`region ${String(r.name)} lists zone ${z}, whose region is not it`);
      }
      const otherProvider: string[] = [];
      for (const t of types ?? []) {
        for (const r of listed(t.regions)) {
          if (!includesUri(find(regions, r)?.node_types, t.resource_uri)) broken.push(`node type ${String(t.name)} lists region ${r}, which does not list it`);
          if (!sameResource(find(regions, r)?.provider, t.provider))
            otherProvider.push(`node type ${String(t.name)} lists region ${r}, of another provider than its own`);
        }
      }
      ctx.expect(broken.length === 0, `the catalog's cross-references disagree: ${broken.slice(0, 5).join('; ')}`, {
        expected: 'URIs that name each other back',
        actual: broken,
        requirement: CROSS,
      });
      ctx.expect(otherProvider.length === 0, `node types list regions of other providers: ${otherProvider.slice(0, 5).join('; ')}`, {
        expected: "a node type's regions of its own provider",
        actual: otherProvider,
        requirement: TYPE_PROVIDER,
      });
    },
  }),
];
