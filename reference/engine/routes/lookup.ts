/** Path-parameter lookups that answer the spec's 404 (or 500 under the `missing-container-500` fault). */
import { HttpError, type RouteContext } from '../http/router.ts';
import type { Container } from '../state/container.ts';
import type { Engine } from '../state/engine.ts';
import { keptUnder, missing, removedObjects, stillAnswered } from '../state/graveyard.ts';

export function noSuchContainer(ctx: RouteContext, idOrName: string, body: HttpError['body'] = 'text'): HttpError {
  const status = ctx.faults.has('missing-container-500') ? 500 : ctx.faults.has('missing-container-418') ? 418 : 404;
  return new HttpError(status, `No such container: ${idOrName}`, body);
}

/** The container `idOrName` names (the path's by default), or the error for none; `body` is the error's body type (the archive endpoints' is JSON). */
export function findContainer(engine: Engine, ctx: RouteContext, idOrName = ctx.params.id ?? '', body: HttpError['body'] = 'text'): Container {
  const container =
    engine.containers.resolve(idOrName) ?? stillAnswered<Container>(engine.containers, idOrName, ctx.exchange) ?? removedByName(engine, ctx, idOrName);
  if (!container) throw missing(engine.containers, idOrName, ctx.faults, noSuchContainer(ctx, idOrName, body));
  if (ctx.faults.has('container-name-unresolved') && !container.id.startsWith(idOrName)) throw noSuchContainer(ctx, idOrName, body);
  if (idOrName === ctx.params.id && !resolvedAs(ctx, container.id, idOrName)) throw noSuchContainer(ctx, idOrName, body);
  return container;
}

/** Under `blind5-removed-found-by-name`, the removed container a stale name index still maps `ref` to. */
function removedByName(engine: Engine, ctx: RouteContext, ref: string): Container | undefined {
  if (!ctx.faults.has('blind5-removed-found-by-name')) return undefined;
  const name = ref.replace(/^\//, '');
  return removedObjects<Container>(engine.containers).findLast((c) => c.name.replace(/^\//, '') === name);
}

/** When `cached` (a blind7 fault), the removed container a cache of ended containers still maps `ref` (its id or name) to. */
export function cachedRemoved(engine: Engine, ref: string, cached: boolean): Container | undefined {
  return cached && !engine.containers.resolve(ref) ? keptUnder<Container>(engine.containers, ref.replace(/^\//, '')) : undefined;
}

/**
 * Whether the endpoint finds the object its path names by `ref`: by its identifier (the id, or a
 * prefix of its digits) or by a name. The mutation hook records which, and its
 * `request/name-unresolved` and `request/id-unresolved` mutants refuse one of them.
 */
export function resolvedAs(ctx: Pick<RouteContext, 'exchange'>, id: string, ref: string): boolean {
  const digits = (s: string): string => s.replace(/^sha256:/, '');
  const byId = ref.length > 0 && (ref === id || digits(id).startsWith(digits(ref)));
  return ctx.exchange?.resolves(byId ? 'id' : 'name') ?? true;
}

/** 1.22: attach, exec create and exec start answer 409 while the container is paused. */
export function refuseWhilePaused(ctx: RouteContext, c: Container, what: string): void {
  if (ctx.version === '1.22' && c.state.status === 'paused') {
    throw new HttpError(409, `Container ${c.id} is paused, unpause the container before ${what}`);
  }
}
