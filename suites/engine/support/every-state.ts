import type { Query } from '../../../harness/protocol/query.ts';
import type { EngineContext } from './context.ts';

/** The rule every answer of these checks is judged by: the status is one its endpoint lists. */
export const LISTED_CODES = 'engine/errors/listed-codes-only';
/** 404 means "no such container, image, exec instance, volume, network": never the answer about one that exists. */
export const NOT_FOUND = 'engine/errors/404-not-found';

/** One operation on a resource, by the path after the resource's own (`''` is the resource itself). */
export interface StateOperation {
  method: string;
  suffix: string;
  query?: Query;
  json?: unknown;
  versions?: ReadonlyArray<'1.18' | '1.22'>;
  /** Changes the resource: each state gets a resource of its own for it. */
  changes?: boolean;
  /** Only asked of resources in these states (an operation that would block in the others). */
  onlyIn?: readonly string[];
  /** Its effect may come after its answer: the resource it was asked of serves no later operation. */
  effectAfterAnswer?: boolean;
  /**
   * The target may take this long to answer (a deadline of its own): the request then waits at
   * least this long, so that its answer is judged rather than the client's giving up first.
   */
  answersWithinMs?: number;
  /**
   * Its 404 may name another object than the resource asked of (disconnect: "network or container
   * not found", where a container not connected to the network may be read as not found in it).
   */
  notFoundMayNameOther?: boolean;
}

export interface StateDrive<S extends string> {
  /** `/containers`, `/exec`, `/images`, `/volumes`, `/networks`. */
  base: string;
  states: readonly S[];
  operations: readonly StateOperation[];
  /** A resource of the run in the given state: its id or name in the path. */
  build(ctx: EngineContext, state: S): Promise<string>;
  /** Fills in per-call details (a unique name to rename to, the container to connect). */
  prepare?(ctx: EngineContext, op: StateOperation): Promise<StateOperation> | StateOperation;
  /**
   * The state a resource is in now (undefined: gone, or in none of `states`). With it, a changing
   * operation is asked of the last resource while that is still in the state (most refusals
   * change nothing), and a resource an operation moved into another state serves that state's
   * next operations; without it every changing operation gets a resource of its own.
   */
  stateOf?(ctx: EngineContext, ref: string): Promise<S | undefined>;
}

/**
 * Asks every operation of a resource of a missing one and of one in each state a client can
 * build, so that the judge of every exchange rules on answers no targeted check provokes; then
 * every status an endpoint does not list fails the check, naming the exchange, and so does a 404
 * about a resource of the run that exists (its state may refuse the operation, but not as missing).
 */
export async function driveThroughStates<S extends string>(ctx: EngineContext, drive: StateDrive<S>): Promise<void> {
  const ops = drive.operations.filter((op) => !op.versions || op.versions.includes(ctx.version));
  const answeredMissing: string[] = [];
  const send = async (ref: string, op: StateOperation): Promise<{ path: string; status: number }> => {
    const ready = drive.prepare ? await drive.prepare(ctx, op) : op;
    const path = `${drive.base}/${ref}${ready.suffix ? `/${ready.suffix}` : ''}`;
    const res = await ctx.api.request(ready.method, path, {
      ...(ready.query ? { query: ready.query } : {}),
      ...(ready.json !== undefined ? { json: ready.json } : {}),
      ...(ready.answersWithinMs ? { timeoutMs: Math.max(ctx.base.timeoutMs, ready.answersWithinMs) } : {}),
    });
    return { path, status: res.status };
  };
  /** An operation on a resource the drive built (it exists while the operation is asked). */
  const call = async (ref: string, op: StateOperation, state: S): Promise<void> => {
    const { path, status } = await send(ref, op);
    if (status === 404 && !op.notFoundMayNameOther) answeredMissing.push(`${op.method} ${path} answered 404 for the ${state} resource ${ref.slice(0, 24)}`);
  };
  const missing = ctx.uniqueName('missing');
  for (const op of ops.filter((o) => !o.onlyIn)) await send(missing, op);
  const pool = new StatePool<S>();
  const build = async (state: S): Promise<string> => pool.take(state) ?? (await ctx.setUp(() => drive.build(ctx, state)));
  // The states are independent: each is driven beside the others.
  await Promise.all(
    drive.states.map(async (state) => {
      const inState = ops.filter((o) => !o.onlyIn || o.onlyIn.includes(state));
      const shared = await build(state);
      for (const op of inState.filter((o) => !o.changes)) await call(shared, op, state);
      const changing = inState.filter((o) => o.changes);
      if (!drive.stateOf) {
        await Promise.all(changing.map(async (op, i) => call(i === 0 ? shared : await build(state), op, state)));
        return;
      }
      let ref: string | undefined = (await drive.stateOf(ctx, shared)) === state ? shared : undefined;
      for (const op of changing) {
        ref ??= await build(state);
        await call(ref, op, state);
        // Its effect may come later: the resource serves no further operation.
        if (op.effectAfterAnswer) ref = undefined;
        else ref = pool.keepOrHandOver(state, ref, await drive.stateOf(ctx, ref));
      }
    }),
  );
  expectListedCodes(ctx);
  for (const found of answeredMissing) ctx.verify(false, found, { requirement: NOT_FOUND, expected: 'not 404: the resource exists', actual: found });
}

/** Resources an operation moved out of the state it was asked in, kept for the state they are in now. */
class StatePool<S extends string> {
  private readonly byState = new Map<S, string[]>();

  /** A resource in `state` if one was handed over (its state was read when it was). */
  take(state: S): string | undefined {
    return this.byState.get(state)?.pop();
  }

  /** The resource itself when it is still in `state`; otherwise it goes to the pool of the state it is in now, and undefined. */
  keepOrHandOver(state: S, ref: string, now: S | undefined): string | undefined {
    if (now === state) return ref;
    if (now !== undefined) this.byState.set(now, [...(this.byState.get(now) ?? []), ref]);
    return undefined;
  }
}

/** Every answer the check received was judged, and none carries a status its endpoint does not list. */
export function expectListedCodes(ctx: EngineContext): void {
  const judged = Object.values(ctx.exchanges.judged).reduce((a, b) => a + b, 0);
  ctx.expect(judged > 0, 'no answer of a documented endpoint was judged', { expected: 'answers', actual: judged, requirement: LISTED_CODES });
  for (const f of ctx.exchanges.findings.filter((x) => x.rule === 'status-documented')) {
    ctx.verify(false, f.message, { requirement: LISTED_CODES, expected: 'a status the endpoint lists', actual: f.exchange });
  }
}
