import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { driveThroughStates, LISTED_CODES, NOT_FOUND } from '../support/every-state.ts';
import { createExec, execContainer, waitExecEnd } from '../support/exec.ts';

/** Exec instances "have a Running boolean; other exec states are not modelled": not started, running, ended. */
const STATES = ['created', 'running', 'ended'] as const;

/** An exec instance in `state`, in the check's one running container (the container is not the subject). */
async function execIn(ctx: EngineContext, container: string, state: (typeof STATES)[number]): Promise<string> {
  const execId = await createExec(ctx, container, { Cmd: state === 'ended' ? ['true'] : ['sleep', '300'] });
  if (state === 'created') return execId;
  const started = await ctx.api.post(`/exec/${execId}/start`, { json: { Detach: true, Tty: false } });
  ctx.precondition(started.status === 200, `a detached exec start answered ${started.status}`, 'engine/exec/start/detach-returns');
  if (state === 'ended') await waitExecEnd(ctx, execId);
  return execId;
}

/** Spec: Endpoints ("Status codes listed ..."); Exec > 39-41. */
export default [
  engineCheck({
    id: 'engine/errors/listed-codes-only/every-state/exec',
    title:
      'Every exec operation, asked of an exec instance not started, running, ended, and of a missing one, ' +
      'answers a status its endpoint lists, never 404 for one that exists',
    requirements: [LISTED_CODES, NOT_FOUND],
    long: true,
    async run(ctx) {
      const { id: container } = await ctx.setUp(() => execContainer(ctx));
      await driveThroughStates(ctx, {
        base: '/exec',
        states: STATES,
        operations: [
          { method: 'GET', suffix: 'json' },
          // Docker 20.10 waits up to 10 s for an exec not started, then answers 500 ("timeout waiting
          // for exec session ready"): at the run's default deadline, also 10 s, the client gave up first.
          { method: 'POST', suffix: 'resize', query: { h: 24, w: 80 }, answersWithinMs: 15_000 },
          { method: 'POST', suffix: 'start', json: { Detach: true, Tty: false }, changes: true, versions: ['1.22'] },
          // 1.18 lists no code for refusing a second start (only 101, 200, 404): it is asked to start one not yet started.
          { method: 'POST', suffix: 'start', json: { Detach: true, Tty: false }, changes: true, versions: ['1.18'], onlyIn: ['created'] },
        ],
        build: (ctx, state) => execIn(ctx, container, state),
      });
    },
  }),
];
