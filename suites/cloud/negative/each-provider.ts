/**
 * A node cluster create body is checked against rules that differ by provider (the spec's disk:
 * "not available for one provider; for another provider one of 10, 20, 25, ... 2000"), so the
 * sweep's one placement cannot tell a provider that checks a field's range from one that does not.
 * Here each number field of the body with a documented range (schemas/cloud/v1) gets the values
 * outside it on one placement of every provider: each is answered with a client error, never a
 * server error or a success that takes the value (Errors: "the appropriate HTTP error code").
 */
import { loadEndpoints } from '../../../harness/catalog/load.ts';
import type { Endpoint } from '../../../harness/catalog/types.ts';
import { bodyFields, outOfRange } from '../../../harness/schema/body-fields.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { CLUSTERS, type Placement, placements } from '../support/infra.ts';
import type { Json } from '../support/lists.ts';
import { type Answer, answerOf, BAD_INPUT, breach, removeAccepted } from './sweep.ts';

const ENDPOINT = 'cloud/nodecluster/create';

function endpointOf(id: string): Endpoint {
  const found = loadEndpoints('cloud').find((e) => e.id === id);
  if (!found) throw new Error(`the cloud catalog has no endpoint ${id}`);
  return found;
}

const CREATE = endpointOf(ENDPOINT);

/** The first placement of each provider. */
function onePerProvider(all: Placement[]): Placement[] {
  return all.filter((p, i) => all.findIndex((q) => q.provider === p.provider) === i);
}

async function create(ctx: CloudContext, body: Json): Promise<Answer> {
  const res = await ctx.api.unjudged('POST', CLUSTERS, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  const answer = answerOf(res);
  removeAccepted(ctx, CREATE, answer);
  return answer;
}

export const eachProviderCheck = cloudCheck({
  id: `${BAD_INPUT}/nodecluster/create/body-field-out-of-range-each-provider`,
  title: `${CREATE.method} ${CREATE.path} with a body number outside its documented range answers a client error on every provider`,
  requirements: [BAD_INPUT],
  endpoint: ENDPOINT,
  async run(ctx) {
    const schema = CREATE.requestBody?.schema;
    const fields = schema ? bodyFields('cloud/v1', schema).filter((f) => outOfRange(f).length > 0) : [];
    if (fields.length === 0) return ctx.notApplicable(`the ${ENDPOINT} body documents no number range`);
    const providers = onePerProvider(await placements(ctx));
    let tried = 0;
    for (const at of providers) {
      const valid = (): Json => ({ name: ctx.uniqueName('nc'), node_type: at.nodeType, region: at.region });
      // The valid body must be accepted on this provider, or a refusal could not be told from it.
      const control = await create(ctx, valid());
      if (control.status >= 300) {
        ctx.observe(`${at.provider}: the valid create answered ${control.status}: its bad values were not sent`);
        continue;
      }
      tried++;
      for (const field of fields)
        for (const value of outOfRange(field)) {
          const found = breach(await create(ctx, { ...valid(), [field.name]: value }), false);
          ctx.verify(found === undefined, `${at.provider}: POST ${CLUSTERS} with the body field ${field.name}: ${value} ${found}`, {
            expected: 'a client error (4xx)',
            actual: found,
            requirement: BAD_INPUT,
          });
        }
    }
    // No placement (no available region of a node type), or no valid create accepted: nothing to tell a refusal from.
    if (tried === 0) ctx.skip(`no provider took a valid node cluster create (${providers.length} with a placement): the bad values were not sent`);
  },
});
