import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { createExec, execContainer, missingExecId, startAttached } from '../support/exec.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';
import { printedSize, STTY_SIZE } from '../support/tty-size.ts';

/** Keeps running until the container goes, so the exec session can be resized meanwhile. */
const LOOP = ['sh', '-c', 'while true; do sleep 0.1; done'];

/** An exec instance started detached (Tty as given), running LOOP. */
async function runningExec(ctx: EngineContext, tty: boolean): Promise<string> {
  const { id } = await execContainer(ctx);
  const execId = await createExec(ctx, id, { Cmd: LOOP, Tty: tty });
  const res = await ctx.api.post(`/exec/${execId}/start`, { json: { Detach: true, Tty: tty } });
  ctx.precondition(res.status === 200, `detached exec start answered ${res.status}: ${res.text().trim().slice(0, 300)}`, 'engine/exec/start/detach-returns');
  return execId;
}

/**
 * POST /exec/(id)/resize?h=40&w=100 outside the judge of every exchange, for a resize the target may see before the start: the spec
 * states no answer for a resize before the tty was requested at start (the tty-only check records what the target does).
 */
function resizeUnjudged(ctx: EngineContext, execId: string): Promise<HttpResponse> {
  return ctx.api.raw('POST', ctx.api.path(`/exec/${execId}/resize`), { query: { h: 40, w: 100 } });
}

/** Spec: Endpoints > Exec > 40. POST /exec/(id)/resize. */
export default [
  engineCheck({
    id: 'engine/exec/resize/201-resized',
    title: 'POST /exec/(id)/resize?h=&w= on an exec session with a tty answers 201 with an empty body',
    endpoint: 'engine/exec/resize',
    async run(ctx) {
      const execId = await runningExec(ctx, true);
      const res = await ctx.api.post(`/exec/${execId}/resize`, { query: { h: 40, w: 100 } });
      ctx.expectStatus(res, 201, 'resize of a tty exec session');
      ctx.expectEqual(res.text(), '', 'the 201 answer has an empty body');
    },
  }),
  engineCheck({
    id: 'engine/exec/resize/201-resized/tty-size',
    title:
      'POST /exec/(id)/resize?h=40&w=100, sent once the start with a tty is requested, sizes the tty of the exec in characters, ' +
      'h the rows and w the columns: stty size in it prints "40 100"',
    requirements: ['engine/exec/resize/201-resized'],
    endpoint: 'engine/exec/resize',
    async run(ctx) {
      const { id } = await execContainer(ctx);
      // The sleep lets the resize land first.
      const execId = await createExec(ctx, id, { Cmd: ['sh', '-c', `sleep 1; ${STTY_SIZE}`], Tty: true });
      // Sent once the start (Tty true) is written: the tty is then requested at create and start, so an accepted resize sizes the command
      // whichever of the two the target handles first (Docker holds it until the start). One refused as the session is not running yet
      // is sent again once the start has answered.
      let early: Promise<number> = Promise.resolve(0);
      let resized = 0;
      const session = await startAttached(ctx, execId, true, {
        afterRequest: () => {
          early = resizeUnjudged(ctx, execId).then(
            (res) => res.status,
            () => 0,
          );
        },
        afterHead: async () => {
          resized = await early;
          if (!isSuccess(resized)) {
            ctx.observe(`a resize sent with the start answered ${resized || 'nothing'}: resized again after the start's answer`);
            resized = (await ctx.api.post(`/exec/${execId}/resize`, { query: { h: 40, w: 100 } })).status;
          }
        },
      });
      // Which 2xx is the 201 check's to judge (Docker answers 200); a refused resize of a tty exec breaks the rule itself.
      ctx.precondition(isSuccess(resized), `the resize of the running tty exec answered ${resized}`, 'engine/exec/resize/201-resized');
      ctx.expectEqual(printedSize(ctx, session.data), '40 100', 'stty size in the tty exec after a resize to h=40 w=100 (rows, columns)');
    },
  }),
  engineCheck({
    id: 'engine/exec/resize/404-no-such-exec',
    title: 'POST /exec/(id)/resize for an exec instance that does not exist answers 404',
    endpoint: 'engine/exec/resize',
    async run(ctx) {
      ctx.expectStatus(await ctx.api.post(`/exec/${missingExecId()}/resize`, { query: { h: 40, w: 100 } }), 404, 'resize of a missing exec instance');
    },
  }),
  engineCheck({
    id: 'engine/exec/resize/tty-only',
    title: 'Resize of an exec without a tty: the answer is not stated; the suite records what the target does',
    endpoint: 'engine/exec/resize',
    async run(ctx) {
      const execId = await runningExec(ctx, false);
      const res = await ctx.api.post(`/exec/${execId}/resize`, { query: { h: 40, w: 100 } });
      ctx.observe(`resize of an exec session without a tty answered ${res.status}${res.text().trim() ? `: ${res.text().trim().slice(0, 200)}` : ''}`);
    },
  }),
  engineCheck({
    id: 'engine/exec/resize/tty-only/before-start',
    title:
      'Resize of a tty exec between its create and its start (the start has not requested the tty yet): what it answers and whether the ' +
      'started command sees the size are not stated; the suite records both',
    requirements: ['engine/exec/resize/tty-only'],
    endpoint: 'engine/exec/resize',
    async run(ctx) {
      const { id } = await execContainer(ctx);
      const execId = await createExec(ctx, id, { Cmd: ['sh', '-c', STTY_SIZE], Tty: true });
      // Docker 20.10 holds a resize until the exec has started (10 s at most), then answers 500: the start comes after that answer.
      const res = await resizeUnjudged(ctx, execId);
      const printed = printedSize(ctx, (await startAttached(ctx, execId, true)).data);
      ctx.observe(
        `a resize to h=40 w=100 before the start answered ${res.status}${res.text().trim() ? `: ${res.text().trim().slice(0, 200)}` : ''}; ` +
          `stty size in the command started after it printed ${JSON.stringify(printed.slice(0, 100))}`,
      );
    },
  }),
];
