/**
 * The catalog's operations on one object (a container, image, volume, network or exec instance
 * named in the path), as requests a check can send for any reference: the query and body a valid
 * request of each needs besides its path. The use-after-delete and the addressed-by-name checks
 * send each of them.
 */
import { loadEndpoints } from '../../../harness/catalog/load.ts';
import type { Endpoint, EngineVersion } from '../../../harness/catalog/types.ts';
import { TargetError } from '../../../harness/target/errors.ts';
import type { EngineContext } from '../support/context.ts';
import { sharedExitedContainer } from '../support/lifecycle.ts';

/** An operation on an object answers at once; one that waits on it is a breach of its own. */
const ANSWER_WITHIN_MS = 20_000;

export interface OperationNeeds {
  query?: Record<string, string | number>;
  json?: unknown;
}

/** What a valid request of an endpoint needs besides its path (a stream chosen, a path in the container). */
const NEEDS: Readonly<Record<string, OperationNeeds>> = {
  'engine/containers/logs': { query: { stdout: 1 } },
  'engine/containers/stats': { query: { stream: 0 } },
  'engine/containers/attach': { query: { stream: 0, stdout: 1 } },
  'engine/containers/attach-ws': { query: { stream: 0, stdout: 1 } },
  'engine/containers/archive-get': { query: { path: '/' } },
  'engine/containers/archive-put': { query: { path: '/' } },
  'engine/containers/rename': { query: { name: 'conformance-renamed-never' } },
  'engine/containers/copy': { json: { Resource: '/' } },
  'engine/containers/update': { json: { CpuShares: 512 } },
  'engine/exec/create': { json: { Cmd: ['true'] } },
  'engine/exec/start': { json: { Detach: true } },
  'engine/images/tag': { query: { repo: 'conformance-tag-never', tag: 't' } },
};

/** Operations sent with an existing container in the body, so that the object in the path is the only one named. */
const WITH_CONTAINER: ReadonlySet<string> = new Set(['engine/networks/connect', 'engine/networks/disconnect']);

/** The catalog's operations on one object under `prefix` (`/containers/{id}`) that document 404, at a version. */
export function objectOperations(prefix: string, version: EngineVersion): Endpoint[] {
  return loadEndpoints('engine').filter(
    (e) =>
      (e.path === prefix || e.path.startsWith(`${prefix}/`)) &&
      e.versions.includes(version) &&
      e.responses.some((r) => r.status === 404 && (!r.versions || r.versions.includes(version))),
  );
}

async function bodyOf(ctx: EngineContext, endpoint: Endpoint, needs: OperationNeeds): Promise<unknown> {
  if (!WITH_CONTAINER.has(endpoint.id)) return needs.json;
  const { id } = await ctx.setUp(() => sharedExitedContainer(ctx));
  return { Container: id };
}

/**
 * The status of one operation on the object `ref` names under `prefix`, or a description of the
 * answer that did not come. `needs` replaces the operation's default query and body.
 */
export async function operationStatus(ctx: EngineContext, endpoint: Endpoint, prefix: string, ref: string, needs?: OperationNeeds): Promise<number | string> {
  const wanted = needs ?? NEEDS[endpoint.id] ?? {};
  const json = await bodyOf(ctx, endpoint, wanted);
  const path = endpoint.path.replace(prefix.slice(prefix.indexOf('{')), encodeURIComponent(ref));
  try {
    // The status is all the checks read: taken from the answer's head, so that a stream (1.18
    // stats has no `stream` parameter and never ends) is not waited on for its whole time-out.
    const res = await ctx.api.rawStream(endpoint.method, ctx.api.path(path), {
      query: wanted.query ?? {},
      ...(json !== undefined ? { json } : endpoint.method === 'POST' ? { body: '' } : {}),
      timeoutMs: ANSWER_WITHIN_MS,
    });
    res.close();
    return res.status;
  } catch (err) {
    if (err instanceof TargetError) return `no answer (${err.message.slice(0, 80)})`;
    throw err;
  }
}
