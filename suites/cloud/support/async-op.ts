import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { finishedActionOf, SUCCEEDS } from './actions.ts';
import { operate, type Verb } from './app.ts';
import type { CloudContext } from './context.ts';

/**
 * An asynchronous operation as the requirements state it: accepted (the effect requirement),
 * then 202 with the action header and an action that ends Success or Failed (the async one,
 * checked after the effect so that a breach of the weaker rule does not hide the effect), and,
 * its effect seen, Success (the action records the call's outcome).
 */
export interface AsyncOp {
  res: HttpResponse;
  /** Checks the async rule; call it after the effect has been checked. */
  expectAsync(): Promise<void>;
}

export async function startOp(ctx: CloudContext, uri: string, verb: Verb, effect: string, async: string, query?: Record<string, string>): Promise<AsyncOp> {
  const res = await operate(ctx, uri, verb, query);
  ctx.expect(res.status >= 200 && res.status < 300, `${verb} of ${uri} answered ${res.status}: ${res.text().slice(0, 200)}`, {
    expected: 'accepted',
    actual: res.status,
    requirement: effect,
  });
  return {
    res,
    async expectAsync() {
      ctx.expectStatus(res, 202, `${verb} is asynchronous`, async);
      const action = await finishedActionOf(ctx, res, verb);
      ctx.expect(action.state === 'Success' || action.state === 'Failed', `the ${verb} action ended ${action.state}`, {
        expected: 'Success or Failed',
        actual: action.state,
        requirement: async,
      });
      ctx.expect(action.state === 'Success', `${verb} took effect, but its action ended ${action.state}`, {
        expected: 'Success (executed successfully)',
        actual: action.state,
        requirement: SUCCEEDS,
      });
    },
  };
}
