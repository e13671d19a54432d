/**
 * Use after delete: once an object is deleted, every operation on it that lists 404 answers 404,
 * and no list shows it. The operations are the catalog's endpoints under the object's path prefix;
 * each is also sent for a reference no object ever had (the control): where that one is not
 * answered 404 either, the endpoint's own 404 check reports it, and this check does not again.
 * Spec: Errors, "404: no such container, image, exec instance, volume, network (per endpoint)".
 */
import { loadEndpoints } from '../../../harness/catalog/load.ts';
import type { Endpoint, EngineVersion } from '../../../harness/catalog/types.ts';
import { TargetError } from '../../../harness/target/errors.ts';
import { engineCheck, type EngineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { sharedExitedContainer } from '../support/lifecycle.ts';
import { DELETABLE_KINDS, type DeletableKind } from './deleted-objects.ts';

export const AFTER_DELETE = 'engine/errors/404-after-delete';
/** An operation on a deleted object answers at once; one that waits on it is a breach of its own. */
const ANSWER_WITHIN_MS = 20_000;

/** What a valid request of an endpoint needs besides its path (a stream chosen, a path in the container). */
const NEEDS: Readonly<Record<string, { query?: Record<string, string | number>; json?: unknown }>> = {
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

/** Operations sent with an existing container in the body, so that the object in the path is the only one missing. */
const WITH_CONTAINER: ReadonlySet<string> = new Set(['engine/networks/connect', 'engine/networks/disconnect']);

async function bodyOf(ctx: EngineContext, endpoint: Endpoint): Promise<unknown> {
  if (!WITH_CONTAINER.has(endpoint.id)) return NEEDS[endpoint.id]?.json;
  const { id } = await ctx.setUp(() => sharedExitedContainer(ctx));
  return { Container: id };
}

/** The catalog's operations on one object of a kind that document 404, at a version. */
function operations(kind: DeletableKind, version: EngineVersion): Endpoint[] {
  return loadEndpoints('engine').filter(
    (e) =>
      e.path.startsWith(kind.prefix) &&
      e.versions.includes(version) &&
      e.responses.some((r) => r.status === 404 && (!r.versions || r.versions.includes(version))),
  );
}

/** The status of one operation on `ref`, or a description of the answer that did not come. */
async function statusOf(ctx: EngineContext, endpoint: Endpoint, kind: DeletableKind, ref: string): Promise<number | string> {
  const needs = NEEDS[endpoint.id] ?? {};
  const json = await bodyOf(ctx, endpoint);
  const path = endpoint.path.replace(kind.prefix.slice(kind.prefix.indexOf('{')), encodeURIComponent(ref));
  try {
    const res = await ctx.api.raw(endpoint.method, ctx.api.path(path), {
      query: needs.query ?? {},
      ...(json !== undefined ? { json } : endpoint.method === 'POST' ? { body: '' } : {}),
      timeoutMs: ANSWER_WITHIN_MS,
    });
    return res.status;
  } catch (err) {
    if (err instanceof TargetError) return `no answer (${err.message.slice(0, 80)})`;
    throw err;
  }
}

function afterDeleteCheck(kind: DeletableKind): EngineCheck {
  return engineCheck({
    id: `${AFTER_DELETE}/${kind.kind}`,
    title: `Every operation on a deleted ${kind.kind} that lists 404 answers 404, as for one that never existed, and no list shows it`,
    requirements: [AFTER_DELETE],
    versions: kind.versions,
    async run(ctx) {
      const gone = await ctx.setUp(() => kind.deleted(ctx));
      const never = kind.never(ctx);
      for (const endpoint of operations(kind, ctx.version)) {
        const op = `${endpoint.method} ${endpoint.path}`;
        const [control, status] = [await statusOf(ctx, endpoint, kind, never), await statusOf(ctx, endpoint, kind, gone.ref)];
        if (control !== 404) {
          ctx.observe(`${op} answered ${control} for a ${kind.kind} that never existed: its own 404 check reports that`);
          continue;
        }
        ctx.verify(status === 404, `${op} on the deleted ${kind.kind} ${gone.ref.slice(0, 24)} answered ${status}, where one that never existed answered 404`, {
          expected: 404,
          actual: status,
          requirement: AFTER_DELETE,
        });
      }
      const lists = await gone.listedIn();
      ctx.verify(lists.length === 0, `${lists.join(', ')} still shows the deleted ${kind.kind} ${gone.ref.slice(0, 24)}`, {
        expected: 'absent from every list and filter',
        actual: lists,
        requirement: AFTER_DELETE,
      });
    },
  });
}

/** One check per kind of object a client can delete. */
export function afterDeleteChecks(): EngineCheck[] {
  return DELETABLE_KINDS.map(afterDeleteCheck);
}
