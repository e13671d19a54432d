import fc from 'fast-check';
import { DOCUMENTED_FALSE_SPELLINGS, DOCUMENTED_TRUE_SPELLINGS, parseBoolean } from '../../../harness/protocol/booleans.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { forAll } from '../support/properties.ts';
import { listIds, listRequest, type OwnLabel } from '../support/own-containers.ts';
import { population } from './population.ts';

const ENDPOINT = 'engine/containers/list';

/** The population's container that exited 0: listed with all=true, hidden with all=false. */
async function exitedOnly(ctx: EngineContext): Promise<{ label: OwnLabel; id: string }> {
  const { label, known } = await population(ctx);
  return { label, id: known[1].id };
}

/** How the target read `all=<spelling>`: true when the exited container was listed. */
async function readsAs(ctx: EngineContext, label: OwnLabel, id: string, spelling: string): Promise<boolean> {
  return (await listIds(ctx, label, { all: spelling })).includes(id);
}

/** What the target made of an undocumented spelling: read as true or false, or refused (recorded, not judged). */
async function undocumentedReading(ctx: EngineContext, label: OwnLabel, id: string, spelling: string): Promise<string> {
  const res = await listRequest(ctx, label, { all: spelling }, {});
  if (res.status !== 200) return `was answered ${res.status}: ${res.text().trim().slice(0, 120)}`;
  const items = ctx.expectJson<Array<{ Id: string }>>(res, 'container list');
  return `was read as ${items.some((c) => c.Id === id)}`;
}

function spellingCheck(value: boolean): ReturnType<typeof engineCheck> {
  const requirement = `engine/query/boolean-${value}-spellings`;
  const spellings = value ? DOCUMENTED_TRUE_SPELLINGS : DOCUMENTED_FALSE_SPELLINGS;
  return engineCheck({
    id: requirement,
    title: `Boolean query parameters read ${spellings.join(', ')} as ${value} (checked on \`all\` of the container list)`,
    endpoint: ENDPOINT,
    async run(ctx) {
      const { label, id } = await exitedOnly(ctx);
      for (const spelling of spellings) {
        ctx.expectEqual(
          await readsAs(ctx, label, id, spelling),
          value,
          `all=${spelling} is read as ${value} (the exited container is ${value ? '' : 'not '}listed)`,
        );
      }
    },
  });
}

/** Spellings outside the spec, to observe what the target makes of them. */
const UNDOCUMENTED = ['yes', 'no', 'TRUE', 'FALSE', 'on', 'off', '2', 'none', ''];

/** Spec: Overview: boolean query parameters accept 1/True/true and 0/False/false. */
export default [
  spellingCheck(true),
  spellingCheck(false),
  engineCheck({
    id: 'engine/query/boolean-true-spellings/property',
    title: 'Random boolean spellings: each documented one is read by its meaning; what undocumented ones give is recorded',
    requirements: ['engine/query/boolean-true-spellings', 'engine/query/boolean-false-spellings'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const { label, id } = await exitedOnly(ctx);
      const spelling = fc.constantFrom(...DOCUMENTED_TRUE_SPELLINGS, ...DOCUMENTED_FALSE_SPELLINGS, ...UNDOCUMENTED);
      await forAll(
        ctx,
        spelling,
        async (s) => {
          const documented = parseBoolean(s).value;
          if (documented === undefined) {
            ctx.observe(`the undocumented spelling all=${JSON.stringify(s)} ${await undocumentedReading(ctx, label, id, s)}`);
            return undefined;
          }
          const read = await readsAs(ctx, label, id, s);
          return read === documented ? undefined : `all=${s} was read as ${read}, the spec says ${documented} (engine/query/boolean-${documented}-spellings)`;
        },
        10,
      );
    },
  }),
];
