/**
 * "Not reversible" (the DELETE of a node cluster, a service, a container) seen in what the
 * terminated object is made of: an operation on it, refused or accepted, leaves the nodes, containers
 * or services its termination ended Terminated, and gives a terminated cluster or service no live new
 * one. An accepted operation is judged once its action has ended, so that work it started counts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';
import { TERMINAL_ACTION_STATES, type CloudContext } from '../support/context.ts';
import { type Json, listAll, sameResource } from '../support/lists.ts';
import type { Members, TerminableKind } from './terminated-objects.ts';

const ACTION_WAIT_MS = 15_000;
const POLL_MS = 100;

/** State by member URI; undefined where the member can no longer be read. */
export type MemberStates = Map<string, string | undefined>;

/**
 * Once the action an accepted operation created has ended (or ACTION_WAIT_MS passed: whether it
 * ends is the action checks' to judge): what the operation does to the object is then done.
 */
export async function afterItsAction(ctx: CloudContext, res: HttpResponse): Promise<void> {
  const uri = res.headers[ctx.actionHeader];
  if (!isSuccess(res.status) || !uri) return;
  const deadline = Date.now() + ACTION_WAIT_MS;
  while (Date.now() < deadline) {
    await sleep(POLL_MS);
    const got = await ctx.api.get(uri);
    if (got.status !== 200) return;
    if (TERMINAL_ACTION_STATES.includes(String((JSON.parse(got.text()) as Json).state))) return;
  }
}

/** The members of the object at `uri`: those its own field lists and those its list shows under its filter, with their states. */
export async function memberStates(ctx: CloudContext, members: Members, uri: string): Promise<MemberStates> {
  const states: MemberStates = new Map();
  const listed = (await listAll(ctx, members.list, { [members.filter]: uri })).filter((m) => sameResource(m[members.filter], uri));
  for (const m of listed) states.set(String(m.resource_uri), typeof m.state === 'string' ? m.state : undefined);
  const own = await ctx.api.get(uri);
  const field = own.status === 200 ? (JSON.parse(own.text()) as Json)[members.field] : undefined;
  for (const m of Array.isArray(field) ? field.map(String) : []) {
    if ([...states.keys()].some((k) => sameResource(k, m))) continue;
    const res = await ctx.api.get(m);
    states.set(m, res.status === 200 ? String((JSON.parse(res.text()) as Json).state) : undefined);
  }
  return states;
}

/**
 * After `op`, no member `before` showed Terminated is out of Terminated, and (where a new one
 * brings the object back) none shows up live.
 */
export async function expectNoneRevived(ctx: CloudContext, kind: TerminableKind, uri: string, before: MemberStates, op: string): Promise<void> {
  const members = kind.members;
  if (!members) return;
  const wasAt = (m: string): string | undefined => [...before].find(([k]) => sameResource(k, m))?.[1];
  const known = (m: string): boolean => [...before.keys()].some((k) => sameResource(k, m));
  const back = [...(await memberStates(ctx, members, uri))].filter(
    ([m, state]) => state !== undefined && state !== 'Terminated' && (known(m) ? wasAt(m) === 'Terminated' : members.newOnesRevive),
  );
  ctx.verify(
    back.length === 0,
    `after ${op} the terminated ${kind.resource} has ${members.what}s out of Terminated: ${back.map(([m, s]) => `${m} ${s}`).join(', ')}`,
    { expected: `every ${members.what} it had Terminated, no live new one`, actual: Object.fromEntries(back), requirement: members.requirement },
  );
}
