/**
 * Use after delete: once an object is deleted, every operation on it that lists 404 answers 404,
 * and no list shows it. The operations are the catalog's endpoints under the object's path prefix;
 * each is also sent for a reference no object ever had (the control): where that one is not
 * answered 404 either, the endpoint's own 404 check reports it, and this check does not again.
 * Spec: Errors, "404: no such container, image, exec instance, volume, network (per endpoint)".
 */
import { engineCheck, type EngineCheck } from '../support/check.ts';
import { DELETABLE_KINDS, type DeletableKind } from './deleted-objects.ts';
import { objectOperations, operationStatus } from './object-operations.ts';

export const AFTER_DELETE = 'engine/errors/404-after-delete';

function afterDeleteCheck(kind: DeletableKind): EngineCheck {
  return engineCheck({
    id: `${AFTER_DELETE}/${kind.kind}`,
    title: `Every operation on a deleted ${kind.kind} that lists 404 answers 404, as for one that never existed, and no list shows it`,
    requirements: [AFTER_DELETE],
    versions: kind.versions,
    async run(ctx) {
      const gone = await ctx.setUp(() => kind.deleted(ctx));
      const never = kind.never(ctx);
      for (const endpoint of objectOperations(kind.prefix, ctx.version)) {
        const op = `${endpoint.method} ${endpoint.path}`;
        const control = await operationStatus(ctx, endpoint, kind.prefix, never);
        if (control !== 404) {
          ctx.observe(`${op} answered ${control} for a ${kind.kind} that never existed: its own 404 check reports that`);
          continue;
        }
        // By each reference the paths take: a name left in an index after the removal still finds it.
        for (const ref of [gone.ref, ...(gone.alias ? [gone.alias] : [])]) {
          const status = await operationStatus(ctx, endpoint, kind.prefix, ref);
          ctx.verify(status === 404, `${op} on the deleted ${kind.kind} ${ref.slice(0, 24)} answered ${status}, where one that never existed answered 404`, {
            expected: 404,
            actual: status,
            requirement: AFTER_DELETE,
          });
        }
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
