/**
 * Containers a check owns, told apart from anything else on the target by a label unique to the
 * check: list queries always filter by it, so other containers on a real daemon never matter.
 */
import type { RemovalOwner } from '../../../harness/check/file-shared.ts';
import { encodeFilters } from '../../../harness/protocol/filters.ts';
import { expectItems } from '../../../harness/schema/members.ts';
import type { Query } from '../../../harness/protocol/query.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { ContainerSpec, CreatedContainer, EngineContext } from './context.ts';
import { exitedContainer } from './lifecycle.ts';

export type ListItem = Record<string, unknown> & { Id: string };

/** A label (key=value) unique to one check. */
export interface OwnLabel {
  key: string;
  value: string;
  /** The `label` filter value that selects exactly the check's containers. */
  filter: string;
}

export function ownLabel(purpose: string): OwnLabel {
  const key = `conformance.${purpose}`;
  const value = Math.random().toString(36).slice(2, 10);
  return { key, value, filter: `${key}=${value}` };
}

/** Creates a container carrying the check's label (plus any labels of the spec). */
export function createOwn(ctx: EngineContext, label: OwnLabel, spec: ContainerSpec): Promise<CreatedContainer> {
  return ctx.createContainer({ ...spec, labels: { ...spec.labels, [label.key]: label.value } });
}

/** A container that ran `cmd` to its end (exit code as the command chose). */
export function exitedOwn(
  ctx: EngineContext,
  label: OwnLabel,
  cmd: string[],
  labels: Record<string, string> = {},
  owner?: RemovalOwner,
): Promise<CreatedContainer> {
  return exitedContainer(ctx, cmd, { labels: { ...labels, [label.key]: label.value }, ...(owner ? { owner } : {}) });
}

/** GET /containers/json restricted to the check's label (more filters may be added). */
export function listRequest(ctx: EngineContext, label: OwnLabel, query: Query = {}, filters: Record<string, string[]> = {}): Promise<HttpResponse> {
  const all = { ...filters, label: [...(filters.label ?? []), label.filter] };
  return ctx.api.get('/containers/json', { ...query, filters: encodeFilters(all) });
}

/** The ids the list answers (200 required), newest first as sent. */
export async function listIds(
  ctx: EngineContext,
  label: OwnLabel,
  query: Query = {},
  filters: Record<string, string[]> = {},
  requirement?: string,
): Promise<string[]> {
  return idsOf(ctx, await listRequest(ctx, label, query, filters), `GET /containers/json ${JSON.stringify({ ...query, filters })}`, requirement);
}

/**
 * The ids the whole daemon's list answers without a filter (200 required), for the rules only an
 * unfiltered list shows (a limit alone); the check's own containers are told apart by their ids.
 */
export async function daemonListIds(ctx: EngineContext, query: Query, requirement?: string): Promise<string[]> {
  return idsOf(ctx, await ctx.api.get('/containers/json', query), `GET /containers/json ${JSON.stringify(query)}`, requirement);
}

function idsOf(ctx: EngineContext, res: HttpResponse, what: string, requirement?: string): string[] {
  ctx.expectStatus(res, 200, what, requirement);
  return expectItems(
    ctx,
    ctx.expectJson(res, 'container list', requirement),
    { Id: 'string' },
    'container list',
    'engine/containers/list/200-response-schema',
  ).map((c) => c.Id as string);
}

/** Order-insensitive comparison of id lists, for filters that say nothing about order. */
export function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

/** Short ids for messages. */
export function short(ids: readonly string[]): string[] {
  return ids.map((id) => id.slice(0, 12));
}
