/**
 * The paths the spec writes for one object (Endpoints: `/api/audit/v1/action/(uuid)/`,
 * `/api/app/v1/[ns/]stack/(uuid)/`, ...), built from the object's own fields, not taken from the
 * resource_uri the target returns: a target whose resource_uri points elsewhere than the
 * documented path must not pass by being followed.
 */
import { loadEndpoints } from '../../../harness/catalog/load.ts';
import type { Endpoint } from '../../../harness/catalog/types.ts';
import type { CloudContext } from './context.ts';
import { sameResource, type Json } from './lists.ts';

export type UuidKind = 'action' | 'nodecluster' | 'node' | 'stack' | 'service' | 'container';

const SUBSYSTEM: Record<UuidKind, string> = {
  action: 'audit',
  nodecluster: 'infra',
  node: 'infra',
  stack: 'app',
  service: 'app',
  container: 'app',
};

/** `/api/<subsystem>/v1/<kind>/(uuid)/` as the spec writes it (no namespace: the caller's own). */
export const specPathOf = (kind: UuidKind, uuid: unknown): string => `/api/${SUBSYSTEM[kind]}/v1/${kind}/${String(uuid)}/`;

/**
 * GET of the object at the path the spec writes answers 200 with that object (same uuid, and a
 * resource_uri naming the same resource). Returns the object read there.
 */
export async function expectAtSpecPath(ctx: CloudContext, kind: UuidKind, object: { uuid?: unknown }, requirement: string): Promise<Json> {
  const path = specPathOf(kind, object.uuid);
  const res = await ctx.api.get(path);
  ctx.expectStatus(res, 200, `GET ${path} (the path the spec writes)`, requirement);
  const got = ctx.expectJson<Json>(res, `GET ${path}`, requirement);
  ctx.expectEqual(got.uuid, object.uuid, `GET ${path} returned another object`, requirement);
  ctx.expect(sameResource(got.resource_uri, path), `GET ${path} returned resource_uri ${String(got.resource_uri)}, not that path`, {
    expected: path,
    actual: got.resource_uri,
    requirement,
  });
  return got;
}

/** The REST endpoints of the catalog (the spec's endpoint tables). */
export const REST_ENDPOINTS: readonly Endpoint[] = loadEndpoints('cloud').filter((e) => e.interface === 'rest');
const NO_UUID = '00000000-0000-0000-0000-000000000000';

/** Whether the endpoint's path names one object (a uuid or a name). */
export const namesObject = (e: Endpoint): boolean => /\{[a-z_]+\}/.test(e.path);

/** The endpoint's path as the spec writes it, its parameters filled with values no object has. */
export function pathWithoutObject(ctx: CloudContext, e: Endpoint): string {
  return e.path
    .replace('vendor-upgrade', ctx.spell('vendor-upgrade'))
    .replace(/\{uuid\}/g, NO_UUID)
    .replace(/\{[a-z_]+\}/g, 'conformance-no-such-name');
}
