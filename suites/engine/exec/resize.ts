import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { createExec, execContainer, missingExecId, startAttached } from '../support/exec.ts';

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
    title: 'POST /exec/(id)/resize?h=40&w=100 sizes the tty of the running exec in characters, h the rows and w the columns: stty size in it prints "40 100"',
    requirements: ['engine/exec/resize/201-resized'],
    endpoint: 'engine/exec/resize',
    async run(ctx) {
      const { id } = await execContainer(ctx);
      // The fixture image links no stty: busybox runs it as an applet. The sleep lets the resize land first.
      const execId = await createExec(ctx, id, { Cmd: ['sh', '-c', 'sleep 1; busybox stty size'], Tty: true });
      let resized = 0;
      const session = await startAttached(ctx, execId, true, {
        afterHead: async () => {
          resized = (await ctx.api.post(`/exec/${execId}/resize`, { query: { h: 40, w: 100 } })).status;
        },
      });
      // Which 2xx is the 201 check's to judge (Docker answers 200); a refused resize of a tty exec breaks the rule itself.
      ctx.precondition(resized >= 200 && resized < 300, `the resize of the running tty exec answered ${resized}`, 'engine/exec/resize/201-resized');
      const printed = session.data.toString('utf8').replace(/\r/g, '').trim();
      if (/applet not found|stty: not found/.test(printed)) ctx.unverified(`the fixture's busybox has no stty: ${printed.slice(0, 200)}`);
      ctx.expectEqual(printed, '40 100', 'stty size in the tty exec after a resize to h=40 w=100 (rows, columns)');
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
];
