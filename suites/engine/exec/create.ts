import { engineCheck } from '../support/check.ts';
import { createExec, execContainer, execIn, inspectExec, runExec, startAttached } from '../support/exec.ts';
import { noSuchContainerCheck } from '../support/lifecycle.ts';
import {
  bothStreams,
  demux,
  detachedSession,
  expectFrames,
  expectLiveUntilDetached,
  expectPayload,
  expectRaw,
  openSession,
  readUntil,
  sessionEndMs,
  terminalText,
  waitForLog,
} from '../support/streams.ts';

const ENDPOINT = 'engine/exec/create';
/** Prints the effective capability set of the process, where the target has a /proc. */
const SHOW_STATUS = ['cat', '/proc/self/status'];

/** The CapEff bits of a /proc/self/status text, or undefined when there is none. */
function capEff(status: Buffer): bigint | undefined {
  const hex = /CapEff:\s*([0-9a-fA-F]+)/.exec(status.toString('utf8'))?.[1];
  return hex === undefined ? undefined : BigInt(`0x${hex}`);
}

/** Prints the uid, then the gid, the process runs with. */
const PRINT_IDS = ['sh', '-c', 'id -u; id -g'];
/** A user and a group the exec User checks add to a container's passwd and group files. */
const ACCOUNT = { user: 'conformance', uid: '4321', primaryGid: '8765', group: 'conformance-group', groupId: '2468' } as const;
const ADD_ACCOUNTS = [
  `echo ${ACCOUNT.user}:x:${ACCOUNT.uid}:${ACCOUNT.primaryGid}::/:/bin/sh >> /etc/passwd`,
  `echo ${ACCOUNT.group}:x:${ACCOUNT.groupId}: >> /etc/group`,
].join('; ');
const ACCOUNTS_READY = 'conformance-accounts-ready';

/** Prints READY, then copies its stdin to stdout (until end of file), then prints STDIN_ENDED. */
const READY = 'conformance-exec-ready';
const STDIN_ENDED = 'conformance-exec-stdin-ended';
const COPIES_STDIN = ['sh', '-c', `echo ${READY}; cat; echo ${STDIN_ENDED}`];
const STDIN_MARKER = 'conformance-exec-stdin-marker';
/**
 * How long the client's line has to come back through `cat`: a daemon that forwards it does so at
 * once. A command whose stdin is held open without the client's input is left running after it.
 */
const STDIN_WINDOW_MS = 3000;

/** Spec: Endpoints > Exec > 38. POST /containers/(id or name)/exec; Resources > Exec instance. */
export default [
  engineCheck({
    id: 'engine/exec/create/201-response-schema',
    title: 'POST /containers/(id)/exec answers 201 with the exec create response {Id, Warnings}',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await execContainer(ctx);
      const res = await ctx.api.post(`/containers/${id}/exec`, { json: { AttachStdout: true, AttachStderr: true, Tty: false, Cmd: ['true'] } });
      ctx.expectStatus(res, 201, 'exec create in a running container');
      ctx.expectVersionSchema('exec-create-response', ctx.expectJson(res, 'exec create response'), 'exec create response');
    },
  }),
  engineCheck({
    id: 'engine/exec/create/201-response-schema/by-name',
    title: 'POST /containers/(name)/exec addresses the container by its name: the exec runs there (`hostname` prints its hostname)',
    requirements: ['engine/exec/create/201-response-schema'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id, name } = await execContainer(ctx);
      const hostname = String(((await ctx.inspect(id)).Config as Record<string, unknown>).Hostname ?? '');
      const res = await ctx.api.post(`/containers/${encodeURIComponent(name)}/exec`, { json: { AttachStdout: true, AttachStderr: true, Cmd: ['hostname'] } });
      ctx.expectStatus(res, 201, `exec create addressed by the container name ${name}`);
      const execId = ctx.expectJson<{ Id: string }>(res, 'exec create response').Id;
      const out = expectFrames(ctx, (await startAttached(ctx, execId, false)).data, 'exec started in the container addressed by name').stdout;
      expectPayload(ctx, out, `${hostname}\n`, `the exec runs in ${name}: hostname prints its hostname`);
    },
  }),
  noSuchContainerCheck({ endpoint: ENDPOINT, method: 'POST', suffix: 'exec', body: { AttachStdout: true, Cmd: ['true'] }, keepsExited: true }),
  engineCheck({
    id: 'engine/exec/create/body-cmd',
    title: 'Exec Cmd, as a list or as a string, is the command the exec instance runs',
    endpoint: ENDPOINT,
    async run(ctx) {
      const list = await runExec(ctx, { Cmd: ['echo', 'exec-cmd', 'two'] });
      expectPayload(
        ctx,
        expectFrames(ctx, list.data, 'exec of a list Cmd').stdout,
        'exec-cmd two\n',
        'Cmd ["echo","exec-cmd","two"] runs echo with both arguments',
      );
      const hostname = String(((await ctx.inspect(list.containerId)).Config as Record<string, unknown>).Hostname ?? '');
      const created = await ctx.api.post(`/containers/${list.containerId}/exec`, { json: { AttachStdout: true, AttachStderr: true, Cmd: 'hostname' } });
      ctx.expectStatus(created, 201, 'exec create with Cmd as a string ("hostname")');
      const single = await startAttached(ctx, ctx.expectJson<{ Id: string }>(created, 'exec create response').Id, false);
      expectPayload(
        ctx,
        expectFrames(ctx, single.data, 'exec of a string Cmd').stdout,
        `${hostname}\n`,
        'Cmd "hostname" (a string) runs hostname, which prints the container hostname',
      );
    },
  }),
  engineCheck({
    id: 'engine/exec/create/body-attach-tty',
    title: 'AttachStdout/AttachStderr choose the streams the exec session carries; Tty true gives a raw terminal stream',
    endpoint: ENDPOINT,
    async run(ctx) {
      const outOnly = await runExec(ctx, { Cmd: bothStreams('x-out', 'x-err'), AttachStdout: true, AttachStderr: false });
      const out = expectFrames(ctx, outOnly.data, 'exec with AttachStderr false');
      expectPayload(ctx, out.stdout, 'x-out\n', 'AttachStdout true: stdout is carried');
      ctx.expectEqual(out.stderr.toString('utf8'), '', 'AttachStderr false: no stderr is carried');
      const errOnly = await startAttached(
        ctx,
        await createExec(ctx, outOnly.containerId, { Cmd: bothStreams('x-out', 'x-err'), AttachStdout: false, AttachStderr: true }),
        false,
      );
      const err = expectFrames(ctx, errOnly.data, 'exec with AttachStdout false');
      expectPayload(ctx, err.stderr, 'x-err\n', 'AttachStderr true: stderr is carried');
      ctx.expectEqual(err.stdout.toString('utf8'), '', 'AttachStdout false: no stdout is carried');
      const tty = await startAttached(ctx, await createExec(ctx, outOnly.containerId, { Cmd: ['echo', 'x-tty'], Tty: true }), true);
      expectRaw(ctx, tty.data, 'exec with Tty true');
      ctx.expectEqual(terminalText(tty.data), 'x-tty\n', 'Tty true: the session carries the raw terminal output');
    },
  }),
  engineCheck({
    id: 'engine/exec/create/body-attach-tty/stdin-not-attached',
    title: "AttachStdin false: what the client writes on the exec session does not reach the command's stdin (`cat` copies none of it)",
    requirements: ['engine/exec/create/body-attach-tty'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const { execId } = await execIn(ctx, { Cmd: COPIES_STDIN, AttachStdin: false, AttachStdout: true, AttachStderr: true, Tty: false });
      const conn = await openSession(ctx, `/exec/${execId}/start`, { body: { Detach: false, Tty: false } });
      const stdout = (data: Buffer): string => demux(data).stdout.toString('utf8');
      // Written once the command runs (its first line came back), so that a forwarding daemon has a reader for it.
      const ready = await readUntil(conn, (data) => stdout(data).includes(READY), sessionEndMs(ctx));
      ctx.precondition(stdout(ready.data).includes(READY), `the exec session carried no ${READY} line: ${JSON.stringify(stdout(ready.data).slice(0, 200))}`);
      // What the command's stdin is without the client's is not shown (Docker: end of file, so it may have ended and closed the session).
      const written = ready.closed
        ? 'the session had ended'
        : await conn.write(`${STDIN_MARKER}\n`).then(
            () => undefined,
            (err: Error) => `the write failed (${err.message})`,
          );
      const after = written
        ? { data: Buffer.alloc(0), closed: true }
        : await readUntil(conn, (data) => stdout(data).includes(STDIN_MARKER), STDIN_WINDOW_MS, { resetEnds: true });
      const copied = stdout(Buffer.concat([ready.data, after.data]));
      const ending = copied.includes(STDIN_ENDED)
        ? 'the command saw its stdin end'
        : after.closed
          ? 'the session ended'
          : `the command was still reading its stdin after ${STDIN_WINDOW_MS} ms`;
      ctx.observe(`AttachStdin false: ${written ?? "the client's line was written"}; ${ending}`);
      ctx.expect(!copied.includes(STDIN_MARKER), "an exec created with AttachStdin false copied the client's input from its stdin: the session carried stdin", {
        expected: `no ${STDIN_MARKER} on stdout`,
        actual: copied.slice(0, 300),
      });
    },
  }),
  engineCheck({
    id: 'engine/exec/create/body-user',
    title:
      '(1.22) Exec User runs the command as that user, in each form: `uid:gid`, `uid`, `user` and `user:group` (names of the container passwd and group files)',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const got = await runExec(ctx, { Cmd: PRINT_IDS, User: '1234:5678' });
      expectPayload(
        ctx,
        expectFrames(ctx, got.data, 'exec as 1234:5678').stdout,
        '1234\n5678\n',
        'id -u and id -g inside the exec print the uid and gid of User',
      );
      ctx.expectEqual(
        (await inspectExec(ctx, got.execId)).ProcessConfig?.user,
        '1234:5678',
        'exec inspect ProcessConfig.user is the User of the create request',
      );
      const { id } = await ctx.runningContainer(['sh', '-c', `${ADD_ACCOUNTS}; echo ${ACCOUNTS_READY}; while true; do sleep 3600 & wait; done`]);
      await waitForLog(ctx, id, ACCOUNTS_READY);
      // Only the ids a form names are judged: the group of a bare uid or user name is not stated.
      for (const [user, expected] of [
        ['1234', ['1234']],
        [ACCOUNT.user, [ACCOUNT.uid]],
        [`${ACCOUNT.user}:${ACCOUNT.group}`, [ACCOUNT.uid, ACCOUNT.groupId]],
      ] as const) {
        const execId = await createExec(ctx, id, { Cmd: PRINT_IDS, User: user });
        const ids = expectFrames(ctx, (await startAttached(ctx, execId, false)).data, `exec as ${user}`)
          .stdout.toString('utf8')
          .split('\n');
        ctx.expectEqual(ids.slice(0, expected.length), [...expected], `an exec with User ${user} runs as ${expected.join(':')} (id -u, id -g)`);
      }
    },
  }),
  engineCheck({
    id: 'engine/exec/create/body-privileged',
    title: '(1.22) Exec Privileged true runs the process with extended privileges',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const privileged = await runExec(ctx, { Cmd: SHOW_STATUS, Privileged: true });
      ctx.expectEqual(
        (await inspectExec(ctx, privileged.execId)).ProcessConfig?.privileged,
        true,
        'exec inspect ProcessConfig.privileged is true for a Privileged exec',
      );
      const plain = await startAttached(ctx, await createExec(ctx, privileged.containerId, { Cmd: SHOW_STATUS }), false);
      const [extended, normal] = [capEff(expectFrames(ctx, privileged.data, 'privileged exec').stdout), capEff(expectFrames(ctx, plain.data, 'exec').stdout)];
      if (extended === undefined || normal === undefined) {
        ctx.observe('the target shows no CapEff in /proc/self/status: the extended privileges themselves could not be compared');
        return;
      }
      ctx.expect(
        (extended & normal) === normal && extended !== normal,
        `the privileged exec's capabilities (CapEff ${extended.toString(16)}) are not a strict superset of a plain exec's (${normal.toString(16)})`,
        { expected: `more than ${normal.toString(16)}`, actual: extended.toString(16) },
      );
    },
  }),
  engineCheck({
    id: 'engine/exec/create/body-detach-keys',
    title: '(1.22) Exec DetachKeys: sending the sequence on stdin detaches the client, and the command keeps running',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await execContainer(ctx);
      const execId = await createExec(ctx, id, { Cmd: ['cat'], AttachStdin: true, AttachStdout: true, Tty: true, DetachKeys: 'ctrl-x' });
      const got = await detachedSession(ctx, `/exec/${execId}/start`, { body: { Detach: false, Tty: true } });
      expectLiveUntilDetached(ctx, got, 'after ctrl-x (the exec DetachKeys) on stdin the target ends the exec session');
      ctx.observe(
        `after the detach, exec inspect shows Running ${String((await inspectExec(ctx, execId)).Running)} (the spec does not say whether the command goes on)`,
      );
    },
  }),
];
