import { RUN_LABEL } from '../../../harness/fixtures/labels.ts';
import { engineCheck } from '../support/check.ts';
import { expectShownName, namesHold, shownNameForms } from '../support/container-names.ts';
import type { EngineContext } from '../support/context.ts';
import { LISTED_CODES } from '../support/every-state.ts';
import { noSuchContainerCheck } from '../support/lifecycle.ts';

const ENDPOINT = 'engine/containers/rename';
const OUTSIDE_PATTERN = 'engine/containers/rename/500-name-outside-pattern';

/** What a listed code other than 500 would claim about a rename to a free name outside the pattern, which the request contradicts. */
const CONTRADICTED: Record<number, string> = {
  204: 'a success: a name outside /?[a-zA-Z0-9_-]+ was given to the container',
  404: '404 (no such container): the container exists',
  409: '409 (name already assigned): no container holds that name',
};

/**
 * The rename's status judged by its code list (204, 404, 409, 500): 500 is the one that fits; a
 * listed one the request contradicts fails this rule, an unlisted one (400) the listed codes, once.
 */
function verifyRefusedWith500(ctx: EngineContext, what: string, status: number): void {
  if (status === 500) {
    ctx.verify(true, what, { requirement: OUTSIDE_PATTERN });
    return;
  }
  const listed = CONTRADICTED[status];
  const message = listed
    ? `${what} answered ${listed} ("Codes: 204, 404, 409 (name already assigned), 500")`
    : `${what} answered ${status}, which POST /containers/(id or name)/rename does not list ` +
      '("Status codes listed are the success and error codes of each operation": 204, 404, 409, 500)';
  ctx.verify(false, message, { requirement: listed ? OUTSIDE_PATTERN : LISTED_CODES, expected: 500, actual: status });
}

/** The container list (all, filtered by the run's label, a documented filter) shows the container under its new name, not the old one. */
async function expectListedAs(ctx: EngineContext, id: string, renamed: string, old: string): Promise<void> {
  const res = await ctx.api.get('/containers/json', { all: 1, filters: JSON.stringify({ label: [`${RUN_LABEL}=${ctx.run.runId}`] }) });
  ctx.expectStatus(res, 200, "container list of the run's containers");
  const items = ctx.expectJson<unknown>(res, 'container list');
  const names = (Array.isArray(items) ? (items as Array<{ Id?: string; Names?: unknown }>) : []).find((c) => c.Id === id)?.Names;
  const shown = Array.isArray(names) ? names : [];
  ctx.expect(namesHold(shown, renamed) && !namesHold(shown, old), 'after a 204 rename the container list shows the container under its new name only', {
    expected: `Names with ${shownNameForms(renamed)}, without ${shownNameForms(old)}`,
    actual: names ?? 'not listed',
  });
}

/** Spec: Endpoints > Containers > 15. POST /containers/(id or name)/rename?name=<new_name>. */
export default [
  engineCheck({
    id: 'engine/containers/rename/204-renamed',
    title: 'POST /rename?name=<new> answers 204 and the container has the new name',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id, name } = await ctx.createContainer({ cmd: ['true'] });
      const renamed = ctx.uniqueName('renamed');
      ctx.expectStatus(await ctx.api.post(`/containers/${id}/rename`, { query: { name: renamed } }), 204, 'rename to a free name');
      expectShownName(ctx, (await ctx.inspect(id)).Name, renamed, 'after a 204 rename, inspect Name is the new name');
      ctx.expectStatus(await ctx.api.get(`/containers/${renamed}/json`), 200, 'the container is found by its new name');
      await expectListedAs(ctx, id, renamed, name);
    },
  }),
  engineCheck({
    id: 'engine/containers/rename/204-renamed/by-name',
    title: 'POST /containers/(name)/rename?name=<new> addressed by the current name answers 204, that container has the new name and the old one finds nothing',
    requirements: ['engine/containers/rename/204-renamed'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id, name } = await ctx.createContainer({ cmd: ['true'] });
      const renamed = ctx.uniqueName('renamed');
      ctx.expectStatus(await ctx.api.post(`/containers/${name}/rename`, { query: { name: renamed } }), 204, `rename addressed by the name ${name}`);
      expectShownName(ctx, (await ctx.inspect(id)).Name, renamed, 'after a 204 rename addressed by name, inspect (by id) Name is the new name');
      // The container has one name: the old one names no container any more.
      ctx.expectStatus(await ctx.api.get(`/containers/${name}/json`), 404, `GET /containers/${name}/json by the name given up in the rename`);
    },
  }),
  engineCheck({
    id: 'engine/containers/rename/409-name-already-assigned',
    title: 'POST /rename to a name assigned to another container answers 409 and keeps the old name',
    endpoint: ENDPOINT,
    async run(ctx) {
      const first = await ctx.createContainer({ cmd: ['true'] });
      const second = await ctx.createContainer({ cmd: ['true'] });
      ctx.expectStatus(await ctx.api.post(`/containers/${first.id}/rename`, { query: { name: second.name } }), 409, 'rename to a name already assigned');
      expectShownName(ctx, (await ctx.inspect(first.id)).Name, first.name, 'after the 409 the container keeps its old name');
    },
  }),
  engineCheck({
    id: OUTSIDE_PATTERN,
    title: 'POST /rename to a name outside /?[a-zA-Z0-9_-]+ (or to none) is refused with 500, the listed code that fits, and the container keeps its name',
    requirements: [OUTSIDE_PATTERN, LISTED_CODES],
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id, name } = await ctx.createContainer({ cmd: ['true'] });
      const free = ctx.uniqueName('renamed');
      // Names Docker refuses too (it allows a '.', which engine/limits/container-name-outside-pattern reports).
      for (const bad of [`${free} name`, `${free}!`, '']) {
        const res = await ctx.api.post(`/containers/${id}/rename`, { query: { name: bad } });
        verifyRefusedWith500(ctx, `rename to ${JSON.stringify(bad)}`, res.status);
      }
      expectShownName(ctx, (await ctx.inspect(id)).Name, name, 'after the refused renames the container keeps its name', OUTSIDE_PATTERN);
    },
  }),
  noSuchContainerCheck({ endpoint: ENDPOINT, method: 'POST', suffix: 'rename', query: { name: 'conformance-free-name' } }),
];
