/**
 * Spec: HostConfig `Memory I: memory limit in bytes` and (1.22) `OomKillDisable B: disable the OOM
 * killer for the container`; State `OOMKilled B`, which follows the container's state. A program
 * that holds more than the limit is what shows the limit: the kernel's OOM killer ends it (exit
 * 137, OOMKilled true), unless the container was created with the killer disabled.
 */
import { engineCheck } from '../support/check.ts';
import { wholeStdoutOf } from '../support/container-data.ts';
import type { EngineContext } from '../support/context.ts';
import { grows, LIMIT, SURVIVED, type Growing } from '../support/memory.ts';
import { sleep } from '../support/poll.ts';

const R = 'engine/containers/create/';
/** Unconstrained, the program ends within a second; past this the one with the killer disabled is held at the limit. */
const HELD_MS = 3000;
const STATES = 'engine/states/state-booleans';

/** The container of `grows()` run to its end: its exit code and whole output. */
async function ranToEnd(ctx: EngineContext): Promise<Growing & { code: number; out: string }> {
  const outcome = await grows(ctx);
  const code = await ctx.waitExit(outcome.id);
  return { ...outcome, code, out: await wholeStdoutOf(ctx, outcome.id) };
}

const killed = (o: { code: number; out: string }): boolean => !o.out.includes(SURVIVED) && o.code !== 0;

export default [
  engineCheck({
    id: `${R}host-config-memory/oom-killed`,
    title: 'A program past Memory is ended by the OOM killer: exit code 137 and State.OOMKilled true',
    requirements: [`${R}host-config-memory`, STATES],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const run = await ranToEnd(ctx);
      if (!killed(run) && run.warnings.length)
        ctx.unverified(`the create warned that the host discarded a setting (${run.warnings.join(' | ')}) and the program ran to its end`);
      ctx.expect(killed(run), `a container created with Memory ${LIMIT} ran a program holding 64 MiB to its end`, {
        requirement: `${R}host-config-memory`,
        expected: 'the program ended by the OOM killer before it printed "survived"',
        actual: `exit code ${run.code}, output ${JSON.stringify(run.out.slice(0, 100))}`,
      });
      const state = await ctx.state(run.id);
      ctx.expect(state.ExitCode === 137 && state.OOMKilled === true, 'the inspect State of a container the OOM killer ended', {
        requirement: STATES,
        expected: { ExitCode: 137, OOMKilled: true },
        actual: { ExitCode: state.ExitCode, OOMKilled: state.OOMKilled },
      });
    },
  }),
  engineCheck({
    id: `${R}host-config-oom-kill-disable/effect`,
    title: '(1.22) OomKillDisable true: a program past Memory is held at the limit, not ended by the OOM killer',
    requirements: [`${R}host-config-oom-kill-disable`],
    endpoint: 'engine/containers/create',
    versions: ['1.22'],
    async run(ctx) {
      const baseline = await ranToEnd(ctx);
      if (!killed(baseline))
        ctx.notApplicable(`without OomKillDisable the same program ran to its end (exit ${baseline.code}): the killer being disabled cannot be told apart`);
      const { id, warnings } = await grows(ctx, { OomKillDisable: true });
      await sleep(HELD_MS);
      const state = await ctx.state(id);
      const what = `${HELD_MS} ms after the start of a container created with Memory ${LIMIT} and OomKillDisable true`;
      if (state.Running !== true && warnings.length) ctx.unverified(`${what} it had ended (${state.ExitCode}); the create warned: ${warnings.join(' | ')}`);
      ctx.expect(state.Running === true && state.OOMKilled === false, `${what}, the program past the limit is held, not ended`, {
        requirement: `${R}host-config-oom-kill-disable`,
        expected: { Running: true, OOMKilled: false },
        actual: { Running: state.Running, OOMKilled: state.OOMKilled, ExitCode: state.ExitCode },
      });
    },
  }),
];
