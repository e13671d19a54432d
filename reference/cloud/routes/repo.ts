/** Registries and external repositories (subsystem repo, namespaced). */
import { bodyObject } from '../http/body.ts';
import { listReply } from '../http/envelope.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { applyFilters } from '../http/filters.ts';
import { accepted, created, noContent, ok } from '../http/replies.ts';
import type { RouteTable } from '../http/router.ts';
import type { CallContext } from '../http/types.ts';
import type { Repository } from '../state/model.ts';
import {
  createRepository,
  deleteRepository,
  findRepository,
  registriesOf,
  registryJson,
  repositoriesOf,
  repositoryJson,
  updateRepository,
} from '../state/registry.ts';
import { track } from './common.ts';

const REGISTRIES = '/api/repo/v1/[ns/]registry/';
const REPOSITORIES = '/api/repo/v1/[ns/]repository/';

/** The is_vendor_registry value asked for (blind-registry-vendor-filter-false-all lets false match every registry). */
const vendorQuery = (ctx: CallContext): string | null => ctx.req.query.get(ctx.world.spell('is_vendor_registry'));

function repository(ctx: CallContext): Repository {
  const name = ctx.params.name ?? '';
  const repo = findRepository(
    ctx.world,
    ctx.scope.namespace,
    ctx.world.faults.has('blind2-repository-name-two-segments') ? name.split('/').slice(0, 2).join('/') : name,
  );
  if (!repo) throw notFound('repository');
  track(ctx, repo.resource_uri, repo.scope);
  return repo;
}

/** Under `blind14-repository-patch-requires-both` an update is validated as a create: username and password together. */
function refuseOneCredential(ctx: CallContext): void {
  if (!ctx.world.faults.has('blind14-repository-patch-requires-both')) return;
  const body = bodyObject(ctx.req.body);
  if (typeof body.username !== 'string' || typeof body.password !== 'string') throw new ApiError(400, 'username and password are required');
}

/** Under blind3-repository-patch-after-delete-recreates, a PATCH of a repository not (or no longer) there adds it. */
function upserted(ctx: CallContext): Repository | undefined {
  const name = ctx.params.name ?? '';
  if (!ctx.world.faults.has('blind3-repository-patch-after-delete-recreates') || findRepository(ctx.world, ctx.scope.namespace, name)) return undefined;
  const repo = createRepository(ctx.world, ctx.scope, { ...bodyObject(ctx.req.body), name: name.replace(/\/+$/, '') });
  track(ctx, repo.resource_uri, repo.scope);
  return repo;
}

export function addRepoRoutes(routes: RouteTable): void {
  routes.add('GET', REGISTRIES, (ctx) => {
    const items = applyFilters(
      ctx.world,
      ctx.req.query,
      registriesOf(ctx.world, ctx.scope.namespace),
      {
        uuid: () => undefined,
        name: (r) => r.name,
        host: (r) => r.host,
        [ctx.world.spell('is_vendor_registry')]: (r) =>
          ctx.world.faults.has('blind-registry-vendor-filter-false-all') && vendorQuery(ctx) === 'false' ? false : r.isVendor,
      },
      'registry',
    );
    return listReply(ctx, items, (r) => registryJson(ctx.world, r));
  });
  routes.add('GET', `${REGISTRIES}{host}/`, (ctx) => {
    const byName = ctx.world.faults.has('blind2-registry-get-by-name');
    const found = registriesOf(ctx.world, ctx.scope.namespace).find((r) => (byName ? r.name : r.host) === ctx.params.host);
    if (!found) throw notFound('registry');
    return ok(registryJson(ctx.world, found));
  });
  routes.add('GET', REPOSITORIES, (ctx) => {
    const items = applyFilters(
      ctx.world,
      ctx.req.query,
      repositoriesOf(ctx.world, ctx.scope.namespace),
      // Under `blind9-repository-name-filter-path-only` name is compared with the name without its registry host.
      {
        name: (r) => (ctx.world.faults.has('blind9-repository-name-filter-path-only') ? r.name.slice(r.name.indexOf('/') + 1) : r.name),
        // Under `blind11-repository-registry-filter-by-host` registry is compared with the host that begins the name, not the registry URI.
        registry: (r) => (ctx.world.faults.has('blind11-repository-registry-filter-by-host') ? r.name.split('/')[0] : r.registry),
      },
      'repository',
    );
    return listReply(ctx, items, (r) => repositoryJson(ctx.world, r));
  });
  routes.add(
    'POST',
    REPOSITORIES,
    (ctx) => {
      const repo = createRepository(ctx.world, ctx.scope, bodyObject(ctx.req.body));
      track(ctx, repo.resource_uri, repo.scope);
      return created(repositoryJson(ctx.world, repo));
    },
    { action: 'Repository Create' },
  );
  routes.add('GET', `${REPOSITORIES}{name*}/`, (ctx) => ok(repositoryJson(ctx.world, repository(ctx))));
  routes.add(
    'PATCH',
    `${REPOSITORIES}{name*}/`,
    (ctx) => {
      const repo = upserted(ctx) ?? repository(ctx);
      if (ctx.world.faults.has('repository-update-refused')) throw new ApiError(405, 'external repositories cannot be updated');
      refuseOneCredential(ctx);
      updateRepository(repo, bodyObject(ctx.req.body));
      ctx.call?.runAsync((job) => job.wait('update'));
      // Under `blind17-repository-update-echoes-body` the answer is the stored object merged with the body sent, credentials included.
      const echoed = ctx.world.faults.has('blind17-repository-update-echoes-body') ? bodyObject(ctx.req.body) : {};
      return accepted(ctx.world, { ...repositoryJson(ctx.world, repo), ...echoed });
    },
    { action: 'Repository Update' },
  );
  routes.add(
    'DELETE',
    `${REPOSITORIES}{name*}/`,
    (ctx) => {
      const gone = !findRepository(ctx.world, ctx.scope.namespace, ctx.params.name ?? '');
      if (gone && ctx.world.faults.has('blind3-repository-delete-twice-204')) return noContent();
      const repo = repository(ctx);
      if (!ctx.world.faults.has('repository-delete-kept')) deleteRepository(ctx.world, repo);
      return ctx.world.faults.has('repository-delete-200') ? ok(repositoryJson(ctx.world, repo)) : noContent();
    },
    { action: 'Repository Delete' },
  );
}
