import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { EXITS_ON_HUP, HUP_EXIT_CODE, KILLED_EXIT_CODE, noSuchContainerCheck } from '../support/lifecycle.ts';
import { eventually, sleep } from '../support/poll.ts';
import { SIGNAL_TRACE, TRACES_SIGNALS, TRACES_USR1, USR1_TRACE } from '../support/signal-programs.ts';
import { demux, logsSession } from '../support/streams.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';

/**
 * Sends SIGHUP spelled as `signal` to a program that exits with HUP_EXIT_CODE on SIGHUP only: the
 * exit code shows which signal arrived (137 would mean SIGKILL was sent instead).
 */
async function expectSighupDelivered(ctx: EngineContext, signal: string): Promise<void> {
  const { id } = await ctx.signalProgram(EXITS_ON_HUP);
  const res = await ctx.api.post(`/containers/${id}/kill`, { query: { signal } });
  ctx.expectStatus(res, 204, `kill?signal=${signal}`);
  const code = await ctx.waitExit(id);
  ctx.expectEqual(code, HUP_EXIT_CODE, `kill?signal=${signal} sends SIGHUP: the program's SIGHUP trap exits ${HUP_EXIT_CODE}`);
}

/**
 * How long a container that survived its signal is watched afterwards: a target that stops it, or
 * sends SIGKILL, once a grace period has passed shows within it (a later stop is not seen).
 */
const SURVIVES_FOR_MS = 3000;

/**
 * SIGUSR1 to a program that traps it and runs on: the trap's line shows the signal arrived, and the
 * container is still running afterwards, on the same run: "that signal sent", not that signal and then a stop.
 */
async function expectTrappedSignalKeepsRunning(ctx: EngineContext): Promise<void> {
  const { id } = await ctx.signalProgram(TRACES_USR1);
  const { StartedAt } = await ctx.state(id);
  ctx.expectStatus(await ctx.api.post(`/containers/${id}/kill`, { query: { signal: 'SIGUSR1' } }), 204, 'kill?signal=SIGUSR1');
  const traced = (res: HttpResponse): boolean => res.status === 200 && res.text().includes(USR1_TRACE);
  const logs = await eventually(() => ctx.api.get(`/containers/${id}/logs`, { stdout: 1 }), traced, 10_000, 50);
  ctx.expect(traced(logs), `kill?signal=SIGUSR1 sends SIGUSR1: the program's SIGUSR1 trap prints ${USR1_TRACE}`, {
    expected: `${USR1_TRACE} in the log within 10 s`,
    actual: logs.text().slice(-200),
  });
  await sleep(SURVIVES_FOR_MS);
  const after = await ctx.state(id);
  ctx.expect(
    after.Running === true && after.StartedAt === StartedAt,
    `the program survives SIGUSR1 (its trap runs on): ${SURVIVES_FOR_MS} ms after kill?signal=SIGUSR1 the container is still running, on the same run`,
    { expected: { Running: true, StartedAt }, actual: { Running: after.Running, StartedAt: after.StartedAt, ExitCode: after.ExitCode } },
  );
}

/** Spec: Endpoints > Containers > 13. POST /containers/(id or name)/kill?signal=<integer or name>; States > Operation effects. */
export default [
  engineCheck({
    id: 'engine/containers/kill/204-killed',
    title: 'POST /kill without a signal sends SIGKILL and answers 204 once the container has exited',
    requirements: ['engine/containers/kill/204-killed', 'engine/states/kill-default-sigkill'],
    endpoint: 'engine/containers/kill',
    async run(ctx) {
      // A program that traps every signal a shell can trap, each printing its own trace and exiting 0: a kill that
      // sends another signal (SIGTERM, SIGHUP, SIGINT, SIGQUIT...), alone or before SIGKILL, shows.
      const { id } = await ctx.signalProgram(TRACES_SIGNALS);
      const res = await ctx.api.post(`/containers/${id}/kill`);
      ctx.expectStatus(res, 204, 'kill of a running container', 'engine/containers/kill/204-killed');
      const state = await ctx.state(id);
      // The spec states no exit code for a killed process: 137 (128 + 9) is observed; 0 is the exit of every trap.
      ctx.expectEqual(
        [state.Running, state.ExitCode === 0],
        [false, false],
        "the call waits for the exit: right after the 204, Running is false and ExitCode is not 0 (a trap's exit), " +
          `got Running ${String(state.Running)}, ExitCode ${String(state.ExitCode)}`,
        'engine/states/kill-default-sigkill',
      );
      if (state.ExitCode !== KILLED_EXIT_CODE) ctx.observe(`after the kill, ExitCode is ${String(state.ExitCode)}, not 137 (128 + SIGKILL)`);
      // Decoded leniently: the frame format is the stream checks' rule, not this one's.
      const logged = demux((await logsSession(ctx, id, { stdout: 1 })).data).stdout.toString('utf8');
      const traces = logged.split('\n').filter((line) => line.includes(SIGNAL_TRACE));
      ctx.expect(traces.length === 0, 'a kill without a signal sends SIGKILL only: the program ran none of its signal traps', {
        expected: `no ${SIGNAL_TRACE}<signal> line in the log (only SIGKILL cannot be trapped)`,
        actual: traces.length ? traces : logged.slice(-200),
        requirement: 'engine/states/kill-default-sigkill',
      });
    },
  }),
  engineCheck({
    id: 'engine/containers/kill/query-signal-name',
    title: 'POST /kill?signal=SIGHUP sends SIGHUP',
    requirements: ['engine/containers/kill/query-signal-name', 'engine/states/kill-signal'],
    oneRule: true,
    endpoint: 'engine/containers/kill',
    run: (ctx) => expectSighupDelivered(ctx, 'SIGHUP'),
  }),
  engineCheck({
    id: 'engine/containers/kill/query-signal-integer',
    title: 'POST /kill?signal=1 sends signal number 1 (SIGHUP)',
    requirements: ['engine/containers/kill/query-signal-integer', 'engine/states/kill-signal'],
    oneRule: true,
    endpoint: 'engine/containers/kill',
    run: (ctx) => expectSighupDelivered(ctx, '1'),
  }),
  engineCheck({
    id: 'engine/states/kill-signal/trapped-keeps-running',
    title:
      'POST /kill?signal=SIGUSR1 to a program that traps SIGUSR1 and runs on: the signal arrives, and the container keeps running (no stop, no SIGKILL after)',
    requirements: ['engine/states/kill-signal'],
    endpoint: 'engine/containers/kill',
    run: expectTrappedSignalKeepsRunning,
  }),
  noSuchContainerCheck({ endpoint: 'engine/containers/kill', method: 'POST', suffix: 'kill', keepsExited: true }),
];
