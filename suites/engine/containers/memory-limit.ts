/**
 * Spec: HostConfig `Memory I: memory limit in bytes` and (1.22) `OomKillDisable B: disable the OOM
 * killer for the container`; State `OOMKilled B`, which follows the container's state. A program
 * that holds more than the limit is what shows the limit: the kernel's OOM killer ends it (OOMKilled
 * true; its exit code is not stated, Docker's is 137), unless the container was created with the killer disabled.
 */
import { engineCheck } from '../support/check.ts';
import { wholeStdoutOf } from '../support/container-data.ts';
import type { EngineContext } from '../support/context.ts';
import { grows, GROWS_ONCE, LIMIT, SURVIVED, type Growing } from '../support/memory.ts';
import { sleep } from '../support/poll.ts';
import { expectFlagsSupported, HOST_FLAGS } from '../system/info-host-flags.ts';

const R = 'engine/containers/create/';
/** Unconstrained, the program ends within a second; past this the one with the killer disabled is held at the limit. */
const HELD_MS = 3000;
const STATES = 'engine/states/state-booleans';

/** The container of `grows()` (running `script`) run to its end: its exit code and whole output. */
async function ranToEnd(ctx: EngineContext, script?: string): Promise<Growing & { code: number; out: string }> {
  const outcome = await grows(ctx, {}, script);
  const code = await ctx.waitExit(outcome.id);
  return { ...outcome, code, out: await wholeStdoutOf(ctx, outcome.id) };
}

const killed = (o: { code: number; out: string }): boolean => !o.out.includes(SURVIVED) && o.code !== 0;

export default [
  engineCheck({
    id: `${R}host-config-memory/oom-killed`,
    title: 'A program past Memory is ended by the OOM killer: State.OOMKilled true, false again after a start that runs fine',
    requirements: [`${R}host-config-memory`, STATES],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const run = await ranToEnd(ctx, GROWS_ONCE);
      if (!killed(run) && run.warnings.length)
        ctx.unverified(`the create warned that the host discarded a setting (${run.warnings.join(' | ')}) and the program ran to its end`);
      ctx.expect(killed(run), `a container created with Memory ${LIMIT} ran a program holding 64 MiB to its end`, {
        requirement: `${R}host-config-memory`,
        expected: 'the program ended by the OOM killer before it printed "survived"',
        actual: `exit code ${run.code}, output ${JSON.stringify(run.out.slice(0, 100))}`,
      });
      const state = await ctx.state(run.id);
      ctx.expect(state.OOMKilled === true, 'the inspect State of a container the OOM killer ended', {
        requirement: STATES,
        expected: { OOMKilled: true },
        actual: { ExitCode: state.ExitCode, OOMKilled: state.OOMKilled },
      });
      // The spec states no exit code for a process the kernel killed.
      ctx.observe(`the container the OOM killer ended shows ExitCode ${JSON.stringify(state.ExitCode)} (not stated; 137 is 128 + SIGKILL)`);
      // Started again, the program finds its mark, sleeps and ends by itself: a run the killer did not end is not
      // OOMKilled. While that run goes on the flag may still tell of the last exit (Docker keeps it until the next one).
      await ctx.start(run.id, 'a second start of the container the OOM killer ended');
      const code = await ctx.waitExit(run.id);
      const ended = await ctx.state(run.id);
      ctx.expect(ended.OOMKilled === false && code === 0, 'the inspect State after a later run that ended by itself', {
        requirement: STATES,
        expected: { ExitCode: 0, OOMKilled: false },
        actual: { ExitCode: code, OOMKilled: ended.OOMKilled },
      });
    },
  }),
  engineCheck({
    id: `${R}host-config-oom-kill-disable/effect`,
    title: '(1.22) OomKillDisable true: a program past Memory is held at the limit, not ended by the OOM killer; Info OomKillDisable then says supported',
    requirements: [`${R}host-config-oom-kill-disable`, HOST_FLAGS],
    endpoint: 'engine/containers/create',
    versions: ['1.22'],
    async run(ctx) {
      const baseline = await ranToEnd(ctx);
      if (!killed(baseline))
        ctx.notApplicable(`without OomKillDisable the same program ran to its end (exit ${baseline.code}): the killer being disabled cannot be told apart`);
      const { id, warnings } = await grows(ctx, { OomKillDisable: true });
      // The setting is the container's, not its first run's: held at the first start and again after a restart.
      let heldEach = true;
      for (const when of ['start', 'restart']) {
        if (when === 'restart') ctx.expectStatus(await ctx.api.post(`/containers/${id}/restart`, { query: { t: 1 } }), 204, 'restarting the held container');
        await sleep(HELD_MS);
        const state = await ctx.state(id);
        const what = `${HELD_MS} ms after the ${when} of a container created with Memory ${LIMIT} and OomKillDisable true`;
        if (state.Running !== true && warnings.length) ctx.unverified(`${what} it had ended (${state.ExitCode}); the create warned: ${warnings.join(' | ')}`);
        // After the restart OOMKilled may still tell of the stopped run (Docker sets it for a run held at its limit): Running judges.
        const held = state.Running === true && (when === 'restart' || state.OOMKilled === false);
        heldEach &&= held;
        ctx.expect(held, `${what}, the program past the limit is held, not ended`, {
          requirement: `${R}host-config-oom-kill-disable`,
          expected: when === 'start' ? { Running: true, OOMKilled: false } : { Running: true },
          actual: { Running: state.Running, OOMKilled: state.OOMKilled, ExitCode: state.ExitCode },
        });
      }
      if (heldEach)
        await expectFlagsSupported(ctx, [
          { flag: 'OomKillDisable', shown: `a container created with Memory ${LIMIT} and OomKillDisable true was held at its limit` },
        ]);
    },
  }),
];
