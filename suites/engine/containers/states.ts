import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { engineCheck, type EngineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { exitedContainer, IGNORES_TERM, pausedContainer, STATUS_VALUES, type State } from '../support/lifecycle.ts';
import { listIds, ownLabel, type OwnLabel } from '../support/own-containers.ts';
import { sleep } from '../support/poll.ts';

const FILTER_STATUS = 'engine/containers/list/filter-status';

/** One container in each status the suite can reach on demand, all carrying the check's label. */
async function containersByStatus(ctx: EngineContext, label: OwnLabel): Promise<Record<string, string>> {
  const labels = { [label.key]: label.value };
  const byStatus: Record<string, string> = {};
  if (ctx.version === '1.22') byStatus.created = (await ctx.createContainer({ cmd: ['true'], labels })).id;
  byStatus.running = (await ctx.runningContainer(IGNORES_TERM, { labels })).id;
  byStatus.paused = (await pausedContainer(ctx, IGNORES_TERM, { labels })).id;
  byStatus.exited = (await exitedContainer(ctx, ['true'], { labels })).id;
  return byStatus;
}

/**
 * Checks the State booleans (and 1.22 Status) after one operation. Running left undefined is only
 * recorded: the spec states no Running value for a paused container (`running` and `paused` are
 * distinct statuses).
 */
async function expectState(ctx: EngineContext, id: string, after: string, expected: { Running?: boolean; Paused: boolean; Status: string }): Promise<void> {
  const state: State = await ctx.state(id);
  const wanted: Record<string, unknown> = { Paused: expected.Paused, Restarting: false, OOMKilled: false };
  if (expected.Running !== undefined) wanted.Running = expected.Running;
  else ctx.observe(`after ${after}, State.Running is ${String(state.Running)}`);
  if (ctx.version === '1.22') Object.assign(wanted, { Dead: false, Status: expected.Status });
  const actual = Object.fromEntries(Object.keys(wanted).map((k) => [k, state[k]]));
  ctx.expectEqual(actual, wanted, `after ${after}, the inspect State shows ${JSON.stringify(wanted)}`);
}

/** The list filter accepts every status value of the version and lists each container under its status. */
function statusValuesCheck(version: EngineVersion): EngineCheck {
  const requirement = `engine/states/status-values-${version}`;
  return engineCheck({
    id: requirement,
    title: `(${version}) The list filter accepts every status value (${STATUS_VALUES[version].join(', ')}) and lists each container under its own status`,
    requirements: [requirement, FILTER_STATUS],
    endpoint: 'engine/containers/list',
    versions: [version],
    async run(ctx) {
      const label = ownLabel('states');
      const byStatus = await containersByStatus(ctx, label);
      for (const status of STATUS_VALUES[version]) {
        const listed = await listIds(ctx, label, { all: 1 }, { status: [status] });
        const expected = byStatus[status] ? [byStatus[status]] : [];
        ctx.expectEqual(
          listed,
          expected,
          `status=${status} lists exactly the containers in that status (${expected.length ? 'the one this check put there' : "none of this check's"})`,
          // The status filter's own rule ("only containers in that status"), tried on a container in each status.
          [requirement, FILTER_STATUS],
        );
      }
    },
  });
}

interface RestartWatch {
  /** The State of the first read that showed Restarting true. */
  state?: Record<string, unknown>;
  /** Each distinct [Status, Running, Restarting, Pid, RestartCount] read, in turn. */
  seen: string[];
  /** Reads in a row showed no process and Restarting false, and a later read a higher RestartCount: it was waiting for its restart. */
  waitingNotRestarting: boolean;
}

/**
 * The State of a container read until it shows Restarting true, or the deadline; reads the target
 * refuses while the container restarts (Podman answers 500 to some) are passed over.
 */
async function firstRestartingState(ctx: EngineContext, id: string, deadlineMs: number): Promise<RestartWatch> {
  const deadline = Date.now() + deadlineMs;
  const seen: string[] = [];
  let idleAt: number | undefined;
  let idleReads = 0;
  let waitingNotRestarting = false;
  while (Date.now() < deadline) {
    const res = await ctx.api.get(`/containers/${id}/json`);
    const inspect = res.status === 200 ? ctx.expectJson<{ State?: Record<string, unknown>; RestartCount?: unknown }>(res, 'container inspect') : {};
    const state = inspect.State ?? {};
    const count = Number(inspect.RestartCount);
    const shown = JSON.stringify([state.Status, state.Running, state.Restarting, state.Pid, inspect.RestartCount]);
    if (res.status === 200 && seen.at(-1) !== shown) seen.push(shown);
    if (state.Restarting === true) return { state, seen, waitingNotRestarting };
    if (idleAt !== undefined && count > idleAt) waitingNotRestarting = true;
    // No process and not restarting, read again and again: the container sits between two runs.
    idleReads = res.status === 200 && state.Pid === 0 ? idleReads + 1 : 0;
    if (idleReads >= IDLE_READS && idleAt === undefined) idleAt = count;
    await sleep(RESTARTING_POLL_MS);
  }
  return { seen, waitingNotRestarting };
}

/** Poll interval while waiting for a restart: the first delays are 100 and 200 ms. */
const RESTARTING_POLL_MS = 20;
/** Reads in a row (60 ms) that show a container between two runs, not a target that restarts at once. */
const IDLE_READS = 3;
/** Enough for several restarts, each delay doubling from 100 ms. */
const RESTARTING_DEADLINE_MS = 8000;

/** Restarting and the RestartCount of one inspect; undefined when the target did not answer it. */
async function restartingRead(ctx: EngineContext, id: string): Promise<{ restarting: boolean; count: unknown } | undefined> {
  const res = await ctx.api.get(`/containers/${id}/json`);
  if (res.status !== 200) return undefined;
  const inspect = ctx.expectJson<{ State?: { Restarting?: unknown }; RestartCount?: unknown }>(res, 'container inspect');
  return { restarting: inspect.State?.Restarting === true, count: inspect.RestartCount };
}

/** Tries at catching a restarting container between two reads (each try waits for the next restart delay). */
const RESTARTING_TRIES = 4;

/**
 * The list filter status=restarting, tried on a container that is restarting: the lists are read
 * between two inspects that show Restarting true with one RestartCount, so that the container was
 * restarting all along (a container that restarted in between is tried again).
 */
function restartingListedCheck(version: EngineVersion): EngineCheck {
  const requirement = `engine/states/status-values-${version}`;
  return engineCheck({
    id: `${FILTER_STATUS}/restarting-${version}`,
    title: `(${version}) status=restarting lists a container while it waits out its restart delay, and status=running does not`,
    requirements: [FILTER_STATUS, requirement],
    versions: [version],
    async run(ctx) {
      const label = ownLabel('restarting');
      const { id } = await ctx.runningContainer(['sh', '-c', 'exit 1'], {
        hostConfig: { RestartPolicy: { Name: 'always' } },
        labels: { [label.key]: label.value },
      });
      for (let i = 0; i < RESTARTING_TRIES; i++) {
        const { state, seen } = await firstRestartingState(ctx, id, RESTARTING_DEADLINE_MS);
        if (!state) return ctx.unverified(`the container was never seen restarting within ${RESTARTING_DEADLINE_MS} ms: ${seen.join(' ')}`);
        const before = await restartingRead(ctx, id);
        const listed = {
          restarting: await listIds(ctx, label, { all: 1 }, { status: ['restarting'] }),
          running: await listIds(ctx, label, { all: 1 }, { status: ['running'] }),
        };
        const after = await restartingRead(ctx, id);
        if (!before?.restarting || !after?.restarting || before.count !== after.count) continue;
        ctx.expectEqual(
          listed,
          { restarting: [id], running: [] },
          'a container restarting before and after the lists is listed under status=restarting, not under status=running',
          [FILTER_STATUS, requirement],
        );
        return;
      }
      ctx.unverified(`in ${RESTARTING_TRIES} tries the container did not stay restarting (one RestartCount) from before to after the lists`);
    },
  });
}

/** Spec: States and transitions (status values, State booleans). */
export default [
  statusValuesCheck('1.18'),
  statusValuesCheck('1.22'),
  restartingListedCheck('1.18'),
  restartingListedCheck('1.22'),
  engineCheck({
    id: 'engine/states/state-booleans',
    title: 'The inspect State booleans (and 1.22 Status) follow the container through start, pause, unpause and kill',
    async run(ctx) {
      const { id } = await ctx.createContainer({ cmd: IGNORES_TERM });
      if (ctx.version === '1.22') await expectState(ctx, id, 'create', { Running: false, Paused: false, Status: 'created' });
      await ctx.start(id);
      await expectState(ctx, id, 'start', { Running: true, Paused: false, Status: 'running' });
      ctx.expectStatus(await ctx.api.post(`/containers/${id}/pause`), 204, 'pause');
      await expectState(ctx, id, 'pause', { Paused: true, Status: 'paused' });
      ctx.expectStatus(await ctx.api.post(`/containers/${id}/unpause`), 204, 'unpause');
      await expectState(ctx, id, 'unpause', { Running: true, Paused: false, Status: 'running' });
      ctx.expectStatus(await ctx.api.post(`/containers/${id}/kill`), 204, 'kill');
      await expectState(ctx, id, 'kill', { Running: false, Paused: false, Status: 'exited' });
    },
  }),
  engineCheck({
    id: 'engine/states/state-booleans/restarting',
    title: 'The inspect State shows Restarting true (1.22: Status restarting) while a container waits out its restart delay under RestartPolicy always',
    requirements: ['engine/states/state-booleans'],
    async run(ctx) {
      // It fails at once each run, so it spends nearly all its time waiting for the next restart.
      const { id } = await ctx.runningContainer(['sh', '-c', 'exit 1'], { hostConfig: { RestartPolicy: { Name: 'always' } } });
      const { state, seen, waitingNotRestarting } = await firstRestartingState(ctx, id, RESTARTING_DEADLINE_MS);
      // A target that restarts at once is never seen between runs: Restarting is then not judged.
      if (!state && !waitingNotRestarting)
        return ctx.skip(`the container was never read between two runs within ${RESTARTING_DEADLINE_MS} ms: ${seen.join(' ')}`);
      ctx.expect(state !== undefined, 'a container waiting for the restart its policy makes shows Restarting true', {
        expected: 'State.Restarting: true between a run and the next',
        actual: `[Status, Running, Restarting, Pid, RestartCount] read in turn: ${seen.join(' ')}`,
      });
      if (state && ctx.version === '1.22')
        ctx.expectEqual([state.Status, state.Paused, state.Dead], ['restarting', false, false], 'the State that shows Restarting true: Status, Paused, Dead');
    },
  }),
];
