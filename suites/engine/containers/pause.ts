import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { createExec } from '../support/exec.ts';
import { type ExistingRefusals, noSuchContainerCheck, pause, pausedContainer } from '../support/lifecycle.ts';
import { eventually, sleep } from '../support/poll.ts';
import { demux, logsSession, waitForLog } from '../support/streams.ts';

/** Writes a line every 0.1 s: its log grows while its processes run. */
const TICKS = ['sh', '-c', 'while true; do echo tick; sleep 0.1; done'];
/**
 * Lines the log may still gain once paused: those the program wrote just before the freeze, still
 * on their way through the log driver. A program left running writes about 15 in the window.
 */
const IN_FLIGHT_LINES = 2;
const FROZEN_WINDOW_MS = 1500;

async function loggedTicks(ctx: EngineContext, id: string): Promise<number> {
  // Decoded leniently: the frame format is the stream checks' rule, not this one's.
  return demux((await logsSession(ctx, id, { stdout: 1 })).data)
    .stdout.toString('utf8')
    .split('\n')
    .filter((l) => l === 'tick').length;
}

/** The 1.22 rule of the state table: attach, exec create and exec start answer 409 while paused. */
const PAUSED_409 = 'engine/states/paused-attach-exec-409';

/** Containers without a running process exist: pause and unpause may refuse them, never as missing (404). */
const NOT_RUNNING = ['created', 'exited'] as const;

const REFUSED_BY_PAUSE: ExistingRefusals = {
  states: NOT_RUNNING,
  async applies(ctx) {
    const { id } = await ctx.setUp(() => ctx.runningContainer(['sleep', '300']));
    const res = await ctx.api.post(`/containers/${id}/pause`);
    ctx.defer(async () => {
      await ctx.api.post(`/containers/${id}/unpause`);
    });
    return res.status;
  },
};

const REFUSED_BY_UNPAUSE: ExistingRefusals = {
  states: NOT_RUNNING,
  async applies(ctx) {
    const { id } = await ctx.setUp(() => pausedContainer(ctx, ['sleep', '300']));
    return (await ctx.api.post(`/containers/${id}/unpause`)).status;
  },
};

/** Spec: Endpoints > Containers > 16 (pause, unpause), 17 (attach), Exec > 38, 39; States > Operation effects. */
export default [
  engineCheck({
    id: 'engine/containers/pause/204-paused',
    title: 'POST /pause on a running container answers 204 and inspect shows State.Paused true',
    requirements: ['engine/containers/pause/204-paused', 'engine/states/pause-unpause'],
    oneRule: true,
    endpoint: 'engine/containers/pause',
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300']);
      const res = await ctx.api.post(`/containers/${id}/pause`);
      ctx.defer(async () => {
        await ctx.api.post(`/containers/${id}/unpause`);
      });
      ctx.expectStatus(res, 204, 'pause of a running container');
      const state = await ctx.state(id);
      ctx.expectEqual(state.Paused, true, 'a paused container shows State.Paused true');
      if (ctx.version === '1.22') ctx.expectEqual(state.Status, 'paused', 'a paused container shows State.Status paused');
      // The spec lists `running` and `paused` as distinct statuses and says nothing of Running while paused.
      ctx.observe(`while paused, State.Running is ${String(state.Running)}`);
    },
  }),
  engineCheck({
    id: 'engine/containers/pause/204-paused/processes-frozen',
    title: "POST /pause stops the container's processes (its log stops growing) and POST /unpause resumes them",
    requirements: ['engine/containers/pause/204-paused', 'engine/containers/unpause/204-unpaused', 'engine/states/pause-unpause'],
    endpoint: 'engine/containers/pause',
    async run(ctx) {
      const { id } = await ctx.runningContainer(TICKS);
      await waitForLog(ctx, id, 'tick');
      ctx.defer(async () => {
        await ctx.api.post(`/containers/${id}/unpause`);
      });
      ctx.expectStatus(await ctx.api.post(`/containers/${id}/pause`), 204, 'pause of the ticking program', 'engine/containers/pause/204-paused');
      await sleep(500);
      const before = await loggedTicks(ctx, id);
      await sleep(FROZEN_WINDOW_MS);
      const frozen = await loggedTicks(ctx, id);
      ctx.expect(frozen - before <= IN_FLIGHT_LINES, `while paused the program went on writing: ${frozen - before} lines in ${FROZEN_WINDOW_MS} ms`, {
        expected: `at most ${IN_FLIGHT_LINES} more lines (written before the freeze)`,
        actual: { before, after: frozen },
        requirement: 'engine/containers/pause/204-paused',
      });
      ctx.expectStatus(await ctx.api.post(`/containers/${id}/unpause`), 204, 'unpause of the paused program', 'engine/containers/unpause/204-unpaused');
      const resumed = await eventually(
        () => loggedTicks(ctx, id),
        (n) => n > frozen + IN_FLIGHT_LINES,
      );
      ctx.expect(resumed > frozen + IN_FLIGHT_LINES, 'after unpause the program writes again: its log grows', {
        expected: `more than ${frozen + IN_FLIGHT_LINES} lines`,
        actual: resumed,
        requirement: 'engine/containers/unpause/204-unpaused',
      });
    },
  }),
  engineCheck({
    id: 'engine/containers/unpause/204-unpaused',
    title: 'POST /unpause on a paused container answers 204 and inspect shows State.Paused false',
    requirements: ['engine/containers/unpause/204-unpaused', 'engine/states/pause-unpause'],
    oneRule: true,
    endpoint: 'engine/containers/unpause',
    async run(ctx) {
      const { id } = await pausedContainer(ctx, ['sleep', '300']);
      const res = await ctx.api.post(`/containers/${id}/unpause`);
      ctx.expectStatus(res, 204, 'unpause of a paused container');
      const state = await ctx.state(id);
      ctx.expectEqual([state.Paused, state.Running], [false, true], 'an unpaused container shows State.Paused false and Running true');
    },
  }),
  engineCheck({
    id: 'engine/containers/attach/409-container-paused',
    title: '(1.22) POST /attach to a paused container answers 409, with stream=1 and with logs=1 alone',
    requirements: ['engine/containers/attach/409-container-paused', PAUSED_409],
    oneRule: true,
    endpoint: 'engine/containers/attach',
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await pausedContainer(ctx);
      // The rule ties the 409 to the paused container, not to the stream: a logs-only attach is refused too.
      for (const query of [
        { stream: 1, stdout: 1, stderr: 1 },
        { logs: 1, stdout: 1 },
      ]) {
        const conn = await ctx.api.hijack('POST', `/containers/${id}/attach`, { query, upgrade: true });
        conn.close();
        const asked = Object.entries(query)
          .map(([k, v]) => `${k}=${v}`)
          .join('&');
        ctx.expectEqual(conn.status, 409, `attach?${asked} to a paused container answers 409, got ${conn.status} ${conn.statusText}`);
      }
    },
  }),
  engineCheck({
    id: 'engine/exec/create/409-container-paused',
    title: '(1.22) POST /containers/(id)/exec on a paused container answers 409',
    requirements: ['engine/exec/create/409-container-paused', PAUSED_409],
    oneRule: true,
    endpoint: 'engine/exec/create',
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await pausedContainer(ctx);
      const res = await ctx.api.post(`/containers/${id}/exec`, { json: { AttachStdout: true, AttachStderr: true, Cmd: ['true'] } });
      ctx.expectStatus(res, 409, 'exec create on a paused container');
    },
  }),
  engineCheck({
    id: 'engine/exec/start/409-container-paused',
    title: '(1.22) POST /exec/(id)/start of an exec instance whose container is paused answers 409',
    requirements: ['engine/exec/start/409-container-paused', PAUSED_409],
    oneRule: true,
    endpoint: 'engine/exec/start',
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300']);
      const execId = await createExec(ctx, id, { Cmd: ['true'] });
      await pause(ctx, id);
      const res = await ctx.api.post(`/exec/${execId}/start`, { json: { Detach: true, Tty: false } });
      ctx.expectStatus(res, 409, 'detached exec start while the container is paused');
    },
  }),
  noSuchContainerCheck({ endpoint: 'engine/containers/pause', method: 'POST', suffix: 'pause', keepsExited: true, refusesExisting: REFUSED_BY_PAUSE }),
  noSuchContainerCheck({ endpoint: 'engine/containers/unpause', method: 'POST', suffix: 'unpause', keepsExited: true, refusesExisting: REFUSED_BY_UNPAUSE }),
];
