import { engineCheck } from '../support/check.ts';
import { createBody, createRaw } from '../support/container-data.ts';
import type { EngineContext } from '../support/context.ts';

const ENDPOINT = 'engine/containers/create';

/** Creates a container named `name`; the status of the answer. */
async function createNamed(ctx: EngineContext, name: string): Promise<number> {
  return (await createRaw(ctx, createBody(ctx), name)).res.status;
}

/** Every name must be accepted (201); a refusal fails naming the name. */
async function expectAccepted(ctx: EngineContext, names: string[]): Promise<void> {
  for (const name of names) expectAcceptedStatus(ctx, name, await createNamed(ctx, name));
}

function expectAcceptedStatus(ctx: EngineContext, name: string, status: number): void {
  ctx.expect(status === 201, `the name ${JSON.stringify(name)} matches /?[a-zA-Z0-9_-]+ and must be accepted, got ${status}`, {
    expected: 201,
    actual: { name, status },
  });
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
      let status = 409;
      let name = '';
      for (let attempt = 0; attempt < 3 && status === 409; attempt++) {
        name = await freeSingleCharacterName(ctx);
        status = await createNamed(ctx, name);
      }
      expectAcceptedStatus(ctx, name, status);
    },
  }),
  engineCheck({
    id: 'engine/limits/container-name-outside-pattern',
    title: 'A name outside /?[a-zA-Z0-9_-]+ is refused with 400',
    endpoint: ENDPOINT,
    async run(ctx) {
      const u = unique();
      for (const name of [`conformance ${u}`, `conformance!${u}`, `conformance.${u}`, `a/b${u}`]) {
        const status = await createNamed(ctx, name);
        ctx.expect(status === 400, `the name ${JSON.stringify(name)} is outside the grammar and should be refused with 400, got ${status}`, {
          expected: 400,
          actual: { name, status },
        });
      }
    },
  }),
];
