/**
 * Integer fields of the service bodies (cpu_shares and memory: I in the Service table and the
 * create and update bodies) given as a JSON string of digits ("512"), the mistake a client that
 * reads numbers from a form makes. That is a body field of another JSON type: a client error is
 * asked (recommended, as the sweep asks, which sends such a value only when its draw among every
 * field lands on one). A target that takes the value anyway must still show the service with the
 * types the Service table gives: a string kept as sent is a service of another shape (required).
 */
import { SERVICES, createService, serviceBody, terminateLater } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { Json } from '../support/lists.ts';
import { BAD_INPUT } from './sweep.ts';

const SHAPE = 'cloud/responses/shape-documented';
const DIGITS: Json = { cpu_shares: '512', memory: '256' };

/** An answer to a digit string: refused is the rule; taken, the service as answered and as read keeps the Service's types. */
async function expectRefusedOrTyped(ctx: CloudContext, res: HttpResponse, field: string, call: string, uri: string | undefined): Promise<void> {
  ctx.verify(res.status >= 400 && res.status < 500, `${call} with ${field} ${JSON.stringify(DIGITS[field])} answered ${res.status}: the string was taken`, {
    expected: 'a client error (4xx)',
    actual: res.status,
    requirement: BAD_INPUT,
  });
  if (res.status >= 300 || uri === undefined) return;
  const body = ctx.expectJson<Json>(res, `${call} answer`);
  if (typeof body.resource_uri === 'string') ctx.expectView('service', body, `the ${call} answer`, SHAPE);
  const got = await ctx.getJson('service', uri, 'the service');
  ctx.expectView('service', got, `the service after ${call} with ${field} as a string`, SHAPE);
}

export default cloudCheck({
  id: `${BAD_INPUT}/service/integer-as-digit-string`,
  title: 'Service create and update with cpu_shares or memory as a string of digits: a client error, or the service keeps them integers',
  requirements: [BAD_INPUT, SHAPE],
  endpoint: 'cloud/service/create',
  async run(ctx) {
    for (const field of Object.keys(DIGITS)) {
      const res = await ctx.api.post(SERVICES, serviceBody(ctx, undefined, { [field]: DIGITS[field] }));
      const made = res.status < 300 ? ctx.expectJson<Json>(res, 'service create answer').resource_uri : undefined;
      if (typeof made === 'string') terminateLater(ctx, made);
      await expectRefusedOrTyped(ctx, res, field, 'service create', typeof made === 'string' ? made : undefined);
      const svc = await ctx.setUp(() => createService(ctx, serviceBody(ctx, undefined)));
      await expectRefusedOrTyped(ctx, await ctx.api.patch(svc.resource_uri, { [field]: DIGITS[field] }), field, 'service update', svc.resource_uri);
    }
  },
});
