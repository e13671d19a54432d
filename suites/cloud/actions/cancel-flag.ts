/**
 * can_be_canceled ("cancellable while executing") compared with what a cancel does, for every kind
 * of operation the suite can catch In progress (a service start, a node cluster deploy): a target
 * may cancel some kinds and not others, so the flag of each kind is its own claim. Flag false: the
 * cancel is refused. Flag true: the cancel is accepted and the action ends Canceled.
 */
import { expectRefused, isSuccess } from '../support/actions.ts';
import { CANCEL_FLAG, flagAndCancel, KINDS, type FlagSeen } from '../support/cancel-in-progress.ts';
import { cloudCheck } from '../support/check.ts';
import { TERMINAL_ACTION_STATES, type CloudContext } from '../support/context.ts';

const ID = `${CANCEL_FLAG}/every-kind`;

/** The cancel of one kind's In progress action agrees with the flag that action showed. */
async function expectFlagKept(ctx: CloudContext, seen: Exclude<FlagSeen, { missed: string }>): Promise<void> {
  const what = `cancel of an In progress ${seen.kind} whose action says can_be_canceled ${String(seen.flag)}`;
  ctx.observe(`${what}: answered ${seen.res.status}`);
  if (seen.flag === false) return expectRefused(ctx, seen.res, what, CANCEL_FLAG);
  ctx.expect(seen.flag === true, `the In progress ${seen.kind}'s can_be_canceled is ${JSON.stringify(seen.flag)}, not a boolean`, { requirement: CANCEL_FLAG });
  ctx.expect(isSuccess(seen.res.status), `${what} answered ${seen.res.status}`, {
    expected: 'a 2xx answer: the action said it can be canceled',
    actual: seen.res.status,
    requirement: CANCEL_FLAG,
  });
  if (!isSuccess(seen.res.status)) return;
  const end = await ctx.waitForState('action', seen.action.resource_uri, TERMINAL_ACTION_STATES);
  ctx.expectEqual(end.state, 'Canceled', `${what} was accepted but the action ended ${String(end.state)}`, CANCEL_FLAG);
}

export default [
  cloudCheck({
    id: ID,
    title: 'can_be_canceled of an In progress action of each kind (service start, node cluster deploy) agrees with its cancel: false refused, true canceled',
    requirements: [CANCEL_FLAG],
    endpoint: 'cloud/action/cancel',
    async run(ctx) {
      for (const kind of KINDS) {
        const seen = await flagAndCancel(ctx, kind);
        if ('missed' in seen) ctx.cannotVerify(`${seen.kind}: ${seen.missed}`);
        else await expectFlagKept(ctx, seen);
      }
    },
  }),
];
