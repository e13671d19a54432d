/**
 * An action log that sends nothing. The cloud API spec states log details only for a Failed action
 * ("problem during execution; logs have details"): another action may log nothing, and then what
 * a check would judge on its lines cannot be judged.
 */
import type { CloudContext } from './context.ts';
import { TERMINAL_ACTION_STATES } from './context.ts';
import type { WebSocketSession } from '../../../harness/target/websocket.ts';
import type { Json } from './lists.ts';
import { allLines, collectJson } from './streams.ts';
import { isSuccess, type HttpResponse } from '../../../harness/target/http-transport.ts';

/** An action log with no line: unverified, or blocked when the action Failed (whose log must hold details). */
export async function emptyActionLog(ctx: CloudContext, uri: string): Promise<never> {
  const action = await ctx.getJson('action', uri, 'action');
  if (action.state === 'Failed') ctx.blockedBy('cloud/actions/failed-has-logs', 'the Failed action logged no line');
  return ctx.unverified(`the action (state ${String(action.state)}) logged no line: no message shape to judge`);
}

/** A followed log stream of a running action that has sent no line yet. */
export interface Followed {
  uri: string;
  session: WebSocketSession;
  /** The lines the action's log held once the stream was open. */
  before: number;
  closed: boolean;
}

/** How long the stream is read again for lines the action wrote after it was first read. */
const LATE_LINES_MS = 2000;

/**
 * A followed stream of a running action sent no line. When the action wrote lines after it opened,
 * the lines the stream sends since (none, or a closed stream, is a breach the caller reports);
 * else it fails when the stream closed while the action ran, and otherwise the action wrote
 * nothing to follow (unverified, or skipped when it ended).
 */
export async function lateLines(ctx: CloudContext, f: Followed, requirement: string): Promise<Json[]> {
  const after = (await allLines(ctx, f.uri)).length;
  if (after > f.before) return f.closed ? [] : (await collectJson(ctx, f.session, LATE_LINES_MS, 'log stream')).messages;
  const action = await ctx.getJson('action', f.uri, 'action');
  const ended = TERMINAL_ACTION_STATES.includes(String(action.state));
  ctx.expect(!f.closed || ended, 'the stream of the running action closed although follow defaults to true', { requirement });
  if (f.closed) ctx.skip('the action ended without a new line while its stream was open: nothing new could be followed');
  return ctx.unverified(`the action (state ${String(action.state)}) wrote no new line while followed: nothing to follow`);
}

/** How long a long operation's action is waited on to end (a start of hundreds of containers on a real service). */
const LONG_WORK_MS = 120_000;

/**
 * The action of an accepted operation, once it has ended (its log is whole): a refusal, an answer
 * naming no action, or an action that does not end blocks the check naming the rule broken (their
 * own checks report it).
 */
export async function endedActionOf(ctx: CloudContext, res: HttpResponse, verb: string, refused: string): Promise<string> {
  if (!isSuccess(res.status)) ctx.blockedBy(refused, `the ${verb} answered ${res.status}`);
  const uri = res.headers[ctx.actionHeader] ?? ctx.blockedBy('cloud/actions/header-on-creating-responses', `the ${verb} named no action`);
  await ctx.setUp(() => ctx.waitForState('action', uri, TERMINAL_ACTION_STATES, LONG_WORK_MS), 'cloud/actions/async-ends-terminal');
  return uri;
}
