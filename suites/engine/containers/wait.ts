import { setTimeout as sleep } from 'node:timers/promises';
import { engineCheck } from '../support/check.ts';
import { noSuchContainerCheck, pausedContainer, timed } from '../support/lifecycle.ts';
import type { EngineContext } from '../support/context.ts';
import { createExec, startAttached, waitExecExitCode } from '../support/exec.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';

/** How long the program of the blocking check runs; the wait cannot answer earlier. */
const RUN_MS = 1000;
/** How long a wait on a paused container is given to answer (it must not: the container has not stopped). */
const PAUSED_MS = 1500;

/** A wait sent now, with the moment it answered. */
function startWait(ctx: EngineContext, id: string): Promise<{ res: HttpResponse; at: number }> {
  return ctx.api.post(`/containers/${id}/wait`, { timeoutMs: 30_000 }).then((res) => ({ res, at: performance.now() }));
}

/** The wait's answer if it came within `ms`, else undefined (it still blocks). */
function answerWithin<T>(waiting: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([waiting, sleep(ms).then(() => undefined)]);
}

/** Spec: Endpoints > Containers > 19. POST /containers/(id or name)/wait; States > Operation effects. */
export default [
  engineCheck({
    id: 'engine/containers/wait/200-status-code',
    title: 'POST /wait answers 200 with {StatusCode} holding the exit code of the container',
    endpoint: 'engine/containers/wait',
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sh', '-c', 'exit 7']);
      const res = await ctx.api.post(`/containers/${id}/wait`, { timeoutMs: 30_000 });
      ctx.expectStatus(res, 200, 'wait for a container');
      const body = ctx.expectVersionSchema<{ StatusCode: number }>('container-wait', ctx.expectJson(res, 'wait response'), 'wait response');
      ctx.expectEqual(body.StatusCode, 7, 'StatusCode is the exit code of the container (the program ran `exit 7`)');
    },
  }),
  engineCheck({
    id: 'engine/containers/wait/200-status-code/killed',
    title: 'POST /wait of a container a SIGKILL ended answers the exit code inspect shows for it',
    requirements: ['engine/containers/wait/200-status-code'],
    endpoint: 'engine/containers/wait',
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300']);
      await ctx.setUp(async () => {
        const killed = await ctx.api.post(`/containers/${id}/kill`);
        ctx.precondition(
          killed.status === 204,
          `POST /kill answered ${killed.status}: ${killed.text().trim().slice(0, 200)}`,
          'engine/containers/kill/204-killed',
        );
      }, 'engine/containers/kill/204-killed');
      const res = await ctx.api.post(`/containers/${id}/wait`, { timeoutMs: 30_000 });
      ctx.expectStatus(res, 200, 'wait for the killed container');
      const body = ctx.expectVersionSchema<{ StatusCode: number }>('container-wait', ctx.expectJson(res, 'wait response'), 'wait response');
      // The spec gives no exit code for a signal death: wait answers the one the target records (inspect).
      const exitCode = (await ctx.state(id)).ExitCode;
      ctx.expectEqual(body.StatusCode, exitCode, 'StatusCode is the exit code of the killed container, as inspect State.ExitCode shows it');
    },
  }),
  engineCheck({
    id: 'engine/states/wait-blocks',
    title: 'POST /wait on a running container blocks until it stops, then returns its exit code',
    endpoint: 'engine/containers/wait',
    async run(ctx) {
      // Timed from before the start request: the program cannot end sooner than RUN_MS after it,
      // however slowly a busy target starts it, so an earlier answer did not block.
      const started = performance.now();
      const { id } = await ctx.runningContainer(['sh', '-c', `sleep ${RUN_MS / 1000}; exit 4`]);
      const { res } = await timed(() => ctx.api.post(`/containers/${id}/wait`, { timeoutMs: 30_000 }));
      const ms = performance.now() - started;
      ctx.expectStatus(res, 200, 'wait for a running container');
      ctx.expect(
        ms >= RUN_MS,
        `wait blocks until the container stops: the program runs ${RUN_MS} ms after its start, wait answered ${Math.round(ms)} ms after the start request`,
        {
          expected: `at least ${RUN_MS} ms after the start request`,
          actual: `${Math.round(ms)} ms`,
        },
      );
      ctx.expectEqual(ctx.expectJson<{ StatusCode?: unknown }>(res, 'wait response').StatusCode, 4, 'wait returns the exit code of the stopped container');
      ctx.expectEqual((await ctx.state(id)).Running, false, 'when wait answers, the container has stopped');
    },
  }),
  engineCheck({
    id: 'engine/states/wait-blocks/paused',
    title: 'POST /wait on a paused container blocks (a paused container has not stopped), and answers once it stops after its unpause',
    requirements: ['engine/states/wait-blocks'],
    endpoint: 'engine/containers/wait',
    async run(ctx) {
      const { id } = await pausedContainer(ctx, ['sleep', '300']);
      const waiting = startWait(ctx, id);
      const early = await answerWithin(waiting, PAUSED_MS);
      ctx.expect(early === undefined, `wait on a paused container answered ${early?.res.status} within ${PAUSED_MS} ms, before it stopped`, {
        expected: 'no answer while the container is paused',
        actual: early && `${early.res.status} ${early.res.text().trim().slice(0, 200)}`,
      });
      const unpaused = performance.now();
      await ctx.setUp(async () => {
        const res = await ctx.api.post(`/containers/${id}/unpause`);
        ctx.precondition(res.status === 204, `unpause answered ${res.status}`, 'engine/containers/unpause/204-unpaused');
        const killed = await ctx.api.post(`/containers/${id}/kill`);
        ctx.precondition(killed.status === 204, `kill answered ${killed.status}`, 'engine/containers/kill/204-killed');
      }, 'engine/containers/kill/204-killed');
      const { res, at } = await waiting;
      ctx.expectStatus(res, 200, 'wait for the container, killed after its unpause');
      ctx.expect(at >= unpaused, 'wait answered before the container was unpaused and stopped', { expected: 'an answer after the kill' });
    },
  }),
  engineCheck({
    id: 'engine/states/wait-blocks/exec-ended',
    title: "POST /wait blocks while the container runs although an exec in it ended: it answers once the container stops, with the container's exit code",
    requirements: ['engine/states/wait-blocks'],
    endpoint: 'engine/containers/wait',
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300']);
      const waiting = startWait(ctx, id);
      await ctx.setUp(async () => {
        const execId = await createExec(ctx, id, { Cmd: ['sh', '-c', 'exit 3'], AttachStdout: true, AttachStderr: true });
        await startAttached(ctx, execId, false);
        await waitExecExitCode(ctx, execId);
      }, 'engine/exec/start/200-raw-stream');
      const early = await answerWithin(waiting, PAUSED_MS);
      ctx.expect(early === undefined, `wait answered ${early?.res.status} after an exec in the container ended, while the container still ran`, {
        expected: 'no answer while the container runs',
        actual: early && `${early.res.status} ${early.res.text().trim().slice(0, 200)}`,
      });
      await ctx.setUp(async () => {
        const killed = await ctx.api.post(`/containers/${id}/kill`);
        ctx.precondition(killed.status === 204, `kill answered ${killed.status}`, 'engine/containers/kill/204-killed');
      }, 'engine/containers/kill/204-killed');
      const { res } = await waiting;
      ctx.expectStatus(res, 200, 'wait for the container, killed after the exec ended');
      const exitCode = (await ctx.state(id)).ExitCode;
      ctx.expectEqual(
        ctx.expectJson<{ StatusCode?: unknown }>(res, 'wait response').StatusCode,
        exitCode,
        "wait returns the container's exit code, not the exec's",
      );
    },
  }),
  noSuchContainerCheck({ endpoint: 'engine/containers/wait', method: 'POST', suffix: 'wait', keepsExited: true }),
];
