/**
 * The effect of the create field StopSignal (1.22: "signal used to stop; default SIGTERM"), judged at
 * every operation that stops a running container. Stop does; so does restart, which stops the
 * container (its `t` is "waited before kill") and starts it again. Kill sends its own signal (SIGKILL
 * without one) and a forced delete kills (States > Operation effects): neither stops it by the
 * StopSignal, so neither is judged here.
 */
import type { EngineContext } from './context.ts';
import { eventually } from './poll.ts';
import { SIGNAL_TRACE, TRACES_SIGNALS } from './signal-programs.ts';
import { demux, logsSession } from './streams.ts';

/** The operations that stop a running container, and the rule of their 204 (a refusal blocks the check by it). */
const STOPPING_OPERATIONS = [
  { operation: 'stop', answered: 'engine/containers/stop/204-stopped' },
  { operation: 'restart', answered: 'engine/containers/restart/204-restarted' },
] as const;

/** `t` of the stop: a program that ignored the signal sent would be killed only after it (no trap runs for SIGKILL). */
const STOP_T = 10;
/** How long the log may take to show the trap's line once the operation answered. */
const TRACE_MS = 10_000;

/** The trap lines of TRACES_SIGNALS in the container's log (decoded leniently: the frame format is the stream checks' rule). */
async function signalTraces(ctx: EngineContext, id: string): Promise<string[]> {
  const traces = async (): Promise<string[]> =>
    demux((await logsSession(ctx, id, { stdout: 1 })).data)
      .stdout.toString('utf8')
      .split('\n')
      .filter((line) => line.startsWith(SIGNAL_TRACE));
  return eventually(traces, (lines) => lines.length > 0, TRACE_MS, 100);
}

/**
 * For each operation that stops a container: a program tracing every trappable signal (it prints the
 * name of the first that reaches it, then exits 0), created with `extra` (a StopSignal, or none), is
 * stopped by the operation; the one trap that ran must be `signal`'s (a name without SIG). A restart's
 * program runs again afterwards: the trace of the stop is its first run's, still in the log.
 */
export async function expectStopSignalSent(ctx: EngineContext, extra: Record<string, unknown>, signal: string): Promise<void> {
  const given = 'StopSignal' in extra ? `StopSignal ${JSON.stringify(extra.StopSignal)}` : 'no StopSignal (default SIGTERM)';
  for (const { operation, answered } of STOPPING_OPERATIONS) {
    const { id } = await ctx.signalProgram(TRACES_SIGNALS, { extra });
    const res = await ctx.api.post(`/containers/${id}/${operation}`, { query: { t: STOP_T }, timeoutMs: 2 * STOP_T * 1000 });
    ctx.precondition(res.status === 204, `${operation} of a container created with ${given} answered ${res.status}`, answered);
    const traces = await signalTraces(ctx, id);
    ctx.expect(
      traces.length === 1 && traces[0] === `${SIGNAL_TRACE}${signal}`,
      `${operation} of a container created with ${given} must stop it with SIG${signal}, the signal used to stop: ` +
        (traces.length ? `the program trapped ${traces.map((t) => `SIG${t.slice(SIGNAL_TRACE.length)}`).join(', ')}` : `no trap ran within ${TRACE_MS} ms`),
      { expected: [`${SIGNAL_TRACE}${signal}`], actual: traces },
    );
  }
}
