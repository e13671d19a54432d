import { engineCheck } from '../support/check.ts';
import { EXITS_ON_TERM, exitedContainer, IGNORES_TERM, noSuchContainerCheck, pausedContainer, timed } from '../support/lifecycle.ts';
import { sleep } from '../support/poll.ts';
import { expectWaitsT, KILL_SLACK_MS, LONG_T } from '../support/waits-t.ts';

/**
 * t of a stop whose container exits on the signal: long enough that a target waiting the full t
 * stands apart from a busy one that answers when the container exits (Docker took 7.5 s with
 * start, stop and exit bookkeeping slowed by two real-daemon runs beside).
 */
const EXIT_T = 20;
const WAITS_T = 'engine/states/stop-waits-t';
const RETURNS_AT_EXIT = 'engine/states/stop-returns-at-exit';
/** Longer than the coarsest timestamp precision a target may write (whole seconds). */
const RESTAMP_VISIBLE_MS = 1100;

/** Spec: Endpoints > Containers > 11. POST /containers/(id or name)/stop?t=<seconds>; States > Operation effects. */
export default [
  engineCheck({
    id: 'engine/containers/stop/204-stopped',
    title: 'POST /stop on a running container answers 204 and the container is stopped',
    endpoint: 'engine/containers/stop',
    async run(ctx) {
      const { id } = await ctx.signalProgram(EXITS_ON_TERM);
      const res = await ctx.api.post(`/containers/${id}/stop`, { query: { t: 5 } });
      ctx.expectStatus(res, 204, 'stop of a running container');
      ctx.expectEqual((await ctx.state(id)).Running, false, 'after a 204 stop, inspect shows State.Running false');
    },
  }),
  engineCheck({
    id: 'engine/containers/stop/204-stopped/paused',
    title: 'POST /stop on a paused container answers 204 and the container is stopped (paused is not already stopped)',
    requirements: ['engine/containers/stop/204-stopped'],
    endpoint: 'engine/containers/stop',
    async run(ctx) {
      // Paused is not stopped: only "already stopped" answers 304.
      const { id } = await pausedContainer(ctx, IGNORES_TERM);
      const res = await ctx.api.post(`/containers/${id}/stop`, { query: { t: 1 } });
      ctx.expectStatus(res, 204, 'stop of a paused container');
      ctx.expectEqual((await ctx.state(id)).Running, false, 'after a 204 stop of a paused container, inspect shows State.Running false');
    },
  }),
  engineCheck({
    id: 'engine/containers/stop/304-already-stopped',
    title: 'POST /stop on an exited container answers 304 and changes nothing',
    requirements: ['engine/containers/stop/304-already-stopped', 'engine/states/stop-already-stopped'],
    oneRule: true,
    endpoint: 'engine/containers/stop',
    async run(ctx) {
      const { id } = await exitedContainer(ctx, ['sh', '-c', 'exit 5']);
      const before = await ctx.state(id);
      // A stop in a later second than the exit: a FinishedAt stamped again differs even at whole-second precision
      // (a stop within the exit's millisecond left a re-stamp invisible, CI).
      await sleep(RESTAMP_VISIBLE_MS);
      const res = await ctx.api.post(`/containers/${id}/stop`, { query: { t: 0 } });
      ctx.expectStatus(res, 304, 'stop of an already stopped container');
      const after = await ctx.state(id);
      ctx.expectEqual(
        [after.Running, after.ExitCode, after.FinishedAt],
        [before.Running, before.ExitCode, before.FinishedAt],
        '304 means no change: Running, ExitCode and FinishedAt are unchanged',
      );
      // A created, never started container is neither running nor, in the table's words, already stopped: which row holds is not shown.
      const created = await ctx.createContainer({ cmd: ['true'] });
      const never = await ctx.api.post(`/containers/${created.id}/stop`, { query: { t: 0 } });
      ctx.observe(`stop of a created, never started container answered ${never.status} (not shown; Docker answers 304)`);
    },
  }),
  engineCheck({
    id: 'engine/containers/stop/query-t',
    title:
      `POST /stop?t=${LONG_T} waits ${LONG_T} seconds, and ?t=0 does not wait (its answer comes ${LONG_T} s earlier, less half for the daemon's ` +
      'own time), before killing a container that ignores the stop signal',
    requirements: ['engine/containers/stop/query-t', 'engine/states/stop-waits-t'],
    oneRule: true,
    endpoint: 'engine/containers/stop',
    // Timing rule: runs alone, so other checks' load does not blur the delays it measures.
    serial: true,
    async run(ctx) {
      await expectWaitsT(ctx, {
        operation: 'stop',
        // The program ignores SIGTERM and never exits by itself: not running is the kill. Its exit code is not stated.
        async after(ctx, id, t) {
          const state = await ctx.state(id);
          ctx.expectEqual(state.Running, false, `after stop?t=${t} answered 204, the container whose program ignores SIGTERM is killed: Running false`);
          ctx.observe(`a container killed by stop?t=${t} shows ExitCode ${JSON.stringify(state.ExitCode)} (not stated; 137 is 128 + SIGKILL)`);
        },
      });
    },
  }),
  engineCheck({
    id: 'engine/states/stop-waits-t',
    title: `POST /stop?t=${EXIT_T} of a container exiting on SIGTERM answers 204, stopped; (recommended) at the exit, before t; (1.22) by the default SIGTERM`,
    requirements: [WAITS_T, RETURNS_AT_EXIT, 'engine/containers/create/body-stop-signal'],
    endpoint: 'engine/containers/stop',
    async run(ctx) {
      const { id } = await ctx.signalProgram(EXITS_ON_TERM);
      // A target waiting the full t still answers within t and the slack: its request must not time out first.
      const { res, ms } = await timed(() => ctx.api.post(`/containers/${id}/stop`, { query: { t: EXIT_T }, timeoutMs: EXIT_T * 1000 + KILL_SLACK_MS }));
      ctx.expectStatus(res, 204, `stop?t=${EXIT_T} of a container that exits on SIGTERM`, WAITS_T);
      const state = await ctx.state(id);
      ctx.expectEqual(state.Running, false, `stop?t=${EXIT_T} answered 204 but the container still runs`, WAITS_T);
      const most = EXIT_T * 1000 - KILL_SLACK_MS;
      ctx.expect(ms < most, `t is the longest wait before a kill; the stop of a container that exits on SIGTERM answered after ${Math.round(ms)} ms`, {
        expected: `under ${most} ms (t = ${EXIT_T} s less the slack of a busy daemon)`,
        actual: `${Math.round(ms)} ms`,
        requirement: RETURNS_AT_EXIT,
      });
      // SIGTERM is the stated default stop signal of 1.22 only (StopSignal); 1.18 does not name the signal stop sends.
      if (ctx.version === '1.18')
        return ctx.observe(`(1.18) the container stopped with ExitCode ${String(state.ExitCode)} (0: by SIGTERM, its program's trap)`);
      ctx.expectEqual(
        state.ExitCode,
        0,
        'the container stopped on the default stop signal SIGTERM (ExitCode 0), not by the kill',
        'engine/containers/create/body-stop-signal',
      );
    },
  }),
  noSuchContainerCheck({ endpoint: 'engine/containers/stop', method: 'POST', suffix: 'stop', query: { t: 0 }, keepsExited: true }),
];
