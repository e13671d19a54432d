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
  for (const name of names) {
    const status = await createNamed(ctx, name);
    ctx.expect(status === 201, `the name ${JSON.stringify(name)} matches /?[a-zA-Z0-9_-]+ and must be accepted, got ${status}`, {
      expected: 201,
      actual: { name, status },
    });
  }
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
      const single = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]!.toUpperCase();
      await expectAccepted(ctx, [`_conformance-${u}`, `-conformance-${u}`, single]);
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
