import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { driveThroughStates, LISTED_CODES, NOT_FOUND, type StateOperation } from '../support/every-state.ts';
import { type ContainerStatus, exitedContainer, pausedContainer, type State, statusOf } from '../support/lifecycle.ts';

/** The container states the spec names that a client can build (dead and restarting cannot be built on purpose). */
const STATES: readonly ContainerStatus[] = ['created', 'running', 'paused', 'exited'];

/** The state inspect shows the container in (a gone or restarting one is in none of them). */
async function stateOf(ctx: EngineContext, ref: string): Promise<ContainerStatus | undefined> {
  const res = await ctx.api.get(`/containers/${ref}/json`);
  if (res.status !== 200) return undefined;
  const shown = ((res.json() as { State?: State }).State ?? {}) as State;
  return shown.Restarting === true ? undefined : statusOf(shown);
}

/** Every operation a client can ask of an existing container (Endpoints > Containers). */
const OPERATIONS: readonly StateOperation[] = [
  { method: 'GET', suffix: 'json' },
  { method: 'GET', suffix: 'top' },
  { method: 'GET', suffix: 'changes' },
  { method: 'GET', suffix: 'logs', query: { stdout: 1, stderr: 1 } },
  { method: 'GET', suffix: 'stats', query: { stream: 0 }, versions: ['1.22'] },
  { method: 'HEAD', suffix: 'archive', query: { path: '/' }, versions: ['1.22'] },
  // wait blocks until the container stops: asked only of one that does not run.
  { method: 'POST', suffix: 'wait', onlyIn: ['exited'] },
  // Exec create lists 409 (paused) in 1.22 only: a 1.18 target that refuses a paused container with it answers a code 1.18 does not list.
  // Asked where the container runs: 1.18 lists no refusal of an exec in a container that does not.
  { method: 'POST', suffix: 'exec', json: { Cmd: ['true'] }, onlyIn: ['running', 'paused'] },
  { method: 'POST', suffix: 'resize', query: { h: 24, w: 80 }, changes: true },
  { method: 'POST', suffix: 'start', changes: true },
  { method: 'POST', suffix: 'stop', query: { t: 0 }, changes: true },
  { method: 'POST', suffix: 'restart', query: { t: 0 }, changes: true },
  // The signal acts after the answer: inspect may still show the container running.
  { method: 'POST', suffix: 'kill', changes: true, effectAfterAnswer: true },
  { method: 'POST', suffix: 'pause', changes: true },
  { method: 'POST', suffix: 'unpause', changes: true },
  { method: 'POST', suffix: 'update', json: { CpuShares: 512 }, versions: ['1.22'], changes: true },
  { method: 'POST', suffix: 'rename', changes: true },
  { method: 'DELETE', suffix: '', changes: true },
];

/** Spec: Endpoints ("Status codes listed are the success and error codes of each operation"); States and transitions. */
export default [
  engineCheck({
    id: 'engine/errors/listed-codes-only/every-state',
    title:
      'Every container operation, asked of a container in each state a client can build and of a missing one, ' +
      'answers a status its endpoint lists, never 404 for one that exists',
    requirements: [LISTED_CODES, NOT_FOUND],
    long: true,
    async run(ctx) {
      await driveThroughStates(ctx, {
        base: '/containers',
        states: STATES,
        operations: OPERATIONS,
        async build(ctx, state) {
          if (state === 'created') return (await ctx.createContainer({ cmd: ['sleep', '300'] })).id;
          if (state === 'running') return (await ctx.runningContainer(['sleep', '300'])).id;
          if (state === 'paused') return (await pausedContainer(ctx, ['sleep', '300'])).id;
          return (await exitedContainer(ctx)).id;
        },
        prepare: (ctx, op) => (op.suffix === 'rename' ? { ...op, query: { name: ctx.uniqueName('renamed') } } : op),
        stateOf,
      });
    },
  }),
];
