/**
 * The HostConfig a start request carries takes effect, not only its echo in inspect: the program
 * of a container created without it runs under the one sent with start. ReadonlyRootfs is the
 * probe (a write to the root filesystem, refused or not), sent true and false to two containers
 * alike, so that the body's value, not the fixture or a default, decides what the program sees.
 */
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { demux, logsSession } from '../support/streams.ts';

const START_BODY = 'engine/containers/start/body-host-config';
const PROBE = 'touch /conformance-probe && echo written || echo refused';

/** What the probe printed in a container created without HostConfig fields and started with `ReadonlyRootfs: readonly`. */
async function probeStartedWith(ctx: EngineContext, readonly: boolean): Promise<string> {
  const { id, stored } = await ctx.setUp(async () => {
    const { id } = await ctx.createContainer({ cmd: ['sh', '-c', PROBE] });
    const { LxcConf: _list, ContainerIDFile: _file, IpcMode: _ipc, ...stored } = ((await ctx.inspect(id)).HostConfig ?? {}) as Record<string, unknown>;
    return { id, stored };
  });
  // The body is the whole HostConfig the container runs with: the one of its create, ReadonlyRootfs aside
  // (what inspect adds to the create fields, or shows in another form, such as LxcConf as a list, left out).
  const res = await ctx.api.post(`/containers/${id}/start`, { json: { ...stored, ReadonlyRootfs: readonly } });
  ctx.expectStatus(res, 204, `start with the HostConfig body {ReadonlyRootfs: ${readonly}}`, START_BODY);
  return ctx.setUp(async () => {
    await ctx.waitExit(id);
    return demux((await logsSession(ctx, id, { stdout: 1 })).data)
      .stdout.toString('utf8')
      .trim();
  });
}

export default [
  engineCheck({
    id: `${START_BODY}/effect`,
    title: 'The HostConfig of a start body is the one the program runs under: ReadonlyRootfs true sent with start refuses a write, false lets it through',
    requirements: [START_BODY],
    endpoint: 'engine/containers/start',
    async run(ctx) {
      const writable = await probeStartedWith(ctx, false);
      if (writable !== 'written')
        ctx.notApplicable(
          `a container started with ReadonlyRootfs false already refuses the write (${writable.slice(0, 200)}): the body's effect cannot be told apart`,
        );
      ctx.expectEqual(await probeStartedWith(ctx, true), 'refused', '`touch /conformance-probe` in a container started with {ReadonlyRootfs: true}');
    },
  }),
];
