import { engineCheck } from '../support/check.ts';
import { createBody, createRaw } from '../support/container-data.ts';
import { bareName, shownNameForms, showsName } from '../support/container-names.ts';
import type { EngineContext } from '../support/context.ts';

const ENDPOINT = 'engine/containers/create';

/** Creates a container named `name`: the status of the answer and, on 201, the container's Id. */
async function createNamed(ctx: EngineContext, name: string): Promise<{ status: number; id?: string }> {
  const { res, id } = await createRaw(ctx, createBody(ctx), name);
  return { status: res.status, ...(id ? { id } : {}) };
}

/** Every name must be accepted (201) and name the container as given; a refusal fails naming the name. */
async function expectAccepted(ctx: EngineContext, names: string[]): Promise<void> {
  for (const name of names) await expectNamed(ctx, name, await createNamed(ctx, name));
}

/**
 * The create was accepted and the container carries the name as given: inspect by that name (a
 * leading / is not part of it) finds the container, its Name shown as the name, with or without one
 * leading / (the spec gives Name S no display format). A target that accepts the name and then
 * changes it (case, `_` or `-` dropped, cut short) shows.
 */
async function expectNamed(ctx: EngineContext, name: string, created: { status: number; id?: string }): Promise<void> {
  ctx.expect(created.status === 201, `the name ${JSON.stringify(name)} matches /?[a-zA-Z0-9_-]+ and must be accepted, got ${created.status}`, {
    expected: 201,
    actual: { name, status: created.status },
  });
  if (created.status !== 201) return;
  const bare = bareName(name);
  const res = await ctx.api.get(`/containers/${bare}/json`);
  const shown = res.status === 200 ? ctx.expectJson<{ Id?: unknown; Name?: unknown }>(res, 'container inspect') : undefined;
  ctx.expect(
    shown?.Id === created.id && showsName(shown?.Name, name),
    `the container created with the name ${JSON.stringify(name)} is found by it and named ${shownNameForms(name)}`,
    {
      expected: { status: 200, Id: created.id, Name: shownNameForms(name) },
      actual: { status: res.status, Id: shown?.Id, Name: shown?.Name },
    },
  );
}

/**
 * A one-character name no container on the target has: the name carries no run id, so it is
 * chosen among the free ones (another suite or user may hold any of them).
 */
async function freeSingleCharacterName(ctx: EngineContext): Promise<string> {
  const res = await ctx.setUp(() => ctx.api.get('/containers/json', { all: '1' }));
  const taken = new Set(ctx.expectJson<Array<{ Names?: string[] }>>(res, 'container list').flatMap((c) => c.Names ?? []));
  const free = [...'QXZJKVWYabcdefghijklmnopqrstuvwxyz0123456789'].filter((c) => !taken.has(`/${c}`) && !taken.has(c));
  if (!free.length) ctx.skip('every one-character container name is taken on the target');
  return free[Math.floor(Math.random() * free.length)]!;
}

const unique = (): string => Math.random().toString(36).slice(2, 8);

/** Spec: Limits: container name matches `/?[a-zA-Z0-9_-]+`. */
export default [
  engineCheck({
    id: 'engine/limits/container-name-pattern',
    title: 'Names matching /?[a-zA-Z0-9_-]+ are accepted on create (letters, digits, _ and -, with or without a leading /)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const u = unique();
      await expectAccepted(ctx, [`Conformance_${u}-Name9`, `/conformance-slash-${u}`, `${u}0123456789`]);
    },
  }),
  engineCheck({
    id: 'engine/limits/container-name-pattern/edges',
    title: 'Edge names of /?[a-zA-Z0-9_-]+ are accepted too: a leading _ or -, a single character',
    requirements: ['engine/limits/container-name-pattern'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const u = unique();
      await expectAccepted(ctx, [`_conformance-${u}`, `-conformance-${u}`]);
      // Taken between the list and the create (409, "name in use"), another free one is tried.
      let created: { status: number; id?: string } = { status: 409 };
      let name = '';
      for (let attempt = 0; attempt < 3 && created.status === 409; attempt++) {
        name = await freeSingleCharacterName(ctx);
        created = await createNamed(ctx, name);
      }
      await expectNamed(ctx, name, created);
    },
  }),
  engineCheck({
    id: 'engine/limits/container-name-outside-pattern',
    title: 'A name outside /?[a-zA-Z0-9_-]+ is refused with 400',
    endpoint: ENDPOINT,
    async run(ctx) {
      const u = unique();
      // A lone `/` is outside too (the pattern needs a character after it): a target taking it for no name shows.
      for (const name of [`conformance ${u}`, `conformance!${u}`, '/', `conformance.${u}`, `a/b${u}`]) {
        const { status } = await createNamed(ctx, name);
        ctx.expect(status === 400, `the name ${JSON.stringify(name)} is outside the grammar and should be refused with 400, got ${status}`, {
          expected: 400,
          actual: { name, status },
        });
      }
    },
  }),
];
