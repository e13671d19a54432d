import { engineCheck } from '../support/check.ts';
import { holdsEachOnce } from '../support/container-data.ts';
import { createExec } from '../support/exec.ts';
import { EXITS_ON_TERM } from '../support/lifecycle.ts';

const R = 'engine/containers/inspect/';

/** Spec: Resources > Container inspect (Path S, Args [S], ExecIDs [S] or null). */
export default [
  engineCheck({
    id: `${R}path-args`,
    title: 'Inspect Path and Args show the command the container runs: the Entrypoint, then the Cmd, in order',
    endpoint: 'engine/containers/inspect',
    async run(ctx) {
      const script = EXITS_ON_TERM[2]!;
      const { id } = await ctx.setUp(() => ctx.runningContainer([script, 'conformance-arg0', 'conformance-arg1'], { extra: { Entrypoint: ['sh', '-c'] } }));
      const inspect = await ctx.inspect(id);
      ctx.expectEqual([inspect.Path, inspect.Args], ['sh', ['-c', script, 'conformance-arg0', 'conformance-arg1']], 'inspect Path and Args');
    },
  }),
  engineCheck({
    id: `${R}exec-ids`,
    title: 'Inspect ExecIDs lists the exec instances created in the container, each once',
    endpoint: 'engine/containers/inspect',
    async run(ctx) {
      const { id } = await ctx.setUp(() => ctx.runningContainer(EXITS_ON_TERM));
      const execs = await ctx.setUp(async () => [await createExec(ctx, id, { Cmd: ['true'] }), await createExec(ctx, id, { Cmd: ['sh', '-c', 'exit 0'] })]);
      const shown = (await ctx.inspect(id)).ExecIDs;
      ctx.expect(holdsEachOnce(execs)(shown), 'inspect ExecIDs of a container with two exec instances created', { expected: execs, actual: shown });
    },
  }),
];
