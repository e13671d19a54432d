import { type ACTION_FIELD_WRONG, actionFieldWrong } from '../../../reference/cloud/fault-families.ts';
import { keysOf } from '../../../reference/faults.ts';
import type { CloudTeeth } from './types.ts';

/** action-field-wrong:<field> → the check that reads that field of a recorded action. */
const CHECK_OF_FIELD: Record<keyof typeof ACTION_FIELD_WRONG, string> = {
  method: 'cloud/actions/header-on-creating-responses',
  path: 'cloud/actions/header-on-creating-responses',
  user: 'cloud/actions/header-on-creating-responses',
  user_agent: 'cloud/actions/header-on-creating-responses',
  is_user_action: 'cloud/actions/header-on-creating-responses',
  ip: 'cloud/actions/header-on-creating-responses',
  can_be_canceled: 'cloud/action/cancel/in-progress-to-canceling',
  can_be_retried: 'cloud/states/action/in-progress-rejects-retry',
};

export const actionFieldTeeth: CloudTeeth[] = [
  ...keysOf(CHECK_OF_FIELD).map((field) => ({ fault: actionFieldWrong(field), catches: [CHECK_OF_FIELD[field]] })),
  { fault: 'action-start-date-first-call', catches: ['cloud/actions/header-on-creating-responses'] },
  // A GET the target lists as an action names it in the header (judge 2126, #6).
  { fault: 'get-recorded-without-header', catches: ['cloud/actions/every-call-recorded'] },
  // Every call is recorded, a read too: a target recording only the calls that change something fails (judge 2134, #15).
  { fault: 'reads-not-recorded', catches: ['cloud/actions/every-call-recorded'] },
  // A stop answered once its work was over, with the object as it was before (Stopping), passed (judge 2136, #21): the stop of a
  // program that ignores SIGTERM lasts, and a 202 dated in the second its action ended, after work of more than a second, waited for it.
  { fault: 'stop-answered-after-work', catches: ['cloud/service/stop/effect', 'cloud/container/stop/effect'] },
  { fault: 'cancel-refused', catches: ['cloud/action/cancel/in-progress-to-canceling', 'cloud/action/cancel/can-be-canceled-flag/every-kind'] },
  { fault: 'cancel-deploy-keeps-working', catches: ['cloud/action/cancel/in-progress-to-canceling'] },
  // A target that cancels nothing (every flag false, every cancel refused) fails in-progress-cancelable (judge 2128, #23).
  { fault: 'cancel-never-offered', catches: ['cloud/action/cancel/in-progress-to-canceling'] },
  // The flag compared with the cancel for each kind: a start that says false yet is canceled.
  { fault: actionFieldWrong('can_be_canceled'), catches: ['cloud/action/cancel/can-be-canceled-flag/every-kind'] },
  // The asynchronous operations whose 202 rule the other async-returns-200 entries do not reach.
  {
    fault: 'async-returns-200',
    catches: ['cloud/service/start/effect', 'cloud/service/redeploy/effect', 'cloud/stack/stop/stops-services', 'cloud/service/update/target-num-containers'],
  },
  { fault: 'terminated-not-listed', catches: ['cloud/node/terminate/terminates', 'cloud/nodecluster/terminate/terminates-nodes'] },
  { fault: 'stack-export-empty', catches: ['cloud/stack/export/returns-definition'] },
  { fault: 'repository-returns-password', catches: ['cloud/repository/credentials-write-only'] },
];
