/**
 * A name no container holds any longer is free: once its container is removed, or renamed to
 * another name, the name is "assigned to another container" no more, so a create or a rename
 * with it is not refused with 409, the code the spec gives that condition.
 * Spec: Endpoints > Containers > 2. POST /containers/create ("409: conflict when the `name` is
 * already assigned to another container") and 15. rename ("409 (name already assigned)").
 */
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { engineCheck } from '../support/check.ts';
import { createBody, createRaw } from '../support/container-data.ts';
import type { EngineContext } from '../support/context.ts';

const CREATE_409 = 'engine/containers/create/409-name-conflict';
const RENAME_409 = 'engine/containers/rename/409-name-already-assigned';

/** How a check freed a name: the way, and the name. */
interface FreedName {
  how: string;
  name: string;
}

/** A name given up by removing its container (a set-up: a refused delete blocks the check). */
async function nameOfRemoved(ctx: EngineContext): Promise<FreedName> {
  const { id, name } = await ctx.createContainer({ cmd: ['true'] });
  const res = await ctx.api.delete(`/containers/${id}`, { force: 1 });
  if (res.status !== 204) ctx.blockedBy('engine/containers/delete/204-removed', `DELETE /containers/${id}?force=1 answered ${res.status}`);
  return { how: 'whose container was removed', name };
}

/** A name given up by renaming its container (a set-up: a refused rename blocks the check). */
async function nameRenamedAway(ctx: EngineContext): Promise<FreedName> {
  const { id, name } = await ctx.createContainer({ cmd: ['true'] });
  const res = await ctx.api.post(`/containers/${id}/rename`, { query: { name: ctx.uniqueName('renamed') } });
  if (res.status !== 204) ctx.blockedBy('engine/containers/rename/204-renamed', `POST /containers/${id}/rename answered ${res.status}`);
  return { how: 'whose container was renamed to another name', name };
}

/** The operation with a freed name was not refused as if another container held the name. */
function verifyNotConflict(ctx: EngineContext, res: HttpResponse, what: string, requirement: string): void {
  ctx.verify(res.status !== 409, `${what} answered 409: ${res.text().trim().slice(0, 160)}`, {
    expected: 'not 409 (no container holds the name)',
    actual: res.status,
    requirement,
  });
}

export default [
  engineCheck({
    id: `${CREATE_409}/name-freed`,
    title: 'A create with a name whose container was removed or renamed away is not refused 409',
    requirements: [CREATE_409],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      for (const freed of [await nameOfRemoved(ctx), await nameRenamedAway(ctx)]) {
        const { res } = await createRaw(ctx, createBody(ctx), freed.name);
        verifyNotConflict(ctx, res, `create with the name ${freed.name}, ${freed.how},`, CREATE_409);
      }
    },
  }),
  engineCheck({
    id: `${RENAME_409}/name-freed`,
    title: 'A rename to a name whose container was removed or renamed away is not refused 409',
    requirements: [RENAME_409],
    endpoint: 'engine/containers/rename',
    async run(ctx) {
      for (const freed of [await nameOfRemoved(ctx), await nameRenamedAway(ctx)]) {
        const { id } = await ctx.createContainer({ cmd: ['true'] });
        const res = await ctx.api.post(`/containers/${id}/rename`, { query: { name: freed.name } });
        verifyNotConflict(ctx, res, `rename to the name ${freed.name}, ${freed.how},`, RENAME_409);
      }
    },
  }),
];
