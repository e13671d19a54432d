import { isSuccess } from '../../../harness/target/http-transport.ts';
import { cloudCheck } from '../support/check.ts';
import { filterCombinationCheck } from '../support/filter-combinations.ts';
import { filterCheck } from '../support/filters.ts';
import { expectShownAsGot, listAll, pathOf } from '../support/lists.ts';
import { isFqdn } from '../services/public-dns.ts';
import type { CloudContext } from '../support/context.ts';
import type { Json } from '../support/lists.ts';
import { REPOSITORIES, twoRepositories } from './repositories.ts';

export const REGISTRIES = '/api/repo/v1/registry/';
const LIST = 'cloud/registry/list';
const R = {
  list: 'cloud/registry/list/returns-registries',
  get: 'cloud/registry/get/returns-registry',
  path: 'cloud/registry/get/path-without-repo-segment',
  uuid: 'cloud/registry/list/filter-uuid',
  uuidNoField: 'cloud/registry/list/uuid-filter-without-field',
  fqdn: 'cloud/registry/host-fqdn',
  thirdParty: 'cloud/registry/vendor-flag-third-party',
};
/** A third-party registry reached on a port of its own: no target knows it before the check adds a repository of it. */
const PORTED = { host: 'registry.conformance.example', port: 5000 };

/**
 * The registry the target records for a repository added on `host` (host or host:port; read from
 * the repository's registry URI), or undefined with an observation when the target refuses the repository.
 */
async function registryOfRepositoryOn(ctx: CloudContext, host: string): Promise<Json | undefined> {
  const name = `${host}/${ctx.uniqueName('org')}/${ctx.uniqueName('repo')}`;
  const res = await ctx.api.post(REPOSITORIES, { name, username: 'conformance', password: 'conformance' });
  if (!isSuccess(res.status)) {
    ctx.observe(`adding repository ${name} answered ${res.status}: no third-party registry of ${host} to judge`);
    return undefined;
  }
  ctx.defer(async () => void (await ctx.api.delete(`${REPOSITORIES}${name}/`)));
  const repository = JSON.parse(res.text()) as Json;
  return ctx.getJson('registry', String(repository.registry), 'the registry of the added repository');
}

/** The registry of a repository added on PORTED's host:port, which no target knows before. */
const addedPortedRegistry = (ctx: CloudContext): Promise<Json | undefined> => registryOfRepositoryOn(ctx, `${PORTED.host}:${PORTED.port}`);

/** The host:port a repository name starts with to be of registry `r` (the port only when not 443). */
const hostOf = (r: Json): string => (r.port === undefined || r.port === 443 ? String(r.host) : `${String(r.host)}:${String(r.port)}`);

/** Fields a registry's GET and its entry in the list must show alike. */
const SHOWN = ['name', 'is_ssl', 'port'];

export default [
  cloudCheck({
    id: R.list,
    title: 'The registry list returns a list of registry objects',
    endpoint: LIST,
    async run(ctx) {
      const objects = await listAll(ctx, REGISTRIES);
      objects.forEach((o, i) => ctx.expectView('registry', o, `registry #${i}`, R.list));
      if (!objects.length) ctx.observe('the registry list is empty');
    },
  }),
  cloudCheck({
    id: R.fqdn,
    title:
      "Each registry's host is an FQDN: the host name alone, without scheme, port or path; " +
      'a registry added from a repository name with host:port shows the host name as host and the port as port',
    endpoint: LIST,
    async run(ctx) {
      const added = await addedPortedRegistry(ctx);
      const registries = await listAll(ctx, REGISTRIES);
      if (!registries.length) return ctx.unverified('the registry list is empty: no host to judge');
      for (const r of registries)
        ctx.verify(isFqdn(r.host), `registry ${String(r.resource_uri)} has host ${JSON.stringify(r.host)}, not a fully qualified host name`, {
          expected: 'dot-separated host name labels (the port is the port field)',
          actual: r.host,
          requirement: R.fqdn,
        });
      if (!added) return;
      const shown = { host: added.host, port: added.port };
      ctx.verify(
        added.host === PORTED.host && added.port === PORTED.port,
        `the registry added from ${PORTED.host}:${PORTED.port} shows ${JSON.stringify(shown)}`,
        {
          expected: PORTED,
          actual: shown,
          requirement: R.fqdn,
        },
      );
    },
  }),
  cloudCheck({
    id: R.thirdParty,
    title:
      'The registry of a repository added from a third-party registry is not run by the vendor: is_vendor_registry false; ' +
      'a new host, and each listed registry the target adds a repository of',
    endpoint: 'cloud/registry/get',
    async run(ctx) {
      // A listed registry (one the target seeded) that takes a repository added as third-party is judged too:
      // the flag must say who runs the registry, not whether the namespace added it.
      const listed = await listAll(ctx, REGISTRIES);
      const added = [await addedPortedRegistry(ctx)];
      for (const r of listed) added.push(await registryOfRepositoryOn(ctx, hostOf(r)));
      const judged = added.filter((r): r is Json => r !== undefined);
      if (!judged.length) return ctx.unverified('the target refused every repository of a third-party registry: no such registry to read');
      const flag = ctx.spell('is_vendor_registry');
      for (const r of judged)
        ctx.expectEqual(r[flag], false, `the registry ${String(r.resource_uri)} of a third-party repository says it is run by the vendor`, R.thirdParty);
    },
  }),
  cloudCheck({
    id: R.get,
    title: 'GET /api/repo/v1/registry/(host)/ returns the registry of that host',
    requirements: [R.get, R.path],
    endpoint: 'cloud/registry/get',
    async run(ctx) {
      const registries = await listAll(ctx, REGISTRIES);
      if (!registries.length) return ctx.skip('the registry list is empty: nothing to get');
      for (const r of registries.slice(0, 3)) {
        const path = `${REGISTRIES}${String(r.host)}/`;
        const res = await ctx.api.get(path);
        ctx.expectStatus(res, 200, `GET ${path}`, R.get);
        const got = ctx.expectView('registry', ctx.expectJson(res, `GET ${path}`, R.get), `GET ${path}`, R.get);
        ctx.expectEqual(got.host, r.host, `GET ${path} returns another registry`, R.get);
        expectShownAsGot(ctx, r, got, SHOWN, `GET ${REGISTRIES}`, R.get);
        ctx.observe(`the registry's resource_uri is ${pathOf(got.resource_uri)}`);
      }
      const bare = await ctx.api.get(`/api/v1/registry/${String(registries[0]!.host)}/`);
      ctx.observe(`the path without the repo segment (/api/v1/registry/<host>/) answered ${bare.status}`);
    },
  }),
  cloudCheck({
    id: R.uuid,
    title: 'Query uuid on the registry list returns only the registry with that uuid (registries have no documented uuid)',
    requirements: [R.uuid, R.uuidNoField],
    endpoint: LIST,
    async run(ctx) {
      const all = await listAll(ctx, REGISTRIES);
      const withUuid = all.find((r) => typeof r.uuid === 'string');
      if (!withUuid) {
        // Without uuids only the excluding half can be seen: no registry has an unknown uuid.
        const res = await ctx.api.get(REGISTRIES, { uuid: '00000000-0000-0000-0000-000000000000' });
        ctx.observe('registries carry no uuid field (none is documented): only the exclusion of an unknown uuid is checked');
        // The spec lists the uuid filter on this endpoint: a list (200), with nothing in it.
        ctx.expectStatus(res, 200, 'the registry list with an unknown uuid', R.uuid);
        const returned = ctx.listObjects(res, 'registry list');
        ctx.expect(all.length > 0 && returned.length === 0, `the uuid filter with an unknown uuid returned ${returned.length} of ${all.length} registries`, {
          expected: 'no registry',
          actual: returned.map((r) => r.resource_uri),
          requirement: R.uuid,
        });
        return;
      }
      const filtered = await listAll(ctx, REGISTRIES, { uuid: String(withUuid.uuid) });
      ctx.expect(filtered.length >= 1 && filtered.every((r) => r.uuid === withUuid.uuid), 'the uuid filter returned other registries', {
        expected: withUuid.uuid,
        actual: filtered.map((r) => r.uuid),
        requirement: R.uuid,
      });
    },
  }),
  filterCheck(
    { id: 'cloud/registry/list/filter-name', endpoint: LIST, path: REGISTRIES, param: 'name' },
    'Query name on the registry list returns only the registries of that name',
  ),
  filterCheck(
    { id: 'cloud/registry/list/filter-host', endpoint: LIST, path: REGISTRIES, param: 'host' },
    'Query host on the registry list returns only the registries of that host',
  ),
  filterCheck(
    { id: 'cloud/registry/list/filter-is-vendor-registry', endpoint: LIST, path: REGISTRIES, param: 'is_vendor_registry' },
    'Query is_vendor_registry on the registry list returns only the registries with that value',
  ),
  // The registries of two repositories on two hosts, beside the vendor's own: every filter has values that split them.
  filterCombinationCheck({
    resource: 'registry',
    path: REGISTRIES,
    params: ['uuid', 'name', 'host', 'is_vendor_registry'],
    setup: async (ctx) => void (await twoRepositories(ctx)),
  }),
];
