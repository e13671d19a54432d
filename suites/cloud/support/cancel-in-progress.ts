/**
 * Cancel of an action caught In progress, of more than one kind of operation: can_be_canceled is
 * the action's own word, and a target may cancel some operations and not others (its service
 * starts not, its deploys yes). The cancel is judged on an action that says it can be canceled.
 */
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { expectRefused, isSuccess } from './actions.ts';
import { TERMINAL_ACTION_STATES, type CloudContext } from './context.ts';
import { operateAndSettle } from './app.ts';
import { deployInProgress, IN_PROGRESS_ATTEMPTS, sequentialStart, startInProgress } from './in-progress.ts';
import type { Action, NodeCluster, Service } from './views.generated.ts';

export const CANCEL_FLAG = 'cloud/action/cancel/can-be-canceled-flag';

/** How a check gets an action that was In progress when read (with what it acted on), or undefined after its attempts. */
export type InProgressReach<T extends { action: Action }> = (ctx: CloudContext) => Promise<T | undefined>;
export type Deploy = { cluster: NodeCluster; action: Action };
export const deploy: InProgressReach<Deploy> = (ctx) => deployInProgress(ctx);

/** An attempt that never had an action In progress when the cancel reached it: why. */
type Missed = { missed: string };

/**
 * Cancels an action that was In progress when read. The action may end between the read and the
 * cancel (a busy target, a fast deploy): a refusal counts only when the action was still running
 * after it, also when its can_be_canceled said false (the refusal that flag announces). A refusal
 * of an action that had ended by then proves nothing: a fresh one is tried, IN_PROGRESS_ATTEMPTS
 * times at most.
 */
async function tryCancelInProgress<T extends { action: Action }>(ctx: CloudContext, reach: InProgressReach<T>): Promise<(T & { res: HttpResponse }) | Missed> {
  for (let attempt = 1; ; attempt++) {
    const got = await reach(ctx);
    if (!got) return { missed: `in ${IN_PROGRESS_ATTEMPTS} attempts the action had ended when read, not In progress` };
    const res = await ctx.api.post(`${got.action.resource_uri}cancel/`);
    if (isSuccess(res.status)) return { ...got, res };
    const now = await ctx.getJson('action', got.action.resource_uri, 'the action');
    if (!TERMINAL_ACTION_STATES.includes(String(now.state))) return { ...got, res };
    if (attempt === IN_PROGRESS_ATTEMPTS) return { missed: `in ${attempt} attempts the action ended (${String(now.state)}) before the cancel reached it` };
    ctx.observe(`attempt ${attempt}: the action ended (${String(now.state)}) before the cancel reached it; trying a fresh one`);
  }
}

/** The cancel of an action that was In progress when read (see tryCancelInProgress), or a skip of the check. */
export async function cancelWhileInProgress<T extends { action: Action }>(ctx: CloudContext, reach: InProgressReach<T>): Promise<T & { res: HttpResponse }> {
  const got = await tryCancelInProgress(ctx, reach);
  if ('missed' in got) ctx.skip(got.missed);
  return got as T & { res: HttpResponse };
}

/** A canceled In progress action, of the kind named, with what it acted on. */
export interface Canceled {
  kind: string;
  action: Action;
  res: HttpResponse;
  /** The service, when a service start was canceled. */
  service?: Service;
  /** The cluster, when a node cluster deploy was canceled. */
  cluster?: NodeCluster;
}

export interface CancelKind {
  name: string;
  reach: InProgressReach<{ action: Action; service?: Service; cluster?: NodeCluster }>;
}

/**
 * A service start run again by a retry, whose new execution was In progress when read: a start of
 * containers in sequence is let end, the service stopped, then the start action retried (a retry
 * is allowed once an action has ended). The action the retry answered with is the execution it
 * started. Undefined when each of IN_PROGRESS_ATTEMPTS such executions had ended when read.
 */
export const retriedStart: InProgressReach<{ service: Service; action: Action }> = async (ctx) => {
  for (let attempt = 1; attempt <= IN_PROGRESS_ATTEMPTS; attempt++) {
    const first = await sequentialStart(ctx);
    await ctx.waitForState('action', first.action.resource_uri, TERMINAL_ACTION_STATES);
    await operateAndSettle(ctx, first.service, 'stop');
    const res = await ctx.api.post(`${first.action.resource_uri}retry/`);
    ctx.precondition(isSuccess(res.status), `retry of the ended start answered ${res.status}`, RETRY_RUNS);
    const action = await ctx.getJson('action', res.headers[ctx.actionHeader] ?? first.action.resource_uri, 'the retried execution');
    if (action.state === 'In progress') return { service: first.service, action };
    ctx.observe(`attempt ${attempt}: the start run again by the retry was ${String(action.state)} when read, not In progress`);
  }
  return undefined;
};
const RETRY_RUNS = 'cloud/action/retry/new-execution';

/** The retried start: an In progress action like the others, which a retry started. */
export const RETRIED_START: CancelKind = { name: 'service start run again by a retry', reach: retriedStart };

/**
 * The kinds tried, in order: a service start of containers in sequence (it outlasts a busy
 * target's answers, and its stop can be seen), then a node cluster deploy, then a start a retry
 * ran again (the rule has no condition on how an action came to be).
 */
export const KINDS: readonly CancelKind[] = [
  { name: 'service start', reach: (ctx) => startInProgress(ctx) },
  { name: 'node cluster deploy', reach: deploy },
  RETRIED_START,
];

/** Fresh actions of one kind tried when each says can_be_canceled false. */
const FLAG_FALSE_TRIES = 2;

/**
 * The cancel endpoint and the transition table cancel any Pending or In progress action with no
 * condition; can_be_canceled lets a single action say it cannot be. When every kind tried says false
 * the target cancels nothing the spec says it cancels: a breach of this rule (required), the other
 * cancel rules unverified. A flag of false cannot turn the cancel check into a refusal check.
 */
export const CANCELABLE_SOMEWHERE = 'cloud/action/cancel/in-progress-cancelable';

/**
 * Cancels an In progress action that says it can be canceled, trying each kind in turn. An action
 * that says can_be_canceled false must be refused (what that flag announces) and the next is tried:
 * the flag cannot turn the cancel check into a refusal check. When every kind was reached and none
 * was cancelable the check fails naming CANCELABLE_SOMEWHERE, its other rules unverified;
 * when a kind could not be caught In progress and no other was cancelable, it ends unverified.
 */
export async function cancelCancelable(ctx: CloudContext): Promise<Canceled> {
  const refusing: string[] = [];
  const missed: string[] = [];
  for (const kind of KINDS) {
    for (let attempt = 1; attempt <= FLAG_FALSE_TRIES; attempt++) {
      const got = await tryCancelInProgress(ctx, kind.reach);
      if ('missed' in got) {
        missed.push(`${kind.name}: ${got.missed}`);
        break;
      }
      if (got.action.can_be_canceled !== false) return { kind: kind.name, ...got };
      await expectRefused(ctx, got.res, `cancel of an In progress ${kind.name} whose action says can_be_canceled false`, CANCEL_FLAG);
      ctx.observe(`${kind.name}, attempt ${attempt}: the In progress action said can_be_canceled false (cancel answered ${got.res.status})`);
      if (attempt === FLAG_FALSE_TRIES) refusing.push(kind.name);
    }
  }
  if (missed.length)
    return ctx.unverified(`no In progress action was cancelable (${refusing.join(', ') || 'none'} said can_be_canceled false); ${missed.join('; ')}`);
  return ctx.fail(
    `no In progress action of the kinds tried (${refusing.join(', ')}) was cancelable: each said can_be_canceled false ` +
      '(the cancel endpoint cancels any Pending or In progress action)',
    {
      expected: 'an In progress action of a long operation that cancel moves to Canceling, then Canceled (the transition table sets no condition)',
      actual: `can_be_canceled false on ${FLAG_FALSE_TRIES} In progress actions of each kind, and their cancel refused: ${refusing.join(', ')}`,
      requirement: CANCELABLE_SOMEWHERE,
    },
  );
}

/** What the flag of one kind's In progress action said, and what its cancel did. */
export type FlagSeen = { kind: string; flag: unknown; res: HttpResponse; action: Action } | { kind: string; missed: string };

/**
 * One In progress action of `kind`, canceled: the flag it showed when read and the cancel's
 * answer (a refusal counts only while the action still ran, see tryCancelInProgress).
 */
export async function flagAndCancel(ctx: CloudContext, kind: CancelKind): Promise<FlagSeen> {
  const got = await tryCancelInProgress(ctx, kind.reach);
  return 'missed' in got ? { kind: kind.name, missed: got.missed } : { kind: kind.name, flag: got.action.can_be_canceled, res: got.res, action: got.action };
}
