import { engineCheck } from '../support/check.ts';
import { createExec } from '../support/exec.ts';
import { noSuchContainerCheck, pause, pausedContainer } from '../support/lifecycle.ts';

/** The 1.22 rule of the state table: attach, exec create and exec start answer 409 while paused. */
const PAUSED_409 = 'engine/states/paused-attach-exec-409';

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
      ctx.expectEqual([state.Paused, state.Running], [true, true], 'a paused container shows State.Paused true (and is still Running)');
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
    title: '(1.22) POST /attach to a paused container answers 409',
    requirements: ['engine/containers/attach/409-container-paused', PAUSED_409],
    oneRule: true,
    endpoint: 'engine/containers/attach',
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await pausedContainer(ctx);
      const conn = await ctx.api.hijack('POST', `/containers/${id}/attach`, { query: { stream: 1, stdout: 1, stderr: 1 }, upgrade: true });
      conn.close();
      ctx.expectEqual(conn.status, 409, `attach to a paused container answers 409, got ${conn.status} ${conn.statusText}`);
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
  noSuchContainerCheck({ endpoint: 'engine/containers/pause', method: 'POST', suffix: 'pause', keepsExited: true }),
  noSuchContainerCheck({ endpoint: 'engine/containers/unpause', method: 'POST', suffix: 'unpause', keepsExited: true }),
];
