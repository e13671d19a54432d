/**
 * Spec: States and transitions > Service states and allowed operations, as a model: random
 * sequences of operations on a fresh service; each operation the table allows in the current
 * state is accepted and leads where it says, each it does not allow is refused and changes
 * nothing. scale is outside the table: its answers and where it leads are recorded, never judged.
 */
import { isSuccess } from '../../../harness/target/http-transport.ts';
import fc from 'fast-check';
import { loadStateTables, stateSlug } from '../../../catalog/cloud/state-tables.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { sharedNodes, createService, operate, serviceBody, settled, type AppNodes, type Verb } from '../support/app.ts';
import { TERMINAL_ACTION_STATES } from '../support/context.ts';

const TABLE = loadStateTables().find((t) => t.resource === 'service')!;
const OPS: Verb[] = ['start', 'stop', 'redeploy', 'scale', 'terminate'];
/** The states a sequence of whole-service operations settles in. */
const MODEL_STATES = ['Not running', 'Running', 'Stopped', 'Terminated'];
const LEADS_TO: Partial<Record<Verb, string>> = { start: 'Running', stop: 'Stopped', redeploy: 'Running', terminate: 'Terminated' };
const NUM_RUNS = 3;

const allows = (state: string, op: Verb): boolean => TABLE.states.find((s) => s.state === state)?.allowed.includes(op) ?? false;
const rowId = (state: string, op: Verb): string => `cloud/states/service/${stateSlug(state)}-${allows(state, op) ? 'allows' : 'rejects'}-${op}`;

/** Whether the target accepted the operation: a 2xx whose action (if any) did not end Failed. */
async function accepted(ctx: CloudContext, uri: string, op: Verb): Promise<boolean> {
  const res = await operate(ctx, uri, op);
  if (!isSuccess(res.status)) return false;
  const action = res.headers[ctx.actionHeader];
  if (!action) return true;
  return (await ctx.waitForState('action', action, TERMINAL_ACTION_STATES, 30_000)).state !== 'Failed';
}

/** A departure from the model, and the state table row it breaks. */
interface Breach {
  message: string;
  row: string;
}

/** Runs one sequence on a fresh service; returns the first breach of the model, or undefined. */
async function runSequence(ctx: CloudContext, at: AppNodes, ops: Verb[]): Promise<Breach | undefined> {
  const svc = await createService(ctx, serviceBody(ctx, at));
  const uri = svc.resource_uri;
  let state = 'Not running';
  const done: string[] = [];
  for (const op of ops) {
    done.push(op);
    const ok = await accepted(ctx, uri, op);
    const now = String((await settled(ctx, 'service', uri)).state);
    if (op === 'scale') {
      // scale is outside the state table: where it leads is an observation, and the sequence
      // goes on from the state it left (or ends there, in a state outside the model).
      ctx.observe(`scale in ${state}: ${ok ? 'accepted' : 'refused'}${now !== state ? `, and the service moved to ${now}` : ''}`);
      if (!MODEL_STATES.includes(now)) return undefined;
      state = now;
      continue;
    }
    const expected = allows(state, op) ? LEADS_TO[op]! : state;
    const row = rowId(state, op);
    if (ok !== allows(state, op)) return { message: `[${done.join(', ')}] ${op} in ${state} was ${ok ? 'accepted' : 'refused'} (${row})`, row };
    if (now !== expected) return { message: `[${done.join(', ')}] after ${op} from ${state} the service is ${now}, not ${expected}`, row };
    state = now;
  }
  return undefined;
}

export default [
  cloudCheck({
    id: 'cloud/states/service/operation-sequences',
    title: 'Random sequences of service operations follow the service state table (allowed: accepted and effective; others: refused, nothing changes)',
    requirements: MODEL_STATES.flatMap((s) => Object.keys(TABLE.operations).map((op) => rowId(s, op as Verb))),
    endpoint: 'cloud/service/start',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      ctx.usedSeed = ctx.seed;
      let breach: Breach | undefined;
      const details = await fc.check(
        fc.asyncProperty(fc.array(fc.constantFrom(...OPS), { minLength: 1, maxLength: 5 }), async (ops) => {
          breach = await runSequence(ctx, at, ops);
          return breach === undefined;
        }),
        { seed: ctx.seed, numRuns: NUM_RUNS, endOnFailure: true },
      );
      if (details.failed && breach === undefined && details.errorInstance) throw details.errorInstance;
      // The property over every sequence is the check's one expectation: the set-up steps are not.
      ctx.expect(!details.failed, `a sequence of service operations broke the state table (seed ${ctx.seed}): ${breach?.message}`, {
        expected: 'the state table',
        actual: breach?.message,
        ...(breach ? { requirement: breach.row } : {}),
      });
    },
  }),
];
