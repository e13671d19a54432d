import { isJsonObject } from '../../../harness/protocol/json-value.ts';
/**
 * Helpers for the container lifecycle checks (start, stop, restart, kill, pause, wait, delete,
 * rename, update, resize, restart policies, the state table): the signal programs (defined in
 * signal-programs.ts), state polling, timing, and the shared "no such container" rule.
 */
import type { Query } from '../../../harness/protocol/query.ts';
import { TargetError } from '../../../harness/target/errors.ts';
import type { HttpResponse, StreamingResponse } from '../../../harness/target/http-transport.ts';
import { engineCheck, type EngineCheck } from './check.ts';
import type { ContainerSpec, CreatedContainer, EngineContext } from './context.ts';
import { drainWithin } from './drain.ts';
import { eventually } from './poll.ts';
import { IGNORES_TERM } from './signal-programs.ts';

export { EXITS_ON_HUP, EXITS_ON_TERM, HUP_EXIT_CODE, IGNORES_TERM, marksTerm, STARTED_MARK, TERM_TRACE } from './signal-programs.ts';

/** Exit code of a container killed by SIGKILL (128 + 9). */
export const KILLED_EXIT_CODE = 137;

export type State = Record<string, unknown>;

/** The container status values the list filter takes, per version (the Container Engine API spec's States). */
export const STATUS_VALUES = {
  '1.18': ['restarting', 'running', 'paused', 'exited'],
  '1.22': ['created', 'restarting', 'running', 'paused', 'exited', 'dead'],
} as const;

/** A container status a client can build, as inspect shows it. */
export type ContainerStatus = 'created' | 'running' | 'paused' | 'exited';

/** The status a State object shows, in both versions (1.18 has no State.Status): a never started container has the zero StartedAt. */
export function statusOf(state: State): ContainerStatus {
  if (state.Paused === true) return 'paused';
  if (state.Running === true) return 'running';
  return /^0001-01-01/.test(String(state.StartedAt ?? '')) ? 'created' : 'exited';
}

/** A container created and removed (a refused removal blocks the check: the removal's own check reports it). */
export async function removedContainer(ctx: EngineContext): Promise<CreatedContainer> {
  const container = await ctx.createContainer({ cmd: ['true'] });
  const res = await ctx.api.delete(`/containers/${container.id}`, { force: 1 });
  if (res.status !== 204) ctx.blockedBy('engine/containers/delete/204-removed', `DELETE /containers/${container.id}?force=1 answered ${res.status}`);
  return container;
}

/** A container that ran `cmd` to its end; returns it with its exit code. */
export async function exitedContainer(
  ctx: EngineContext,
  cmd: string[] = ['true'],
  spec: Omit<ContainerSpec, 'cmd'> = {},
): Promise<CreatedContainer & { exitCode: number }> {
  const container = await ctx.runningContainer(cmd, spec);
  return { ...container, exitCode: await ctx.waitExit(container.id) };
}

/**
 * The file's container that ran `cmd` to its end (file-shared.ts), for checks that read an exited
 * container and leave it as it is: made by the first check that asks, removed when the file ends.
 */
export function sharedExitedContainer(ctx: EngineContext, cmd: string[] = ['true'], spec: SharedSpec = {}): Promise<CreatedContainer> {
  return ctx.file.containers.get(`exited ${JSON.stringify([cmd, spec])}`, (owner) => exitedContainer(ctx, cmd, { ...spec, owner }));
}

/**
 * The command of the file's shared running containers: it outlives any file of checks, so the
 * container still runs when the file's last check reads it (Podman runs a file's checks one at a
 * time, which took more than the five minutes a `sleep 300` lasts).
 */
export const LONG_SLEEP: readonly string[] = ['sleep', '86400'];

/**
 * The file's running container of `cmd`, for checks that read a running container (or exec in it)
 * and leave it running as it was: made by the first check that asks, removed when the file ends.
 */
export function sharedRunningContainer(ctx: EngineContext, cmd: string[], spec: SharedSpec = {}): Promise<CreatedContainer> {
  return ctx.file.containers.get(`running ${JSON.stringify([cmd, spec])}`, (owner) => ctx.runningContainer(cmd, { ...spec, owner }));
}

/** What a shared container may be created with besides its command (never an owner: the file is). */
export type SharedSpec = Omit<ContainerSpec, 'cmd' | 'owner' | 'name'>;

/** Polls the State until `done` holds or the deadline passes; returns the last State seen. */
export function pollState(ctx: EngineContext, id: string, done: (s: State) => boolean, deadlineMs = 5000, intervalMs = 20): Promise<State> {
  return eventually(() => ctx.state(id), done, deadlineMs, intervalMs);
}

export async function restartCount(ctx: EngineContext, id: string): Promise<number> {
  return Number((await ctx.inspect(id)).RestartCount ?? 0);
}

/** Runs a request and measures how long the target took to answer it. */
export async function timed(request: () => Promise<HttpResponse>): Promise<{ res: HttpResponse; ms: number }> {
  const started = performance.now();
  const res = await request();
  return { res, ms: performance.now() - started };
}

/**
 * An inspect timestamp (ISO 8601 with up to nanosecond fractions) in ms with sub-ms precision;
 * NaN when it is not one. Date.parse keeps only milliseconds, so the fraction is read here.
 */
export function timestampMs(text: unknown): number {
  const m = typeof text === 'string' ? /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/.exec(text) : null;
  if (!m) return Number.NaN;
  const whole = Date.parse(`${m[1]}${m[3]}`);
  return whole + (m[2] ? Number(`0.${m[2]}`) * 1000 : 0);
}

/** `value` with every timestamp in it read as its instant: another number of fraction digits writes the same time. */
export function instants(value: unknown): unknown {
  if (typeof value === 'string') return Number.isNaN(timestampMs(value)) ? value : timestampMs(value);
  if (Array.isArray(value)) return value.map(instants);
  return isJsonObject(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, instants(v)])) : value;
}

/**
 * The rule every container endpoint states: an unknown container is 404. One check per endpoint,
 * written once here.
 */
export function noSuchContainerCheck(opts: {
  endpoint: string;
  method: string;
  suffix: string;
  versions?: EngineCheck['versions'];
  body?: unknown;
  query?: Query;
  /**
   * The request leaves an exited container as it is (every GET does), so its route probe may use
   * the file's shared exited container; one that changes it (start, rename, delete ...) gets its own.
   */
  keepsExited?: boolean;
  /**
   * The operation refuses some containers that exist (pause of a created or exited one): the check
   * asks it of such ones too, since 404 means no such container (see `existingNot404`).
   */
  refusesExisting?: ExistingRefusals;
}): EngineCheck {
  const operation = opts.endpoint.split('/').pop()!;
  const requirement = `${opts.endpoint}/404-no-such-container`;
  return engineCheck({
    id: requirement,
    title:
      `${opts.method} ${opts.suffix ? `/containers/(id)/${opts.suffix}` : '/containers/(id)'} on a container that does not exist answers 404` +
      (opts.refusesExisting ? `, and on one that exists (${opts.refusesExisting.states.join(', ')}) never 404` : ''),
    endpoint: opts.endpoint,
    ...(opts.versions ? { versions: opts.versions } : {}),
    async run(ctx) {
      const path = (ref: string) => `/containers/${ref}${opts.suffix ? `/${opts.suffix}` : ''}`;
      const call = { ...(opts.body === undefined ? {} : { json: opts.body }), ...(opts.query ? { query: opts.query } : {}) };
      const res = await ctx.api.request(opts.method, path(ctx.uniqueName('missing')), call);
      // The probe is not an exchange under judgement (its answer for an exited container is not the subject).
      const probe = async (id: string) => probeStatus(await ctx.api.stream(opts.method, path(id), { ...call, timeoutMs: PROBE_MS }), Date.now() + PROBE_MS);
      const shared = opts.keepsExited ?? opts.method === 'GET';
      const route = `${opts.method} ${path('(id)')}`;
      if (opts.refusesExisting) {
        const ask = async (id: string) => (await ctx.api.request(opts.method, path(id), call)).status;
        await existingNot404(ctx, { route, operation, requirement, ask, refusals: opts.refusesExisting });
      } else if (res.status === 404) await requireRoute(ctx, route, probe, shared);
      ctx.expectStatus(res, 404, `${operation} of a missing container`);
    },
  });
}

const PROBE_MS = 3000;

/**
 * The status of a route probe as `requireRoute` reads it: only a 404 matters, and it counts when
 * its whole answer arrives by the deadline (0 otherwise, as for a target error). Any other status
 * is taken from the head: a stream (stats of an existing container) would hold the probe until
 * the deadline for nothing.
 */
async function probeStatus(res: StreamingResponse, deadline: number): Promise<number> {
  if (res.status !== 404) {
    res.close();
    return res.status;
  }
  return (await drainWithin(res, deadline - Date.now())) ? res.status : 0;
}

/**
 * A 404 for a missing container shows nothing on a route the target does not serve at all: asks
 * the same route about a container that exists and, when that is 404 too, ends the check as
 * skipped, naming the route. `statusFor` sends the request for a container id. A request that
 * leaves an exited container as it is asks the file's shared exited container; one that changes
 * it (start, restart, rename, update, delete) asks a created container of its own, which no such
 * request blocks on and which needs no start of its own.
 */
export async function requireRoute(ctx: EngineContext, route: string, statusFor: (id: string) => Promise<number>, shared = false): Promise<void> {
  const { id } = await ctx.setUp(() => (shared ? sharedExitedContainer(ctx) : ctx.createContainer({ cmd: ['true'] })));
  // A route that keeps answering (a stream) is served: only a 404 says otherwise.
  const status = await statusFor(id).catch((err: unknown) => {
    if (err instanceof TargetError) return 0;
    throw err;
  });
  if (status === 404)
    ctx.skip(
      `${route} answers 404 for an existing container (${id.slice(0, 12)}) too: ` +
        'the target does not serve the route, so its 404 for a missing container shows nothing',
    );
}

/** Containers that exist but that an operation refuses, and how to show that its route is served. */
export interface ExistingRefusals {
  /** The states of the containers asked (a created one of the check's own, the file's shared exited one). */
  states: ReadonlyArray<'created' | 'exited'>;
  /** The status of the operation asked of a container of the check's own that it applies to (pause of a running one). */
  applies(ctx: EngineContext): Promise<number>;
}

/**
 * 404 is the answer about no such container, so a container that exists is never answered 404,
 * even by an operation its state refuses: asks the operation of a container in each of the
 * refusing states, and each 404 there breaches `requirement` (any other refusal is judged by the
 * rules of its code). Only when every one answered 404 may the route itself be unserved: the
 * operation is then asked of a container it applies to, and a 404 there too skips the check.
 */
async function existingNot404(
  ctx: EngineContext,
  opts: { route: string; operation: string; requirement: string; ask: (id: string) => Promise<number>; refusals: ExistingRefusals },
): Promise<void> {
  const answers: Array<{ what: string; status: number }> = [];
  for (const state of opts.refusals.states) {
    const { id } = await ctx.setUp(() => (state === 'exited' ? sharedExitedContainer(ctx) : ctx.createContainer({ cmd: ['true'] })));
    answers.push({ what: `${opts.operation} of the ${state} container ${id.slice(0, 12)}`, status: await opts.ask(id) });
  }
  if (answers.every((a) => a.status === 404)) {
    const status = await opts.refusals.applies(ctx);
    if (status === 404)
      ctx.skip(`${opts.route} answers 404 for existing containers too, even one it applies to: the target does not serve the route, so its 404s show nothing`);
  }
  for (const { what, status } of answers)
    ctx.verify(status !== 404, `${what} answered 404, the answer about no such container, though the container exists`, {
      requirement: opts.requirement,
      expected: 'not 404: the container exists (its state may refuse the operation, by another code)',
      actual: status,
    });
}

/** Pauses a running container as a precondition (POST /pause must answer 204, else the check is blocked); unpaused again before its removal. */
export async function pause(ctx: EngineContext, id: string): Promise<void> {
  const res = await ctx.api.post(`/containers/${id}/pause`);
  ctx.precondition(
    res.status === 204,
    `pausing container ${id} answered ${res.status}: ${res.text().trim().slice(0, 300)}`,
    'engine/containers/pause/204-paused',
  );
  ctx.defer(async () => {
    await ctx.api.post(`/containers/${id}/unpause`);
  });
}

/** A running container, paused (see `pause`). */
export async function pausedContainer(ctx: EngineContext, cmd: string[] = IGNORES_TERM, spec: Omit<ContainerSpec, 'cmd'> = {}): Promise<CreatedContainer> {
  const container = await ctx.runningContainer(cmd, spec);
  await pause(ctx, container.id);
  return container;
}
