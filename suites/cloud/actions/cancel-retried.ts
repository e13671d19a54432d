/**
 * Cancel of an execution a retry started: the cancel endpoint cancels any Pending or In progress
 * action, with no condition on how the action came to be, so a start run again by a retry is
 * canceled as a first start is (the same judge: Canceling, then Canceled, its work stopped).
 */
import { expectRefused } from '../support/actions.ts';
import { CANCEL_FLAG, CANCELABLE_SOMEWHERE, cancelWhileInProgress, RETRIED_START } from '../support/cancel-in-progress.ts';
import { CANCEL_JUDGED, cancelEvents, expectCancelTakesEffect } from '../support/cancel-judged.ts';
import { cloudCheck } from '../support/check.ts';

export default [
  cloudCheck({
    id: `${CANCELABLE_SOMEWHERE}/retried-execution`,
    title:
      'Cancel of the In progress execution a retry started (a start of ten containers in sequence, ended, its service stopped, retried) ' +
      'moves it to Canceling, then Canceled, and its start runs no more containers',
    requirements: [...CANCEL_JUDGED, 'cloud/action/retry/new-execution'],
    endpoint: 'cloud/action/cancel',
    async run(ctx) {
      const events = await cancelEvents(ctx);
      const got = await cancelWhileInProgress(ctx, RETRIED_START.reach);
      if (got.action.can_be_canceled === false) {
        await expectRefused(ctx, got.res, `cancel of a ${RETRIED_START.name} whose action says can_be_canceled false`, CANCEL_FLAG);
        return ctx.unverified(
          `the ${RETRIED_START.name} said can_be_canceled false (cancel answered ${got.res.status}): the action says it cannot be canceled`,
        );
      }
      await expectCancelTakesEffect(ctx, { kind: RETRIED_START.name, ...got }, events);
    },
  }),
];
