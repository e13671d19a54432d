/**
 * The action a call records. Synchronous calls end Success or Failed when the handler answers;
 * asynchronous ones stay In progress while their background work runs and end Success, Failed
 * or (after a cancel) Canceled.
 */
import { newUuid } from '../ids.ts';
import type { DurationName } from '../clock.ts';
import type { ApiRequest, Reply } from '../http/types.ts';
import { LogBook } from '../state/logbook.ts';
import { announceAction } from '../state/notify.ts';
import { parseUri, resourceUri, type UriScope } from '../uris.ts';
import type { World } from '../world.ts';
import { cancelLeavesWorkRunning, type Action, type ActionLogLine, type ActionState } from './action.ts';
import { unixSeconds } from '../dates.ts';

/** Background work: waits are simulated time and throw when the action is canceled. */
export interface Job {
  readonly signal: AbortSignal;
  wait(duration: DurationName): Promise<void>;
  log(line: string): void;
}

/** Defaults of a new action record, evaluated once (the start date of `blind18-action-start-date-at-load`). */
const RECORD_DEFAULTS: Readonly<{ start_date: Date }> = { start_date: new Date() };

/** A domain failure during background work: the action ends Failed with this message logged. */
export class OperationFailed extends Error {}

export class ActionCall {
  readonly action: Action;
  /** The background work started by runAsync, settled once its action has ended (or been left). */
  done?: Promise<unknown>;
  private announced = false;
  /** How the mutant under test ends a successful action: never, or Failed. */
  private readonly mutatedEnd: 'never' | 'Failed' | undefined;

  /**
   * `listedWhenSettled`: the action of a read is stored (listed, found by GET) once the call has
   * answered, created Success or Failed as a synchronous call's is: a GET of the action list does not
   * list its own action In progress.
   */
  constructor(
    private readonly world: World,
    req: ApiRequest,
    name: string,
    scope: UriScope,
    private readonly listedWhenSettled = false,
  ) {
    this.mutatedEnd = req.mutation?.actionEnd;
    const uuid = newUuid();
    this.action = {
      uuid,
      resource_uri: actionUri(world, uuid),
      object: req.path,
      action: name,
      method: req.method,
      path: req.path,
      user: req.user.username,
      user_agent: req.userAgent,
      // Under `blind18-action-start-date-at-load` the date comes from a defaults record built once, when the module loaded.
      start_date: world.faults.has('blind18-action-start-date-at-load') ? new Date(RECORD_DEFAULTS.start_date) : world.clock.now(),
      end_date: world.faults.has('blind6-action-end-date-at-start') ? world.clock.now() : null,
      state: 'In progress',
      ip: req.ip,
      // Under `blind30-async-action-location-null` the location is written where a synchronous call's action is ended (endSync).
      location: world.faults.has('blind30-async-action-location-null') ? null : locationOf(req.ip),
      is_user_action: true,
      async: false,
      namespace: scope.namespace,
      logs: new LogBook<ActionLogLine>(),
      request: req,
    };
    this.dateAsFirstCall();
    if (!listedWhenSettled) world.store.actions.set(uuid, this.action);
  }

  /** A read's action joins the store once it is settled (or, should it run in the background, once it does). */
  private list(): void {
    if (this.listedWhenSettled && !this.world.store.actions.has(this.action.uuid)) this.world.store.actions.set(this.action.uuid, this.action);
  }

  /** Names the object the action applies to (and so whose namespace sees it). */
  track(objectUri: string, scope: UriScope): void {
    this.action.object = objectUri;
    this.action.namespace = scope.namespace;
    this.dateAsFirstCall();
  }

  /** Fault action-start-date-first-call: the action is dated when the first call on its object was made. */
  private dateAsFirstCall(): void {
    if (!this.world.faults.has('action-start-date-first-call')) return;
    for (const other of this.world.store.actions.values())
      if (other !== this.action && other.object === this.action.object && other.start_date < this.action.start_date) this.action.start_date = other.start_date;
  }

  log(line: string): void {
    const now = this.world.clock.now();
    const timestamp = this.world.faults.has('blind-action-log-timestamp-ms') ? now.getTime() : unixSeconds(now);
    this.action.logs.append({ type: 'log', log: line, timestamp });
  }

  /** Runs work in the background; `revert` undoes its partial effect when it fails or is canceled. */
  runAsync(work: (job: Job) => Promise<void>, revert?: () => void): void {
    const { world, action } = this;
    const abort = new AbortController();
    this.list();
    action.async = true;
    action.abort = abort;
    // Under `blind23-async-action-shown-pending` the action is queued Pending and the work, started at once, never marks it In progress.
    if (world.faults.has('blind23-async-action-shown-pending')) action.state = 'Pending';
    const endedAtOnce = this.endedAtOnce();
    this.recordCallApart();
    this.announce();
    const job: Job = {
      signal: abort.signal,
      // Under `blind16-cancel-not-seen-by-work` the work's steps do not watch the cancel: it runs on and ends Success.
      wait: (d) => world.clock.sleep(world.clock.ms(d), world.faults.has('blind16-cancel-not-seen-by-work') ? undefined : abort.signal),
      log: (line) => this.log(line),
    };
    this.done = work(job)
      .then(
        // Under `cancel-deploy-keeps-working` the work of a canceled deploy ran on; its action stays Canceled.
        () => endedAtOnce || (cancelLeavesWorkRunning(world, action) && action.state.startsWith('Cancel')) || this.finish('Success'),
        async (err: unknown) => {
          revert?.();
          // Under `blind18-failed-work-ends-canceled` a failure first aborts the job (to stop its other steps) and is then taken for a cancel.
          if (world.faults.has('blind18-failed-work-ends-canceled')) abort.abort(err);
          // Under `blind7-action-cancel-ends-failed` the abort is taken for any other error.
          if (!abort.signal.aborted || world.faults.has('blind7-action-cancel-ends-failed')) {
            // Under `blind22-failed-work-error-serialized` the error is written as JSON: an Error has no enumerable field, it reads `{}`.
            const reason: string = world.faults.has('blind22-failed-work-error-serialized')
              ? JSON.stringify(err)
              : err instanceof Error
                ? err.message
                : String(err);
            this.logFailure(`Error: ${reason}`);
            // Under `blind17-failed-work-left-in-progress` a domain failure is taken as handled once logged: the action is not ended.
            if (err instanceof OperationFailed && world.faults.has('blind17-failed-work-left-in-progress')) return;
            // Under `blind23-failed-work-no-end-date` the failure path sets the state itself instead of finishing the action: no end date is written.
            if (world.faults.has('blind23-failed-work-no-end-date')) {
              action.state = 'Failed';
              action.logs.end();
              this.announce();
              return;
            }
            this.finish('Failed');
            return;
          }
          this.log('Action canceled');
          if (world.faults.has('blind2-cancel-stays-canceling')) return;
          await world.clock.sleep(world.clock.ms('cancel')).catch(() => {});
          this.finish('Canceled');
        },
      )
      .finally(() => {
        if (action.abort === abort) delete action.abort;
      });
  }

  /**
   * Faults app-action-created-success and cluster-update-action-created-success: the action of an
   * asynchronous operation of the app subsystem (of a node cluster PATCH) is created Success, its
   * end_date the call's, while the work it records still runs.
   */
  private endedAtOnce(): boolean {
    const { faults } = this.world;
    const app = faults.has('app-action-created-success') && this.action.path.startsWith('/api/app/');
    const clusterUpdate = faults.has('cluster-update-action-created-success') && this.action.action === 'Node Cluster Update';
    if (!app && !clusterUpdate) return false;
    this.action.state = 'Success';
    this.action.end_date = this.world.clock.now();
    return true;
  }

  /** Fault async-call-recorded-twice: the HTTP call is recorded as an action of its own, ended Success, beside the action of its work. */
  private recordCallApart(): void {
    if (!this.world.faults.has('async-call-recorded-twice')) return;
    const uuid = newUuid();
    const now = this.world.clock.now();
    const call: Action = {
      ...this.action,
      uuid,
      resource_uri: actionUri(this.world, uuid),
      state: 'Success',
      end_date: now,
      async: false,
      logs: new LogBook(),
    };
    delete call.abort;
    this.world.store.actions.set(uuid, call);
  }

  /** After the handler answered: a synchronous call ends now, by its status code. */
  settle(reply: Reply): void {
    if (this.action.async && reply.status < 400) return;
    this.list();
    if (this.action.async) this.action.abort?.abort(new Error('call failed'));
    const ok = reply.status < 400 || this.world.faults.has('failed-call-action-success');
    if (!ok) this.logFailure(`Error: ${(reply.body as { error?: string } | undefined)?.error ?? `status ${reply.status}`}`);
    this.action.async = false;
    const state = this.ending(ok ? 'Success' : 'Failed');
    if (!state) {
      this.announce();
      return;
    }
    if (this.queuedBehindRunning(state, ok)) return;
    // Under `blind27-sync-action-finished-late` the ending of a synchronous call is queued for the audit writer's next
    // flush: the answer leaves while its action is still In progress.
    if (this.world.faults.has('blind27-sync-action-finished-late')) {
      this.announce();
      this.world.clock.after(this.world.clock.ms('auditFlush'), () => {
        if (this.action.state === 'In progress') this.endSync(state, ok);
      });
      return;
    }
    this.endSync(state, ok);
  }

  /**
   * Under `blind32-sync-action-pending-behind-async` the audit records of an object are written in turn: a synchronous call
   * on an object whose asynchronous action is In progress is answered at once, its action queued Pending until that one ends.
   */
  private queuedBehindRunning(state: ActionState, ok: boolean): boolean {
    const { world, action } = this;
    if (!world.faults.has('blind32-sync-action-pending-behind-async')) return false;
    const key = objectKey(action.object);
    const running = [...world.store.actions.values()].find((o) => o !== action && o.async && o.state === 'In progress' && objectKey(o.object) === key);
    if (!running) return false;
    action.state = 'Pending';
    this.announce();
    const waitFor = (): void => {
      if (running.state === 'In progress' || running.state === 'Pending' || running.state === 'Canceling') world.clock.after(10, waitFor);
      else this.endSync(state, ok);
    };
    world.clock.after(10, waitFor);
    return true;
  }

  /** A synchronous call's action ends: its state, its end date, its log closed. */
  private endSync(state: ActionState, ok: boolean): void {
    this.action.state = state;
    this.action.location ??= locationOf(this.action.ip);
    // Under `blind8-action-end-date-null-refused-call` only a call that succeeded gets its end date.
    this.action.end_date = ok || !this.world.faults.has('blind8-action-end-date-null-refused-call') ? this.world.clock.now() : null;
    this.action.logs.end();
    this.announce();
  }

  /** The details of a failure (the fault `failed-action-no-logs` leaves them out). */
  private logFailure(line: string): void {
    if (!this.world.faults.has('failed-action-no-logs')) this.log(line);
  }

  private announce(): void {
    announceAction(this.world, this.action, this.announced ? 'update' : 'create');
    this.announced = true;
  }

  private finish(state: ActionState): void {
    const end = this.ending(state);
    if (!end) return;
    // Under `blind33-worker-ended-action-not-user-action` the worker that ends background work writes the record with its own origin.
    if (this.world.faults.has('blind33-worker-ended-action-not-user-action')) this.action.is_user_action = false;
    finishAction(this.world, this.action, end);
  }

  /** The state the action ends in as the mutant under test has it; undefined when it never ends. */
  private ending(state: ActionState): ActionState | undefined {
    if (state !== 'Success' || !this.mutatedEnd) return state;
    return this.mutatedEnd === 'never' ? undefined : this.mutatedEnd;
  }
}

/** Ends an action (the fault `action-stuck-in-progress` keeps finished work In progress). */
export function finishAction(world: World, action: Action, state: ActionState): void {
  if (state !== 'Canceled' && world.faults.has('action-stuck-in-progress')) return;
  action.state = state;
  action.end_date = world.faults.has('action-end-date-is-start') ? action.start_date : world.clock.now();
  action.logs.end();
  announceAction(world, action, 'update');
}

/** An action's URI; under `blind34-audit-unversioned` spelled as the audit subsystem is mounted, without its version segment. */
export function actionUri(world: World, uuid: string): string {
  const uri = resourceUri('action', [uuid]);
  return world.faults.has('blind34-audit-unversioned') ? uri.replace('/api/audit/v1/', '/api/audit/') : uri;
}

/** The object an action applies to, as its kind and first id segment (the operation's path segment dropped). */
function objectKey(uri: string): string {
  const parsed = parseUri(uri);
  return parsed ? `${parsed.kind}/${parsed.id.split('/')[0]}` : uri;
}

function locationOf(ip: string): string {
  return /^(127\.|::1$|10\.|192\.168\.)/.test(ip) ? 'Local network' : 'Unknown location';
}
