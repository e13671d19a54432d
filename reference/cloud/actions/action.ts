/** The audit record of one API call, and its JSON form. */
import { keysOf } from '../../faults.ts';
import { ACTION_FIELD_WRONG, actionFieldWrong } from '../fault-families.ts';
import type { LogBook } from '../state/logbook.ts';
import type { ApiRequest } from '../http/types.ts';
import type { World } from '../world.ts';

export type ActionState = 'Pending' | 'In progress' | 'Canceling' | 'Canceled' | 'Success' | 'Failed';

export const TERMINAL_ACTION_STATES: readonly ActionState[] = ['Success', 'Failed', 'Canceled'];
export const CANCELABLE_ACTION_STATES: readonly ActionState[] = ['Pending', 'In progress'];

/**
 * An action that cannot be canceled (its flag says false, its cancel is refused): a service start under
 * `cancel-deploy-keeps-working`, every action under `cancel-never-offered`.
 */
export const notCancelable = (world: World, a: Pick<Action, 'action'>): boolean =>
  world.faults.has('cancel-never-offered') || (a.action === 'Service Start' && world.faults.has('cancel-deploy-keeps-working'));
/** Under `cancel-deploy-keeps-working` a canceled node cluster deploy is marked Canceled but its work is not stopped. */
export const cancelLeavesWorkRunning = (world: World, a: Pick<Action, 'action'>): boolean =>
  a.action === 'Node Cluster Deploy' && world.faults.has('cancel-deploy-keeps-working');

export interface ActionLogLine {
  type: 'log';
  log: string;
  timestamp: number;
}

export interface Action {
  uuid: string;
  resource_uri: string;
  object: string;
  action: string;
  method: string;
  path: string;
  user: string;
  user_agent: string;
  start_date: Date;
  end_date: Date | null;
  state: ActionState;
  ip: string;
  /** null only under `blind30-async-action-location-null`, until a synchronous ending writes it. */
  location: string | null;
  is_user_action: boolean;
  /** Executed in the background (answered 202). */
  async: boolean;
  /** The namespace of its object: who may see it. */
  namespace: string;
  logs: LogBook<ActionLogLine>;
  /** The call as made, re-dispatched by retry. */
  request: ApiRequest;
  /** Aborts the background work (cancel). */
  abort?: AbortController;
}

export function actionJson(world: World, a: Action): Record<string, unknown> {
  const json: Record<string, unknown> = {
    resource_uri: a.resource_uri,
    uuid: a.uuid,
    object: a.object,
    action: a.action,
    method: a.method,
    path: a.path,
    user: a.user,
    user_agent: a.user_agent,
    start_date: world.date(a.start_date),
    end_date: world.date(a.end_date && world.faults.has('action-end-date-at-read') ? world.clock.now() : a.end_date),
    // Under `blind34-action-in-progress-title-case` the state is written through a display label table that spells it `In Progress`.
    state: a.state === 'In progress' && world.faults.has('blind34-action-in-progress-title-case') ? 'In Progress' : a.state,
    ip: a.ip,
    location: a.location,
    is_user_action: a.is_user_action,
    // Under `cancel-deploy-keeps-working` service starts say they cannot be canceled.
    can_be_canceled: a.async && CANCELABLE_ACTION_STATES.includes(a.state) && !notCancelable(world, a),
    can_be_retried: retriableFlag(world, a.state),
  };
  for (const field of keysOf(ACTION_FIELD_WRONG)) {
    const wrong: (value: unknown) => unknown = ACTION_FIELD_WRONG[field];
    if (world.faults.has(actionFieldWrong(field))) json[field] = wrong(json[field]);
  }
  if (world.faults.has('action-missing-fields')) {
    delete json.location;
    delete json.can_be_retried;
  }
  return json;
}

/**
 * can_be_retried: the action ended. Under `blind15-canceling-shows-retriable` the flag is "not
 * executing" (neither Pending nor In progress), which leaves Canceling retriable though retry refuses it.
 */
function retriableFlag(world: World, state: ActionState): boolean {
  if (state === 'Failed' && world.faults.has('blind-failed-not-retriable-flag')) return false;
  if (world.faults.has('blind15-canceling-shows-retriable')) return !CANCELABLE_ACTION_STATES.includes(state);
  return TERMINAL_ACTION_STATES.includes(state);
}
