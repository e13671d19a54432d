/**
 * (1.18) Exec inspect carries "a `Container` object holding the full container inspect data": the
 * data GET /containers/(id)/json gives for the same container at the same moment; here on a
 * container of zero values, running and stopped (inspect-container.ts: one of two-item lists). Compared on
 * what does not change between the two reads (ExecIDs grows with every exec, so it is left out).
 * Spec: Resources > Exec instance (Inspect 1.18); Endpoints > Exec > 41.
 */
import { sameShown, shownAlike } from '../../../harness/protocol/same-shown.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { createExec } from '../support/exec.ts';
import { instants } from '../support/lifecycle.ts';

const R = 'engine/exec/inspect/container-1.18';
const SCHEMA = 'engine/exec/inspect/200-response-schema';
const COMPARED = ['Id', 'Created', 'Name', 'Image', 'Path', 'Args', 'Driver', 'RestartCount', 'State', 'Config', 'HostConfig', 'NetworkSettings'];

type Json = Record<string, unknown>;

/**
 * Its own container, since the check stops it, created with zero values where a client may give
 * them, so that a field left out because it is zero shows: `cat` reading an open stdin runs with
 * no arguments; no labels; stdout and stderr not attached; networked (NetworkDisabled false) with
 * a port published on any host port (HostPort ""); core dumps off (ulimit core 0:0).
 */
const ZERO_VALUED = {
  openStdin: true,
  attach: false,
  networked: true,
  extra: { Labels: undefined },
  hostConfig: { Ulimits: [{ Name: 'core', Soft: 0, Hard: 0 }], PortBindings: { '8080/tcp': [{ HostIp: '', HostPort: '' }] } },
};

/** Exec inspect and container inspect read back to back; undefined when exec inspect answered 404. */
async function bothReads(ctx: EngineContext, execId: string, containerId: string): Promise<{ held: Json; inspect: Json } | undefined> {
  const res = await ctx.api.get(`/exec/${execId}/json`);
  if (res.status === 404) return undefined;
  const held = await ctx.setUp(async () => {
    ctx.expectStatus(res, 200, 'exec inspect');
    return ctx.expectJson<Json>(res, 'exec inspect').Container;
  }, SCHEMA);
  if (held === null || typeof held !== 'object') ctx.blockedBy(SCHEMA, `exec inspect has no Container object: ${JSON.stringify(held)}`);
  return { held: held as Json, inspect: await ctx.inspect(containerId) };
}

/**
 * Compared on what both show (an undocumented field one side adds changes nothing; a documented
 * one left out is the schema's to report), lists in any order, times by their instant.
 */
/** Documented fields whose zero value the container carries: each must be shown by both sides or neither. */
const ZERO_SHAPE: Json = {
  HostConfig: {
    Ulimits: [{ Name: '', Soft: 0, Hard: 0 }],
    PortBindings: { '8080/tcp': [{ HostIp: '', HostPort: '' }] },
    RestartPolicy: { Name: '', MaximumRetryCount: 0 },
    LogConfig: { Type: '', Config: {} },
  },
};

function compare(ctx: EngineContext, reads: { held: Json; inspect: Json }, when: string): void {
  for (const field of COMPARED) {
    const [held, direct] = [reads.held[field], reads.inspect[field]];
    const [a, b] = [instants(held), instants(direct)];
    ctx.verify(
      field in ZERO_SHAPE ? shownAlike(a, b, ZERO_SHAPE[field]) : sameShown(a, b),
      `${when}: exec inspect Container.${field} is the container's inspect ${field}`,
      {
        expected: direct,
        actual: held,
        requirement: R,
      },
    );
  }
}

export default [
  engineCheck({
    id: `${R}/zero-values`,
    requirements: [R],
    title: '(1.18) The Container object of exec inspect is the inspect data of its container, while it runs and once it stopped',
    endpoint: 'engine/exec/inspect',
    versions: ['1.18'],
    async run(ctx) {
      const { id } = await ctx.createContainer({ ...ZERO_VALUED, cmd: ['cat'] });
      await ctx.start(id, 'ulimit core 0:0 and a port published on any host port');
      const execId = await createExec(ctx, id, { Cmd: ['true'] });
      const running = await bothReads(ctx, execId, id);
      if (!running) return ctx.blockedBy(SCHEMA, `GET /exec/${execId}/json of an exec instance just created answered 404`);
      compare(ctx, running, 'in a running container');
      await ctx.setUp(async () => {
        ctx.expectStatus(await ctx.api.post(`/containers/${id}/kill`), 204, 'kill of the running container');
        await ctx.waitExit(id);
      }, 'engine/containers/kill/204-killed');
      const stopped = await bothReads(ctx, execId, id);
      // Whether an exec instance outlives its container's run is not shown (Docker 20.10 forgets it).
      if (!stopped) return ctx.observe('once its container stopped, the exec instance answered 404: its Container object is not shown');
      compare(ctx, stopped, 'once the container stopped');
    },
  }),
];
