import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { createExec, execIn, inspectExec, missingExecId, runExec, startAttached, waitExecEnd, type ExecCreateBody } from '../support/exec.ts';
import { eventually } from '../support/poll.ts';
import { openSession, sessionEndMs } from '../support/streams.ts';

const SCHEMA = 'engine/exec/inspect/200-response-schema';
const STREAMS = 'engine/exec/inspect/streams-and-tty';
const PRIVILEGED = 'engine/exec/inspect/process-config-privileged';
const RUNNING = 'engine/exec/inspect/running-and-exit-code';

/** Two instances whose every flag differs, so that a value shown for another instance, or a constant, shows. */
const OPPOSITE_INSTANCES: readonly ExecCreateBody[] = [
  { Cmd: ['true'], AttachStdin: true, AttachStdout: true, AttachStderr: false, Tty: false },
  { Cmd: ['true'], AttachStdin: false, AttachStdout: false, AttachStderr: true, Tty: true },
];

/**
 * A detached exec (Detach true: no session keeps it) is Running while its command runs, which is
 * until the check creates a gate file through another exec, then not, with its exit code.
 */
async function expectDetachedRunning(ctx: EngineContext): Promise<void> {
  const gate = `/tmp/${ctx.uniqueName('gate')}`;
  const { containerId, execId } = await execIn(ctx, { Cmd: ['sh', '-c', `until [ -e ${gate} ]; do sleep 0.1; done; exit 4`] });
  const res = await ctx.api.post(`/exec/${execId}/start`, { json: { Detach: true, Tty: false } });
  ctx.precondition(res.status === 200, `detached exec start answered ${res.status}: ${res.text().trim().slice(0, 300)}`, 'engine/exec/start/detach-returns');
  const during = await eventually(
    () => inspectExec(ctx, execId),
    (inspect) => inspect.Running === true,
  );
  // Judged without stopping the check: the gate is opened whatever Running showed, so that the command does not outlive it.
  ctx.verify(during.Running === true, 'while the command of a detached start runs (until the check opens its gate), Running is true', {
    requirement: RUNNING,
    expected: true,
    actual: during.Running,
  });
  const opened = await ctx.setUp(() => createExec(ctx, containerId, { Cmd: ['touch', gate] }));
  await ctx.setUp(() => startAttached(ctx, opened, false));
  // Until both show: a target showing Running false while the command runs shows its end by the exit code.
  const after = await eventually(
    () => inspectExec(ctx, execId),
    (inspect) => inspect.Running === false && inspect.ExitCode === 4,
  );
  ctx.expectEqual([after.Running, after.ExitCode], [false, 4], 'after the detached command ends with `exit 4`, Running is false and ExitCode is 4', RUNNING);
}

/** Spec: Endpoints > Exec > 41. GET /exec/(id)/json; Resources > Exec instance. */
export default [
  engineCheck({
    id: 'engine/exec/inspect/200-response-schema',
    title: 'GET /exec/(id)/json answers 200 with the exec inspect object of the version',
    endpoint: 'engine/exec/inspect',
    async run(ctx) {
      const { execId } = await runExec(ctx, { Cmd: ['true'] });
      const done = await waitExecEnd(ctx, execId);
      ctx.expectVersionSchema('exec-inspect', done, `${ctx.version} exec inspect of a finished command`);
    },
  }),
  engineCheck({
    id: 'engine/exec/inspect/200-response-schema/shows-instance',
    title:
      'Exec inspect shows the instance asked for: its ID, and the streams and Tty its create request set (two instances, opposite flags, never started), ' +
      'neither privileged',
    requirements: [SCHEMA, STREAMS, PRIVILEGED],
    endpoint: 'engine/exec/inspect',
    async run(ctx) {
      for (const body of OPPOSITE_INSTANCES) {
        const { execId } = await execIn(ctx, body);
        const shown = await inspectExec(ctx, execId);
        ctx.verify(shown.ID === execId, 'exec inspect ID is the identifier the create answered', { requirement: SCHEMA, expected: execId, actual: shown.ID });
        const expected = { OpenStdin: body.AttachStdin, OpenStdout: body.AttachStdout, OpenStderr: body.AttachStderr, tty: body.Tty };
        const actual = { OpenStdin: shown.OpenStdin, OpenStdout: shown.OpenStdout, OpenStderr: shown.OpenStderr, tty: shown.ProcessConfig?.tty };
        ctx.verify(
          JSON.stringify(actual) === JSON.stringify(expected),
          `exec inspect OpenStdin, OpenStdout, OpenStderr and ProcessConfig.tty of an instance created with ${JSON.stringify(body)}`,
          { requirement: STREAMS, expected, actual },
        );
        // Created without Privileged, in a container that is not privileged: the process has no extended privileges.
        ctx.verify(shown.ProcessConfig?.privileged === false, `exec inspect ProcessConfig.privileged of an instance created without Privileged`, {
          requirement: PRIVILEGED,
          expected: false,
          actual: shown.ProcessConfig?.privileged,
        });
      }
    },
  }),
  engineCheck({
    id: 'engine/exec/inspect/404-no-such-exec',
    title: 'GET /exec/(id)/json for an exec instance that does not exist answers 404',
    endpoint: 'engine/exec/inspect',
    async run(ctx) {
      ctx.expectStatus(await ctx.api.get(`/exec/${missingExecId()}/json`), 404, 'inspect of a missing exec instance');
    },
  }),
  engineCheck({
    id: RUNNING,
    title:
      'Exec inspect: Running is false before the start, true while the command runs, false after it exits, and ExitCode then holds its exit code ' +
      '(an attached start, then a detached one)',
    endpoint: 'engine/exec/inspect',
    async run(ctx) {
      // The command waits for a line on its stdin, so it is surely running until the check sends one.
      const { execId } = await execIn(ctx, { Cmd: ['sh', '-c', 'read x; exit 3'], AttachStdin: true });
      // Created, not started: the command does not run (the only exec state the spec models is Running).
      ctx.expectEqual((await inspectExec(ctx, execId)).Running, false, 'an exec instance created and not started yet is not running: Running is false');
      const conn = await openSession(ctx, `/exec/${execId}/start`, { body: { Detach: false, Tty: false } });
      // The start answers when the connection is hijacked; the command may start a moment later.
      const during = await eventually(
        () => inspectExec(ctx, execId),
        (inspect) => inspect.Running === true,
      );
      ctx.expectEqual(during.Running, true, 'while the command runs, Running is true');
      ctx.observe(`ExitCode while the command runs: ${JSON.stringify(during.ExitCode)}`);
      await conn.write('go\n');
      await conn.readAll({ timeoutMs: sessionEndMs(ctx) });
      const after = await waitExecEnd(ctx, execId);
      ctx.expectEqual([after.Running, after.ExitCode], [false, 3], 'after `exit 3`, Running is false and ExitCode is 3');
      await expectDetachedRunning(ctx);
    },
  }),
  engineCheck({
    id: 'engine/exec/inspect/process-config-command',
    title: 'Exec inspect ProcessConfig shows the command of the create request: entrypoint its program, arguments the rest, in order',
    endpoint: 'engine/exec/inspect',
    async run(ctx) {
      // Three distinct arguments, so that a list cut short, emptied or holding one twice shows.
      const cmd = ['sh', '-c', 'exit 0', 'conformance-arg0'];
      const { execId } = await execIn(ctx, { Cmd: cmd });
      const process = (await inspectExec(ctx, execId)).ProcessConfig;
      ctx.expectEqual([process?.entrypoint, process?.arguments], [cmd[0], cmd.slice(1)], `exec inspect ProcessConfig of Cmd ${JSON.stringify(cmd)}`);
    },
  }),
  engineCheck({
    id: 'engine/exec/inspect/container-id',
    title: '(1.22) Exec inspect ContainerID is the identifier of the container the command runs in',
    endpoint: 'engine/exec/inspect',
    versions: ['1.22'],
    async run(ctx) {
      const { containerId, execId } = await execIn(ctx, { Cmd: ['true'] });
      ctx.expectEqual((await inspectExec(ctx, execId)).ContainerID, containerId, 'exec inspect ContainerID');
    },
  }),
  engineCheck({
    id: 'engine/exec/inspect/content-type-1.18',
    title: '(1.18) The exec inspect sample labels its content type as plain text: the suite records the content type',
    endpoint: 'engine/exec/inspect',
    versions: ['1.18'],
    async run(ctx) {
      const { execId } = await execIn(ctx, { Cmd: ['true'] });
      const res = await ctx.api.get(`/exec/${execId}/json`);
      ctx.observe(`1.18 exec inspect answered ${res.status} with Content-Type ${res.headers['content-type'] ?? '(none)'}`);
    },
  }),
];
