/**
 * Helpers for the exec checks (endpoints 38-41): creating an exec instance in a running
 * container, starting it attached (a hijacked session) or detached, and reading its inspect.
 */
import { expectMembers } from '../../../harness/schema/members.ts';
import type { CreatedContainer, EngineContext } from './context.ts';
import { EXITS_ON_TERM, sharedRunningContainer } from './lifecycle.ts';
import { eventually } from './poll.ts';
import { demux, describeDiagnostics, expectFrames, framedLooking, session, type Capture, type SessionOptions } from './streams.ts';

export interface ExecCreateBody {
  Cmd: string[] | string;
  AttachStdin?: boolean;
  AttachStdout?: boolean;
  AttachStderr?: boolean;
  Tty?: boolean;
  DetachKeys?: string;
  Privileged?: boolean;
  User?: string;
}

export type ExecInspect = Record<string, unknown> & { Running?: unknown; ExitCode?: unknown; ProcessConfig?: Record<string, unknown> };

/** The rules of the exec create body's fields beyond a plain create (Cmd, stdout and stderr attached). */
const FIELD_RULES: ReadonlyArray<[keyof ExecCreateBody, string]> = [
  ['User', 'engine/exec/create/body-user'],
  ['Privileged', 'engine/exec/create/body-privileged'],
  ['DetachKeys', 'engine/exec/create/body-detach-keys'],
  ['Tty', 'engine/exec/create/body-attach-tty'],
  ['AttachStdin', 'engine/exec/create/body-attach-tty'],
  ['AttachStdout', 'engine/exec/create/body-attach-tty'],
  ['AttachStderr', 'engine/exec/create/body-attach-tty'],
];

/**
 * Creates an exec instance (stdout and stderr attached unless said otherwise). A refusal blocks the
 * check by the rule of the first field the body sends beyond a plain create, else by the plain
 * create's: a check of that field fails (blocked by its own rule), any other is not verified.
 */
export async function createExec(ctx: EngineContext, containerId: string, body: ExecCreateBody): Promise<string> {
  const res = await ctx.api.post(`/containers/${containerId}/exec`, { json: { AttachStdout: true, AttachStderr: true, ...body } });
  const rule = FIELD_RULES.find(([field]) => body[field] !== undefined)?.[1] ?? 'engine/exec/create/201-response-schema';
  ctx.precondition(res.status === 201, `exec create answered ${res.status}: ${res.text().trim().slice(0, 300)}`, rule);
  return ctx.readId(res, 'exec create response', 'engine/exec/create/201-response-schema');
}

/**
 * The running container the file's exec checks run their commands in: the container is not their
 * subject, so they share one (an exec adds a process and an exec instance, and leaves the
 * container running as it was).
 */
export function execContainer(ctx: EngineContext): Promise<CreatedContainer> {
  return sharedRunningContainer(ctx, EXITS_ON_TERM);
}

/** The file's exec container and an exec instance in it. */
export async function execIn(ctx: EngineContext, body: ExecCreateBody): Promise<{ containerId: string; execId: string }> {
  const { id } = await execContainer(ctx);
  return { containerId: id, execId: await createExec(ctx, id, body) };
}

/** POST /exec/(id)/start attached (Detach false): the interactive stream session. */
export function startAttached(ctx: EngineContext, execId: string, tty: boolean, opts: Omit<SessionOptions, 'body' | 'method'> = {}): Promise<Capture> {
  return session(ctx, `/exec/${execId}/start`, { ...opts, body: { Detach: false, Tty: tty } });
}

/** Runs a command as an attached exec (stdout+stderr, Tty false unless asked) and captures its stream. */
export async function runExec(
  ctx: EngineContext,
  body: ExecCreateBody,
  opts: Omit<SessionOptions, 'body' | 'method'> = {},
): Promise<Capture & { execId: string; containerId: string }> {
  const ids = await execIn(ctx, body);
  return { ...(await startAttached(ctx, ids.execId, body.Tty ?? false, opts)), ...ids };
}

/**
 * What `script` prints (its stdout) run with `sh -c` as an attached exec in the running container
 * `id`: set-up, for a check that reads the container's own view (its cgroup files, its interfaces).
 */
export function execStdout(ctx: EngineContext, id: string, script: string): Promise<string> {
  return ctx.setUp(async () => {
    const execId = await createExec(ctx, id, { Cmd: ['sh', '-c', script] });
    return expectFrames(ctx, (await startAttached(ctx, execId, false)).data, `exec \`${script.slice(0, 60)}\``).stdout.toString();
  });
}

export async function inspectExec(ctx: EngineContext, execId: string): Promise<ExecInspect> {
  const res = await ctx.api.get(`/exec/${execId}/json`);
  ctx.precondition(res.status === 200, `exec inspect answered ${res.status}: ${res.text().trim().slice(0, 300)}`, 'engine/exec/inspect/200-response-schema');
  return expectMembers(ctx, ctx.expectJson(res, 'exec inspect'), {}, 'exec inspect', 'engine/exec/inspect/200-response-schema') as ExecInspect;
}

/**
 * Polls exec inspect until it shows an ExitCode (or the deadline); returns the last inspect. For
 * set-up that must not go on before an exec has ended, on any target: Docker shows Running false
 * before the exec has started (ExitCode null until it ends), Podman 4.3 Running true after it has
 * ended. Checks that judge Running wait with waitExecEnd.
 */
export function waitExecExitCode(ctx: EngineContext, execId: string, deadlineMs = 5000): Promise<ExecInspect> {
  return eventually(
    () => inspectExec(ctx, execId),
    (inspect) => typeof inspect.ExitCode === 'number',
    deadlineMs,
  );
}

/** Polls exec inspect until Running is false (or the deadline); returns the last inspect. */
export function waitExecEnd(ctx: EngineContext, execId: string, deadlineMs = 5000): Promise<ExecInspect> {
  return eventually(
    () => inspectExec(ctx, execId),
    (inspect) => inspect.Running === false,
    deadlineMs,
  );
}

/**
 * An exec started with another Tty than it was created with: the spec says only that the start sets
 * up "same stream behavior as attach" (whose framing the create Tty decides) and gives the start
 * body's Tty no stated effect, so which of the two framed the stream is recorded, never judged.
 * Returns the command's output (the raw bytes, or the stdout the frames carried), or undefined when
 * the stream starts like frames but breaks their format (that breach is the frame checks' to report).
 */
export function observeTtyDecider(ctx: EngineContext, createTty: boolean, data: Buffer): string | undefined {
  const settings = `an exec created with Tty ${createTty} and started with Tty ${!createTty}`;
  if (framedLooking(data).length === 0) {
    ctx.observe(
      `${settings} streams raw terminal data: the ${createTty ? 'create' : 'start'} Tty decided (${JSON.stringify(data.toString('utf8').slice(0, 80))})`,
    );
    return data.toString('utf8');
  }
  const decoded = demux(data);
  const broken = decoded.diagnostics.filter((d) => d.severity === 'violation');
  if (broken.length) {
    ctx.cannotVerify(`${settings} streams what starts like frames but breaks their format: ${describeDiagnostics(broken)}`);
    return undefined;
  }
  const stdout = decoded.stdout.toString('utf8');
  ctx.observe(`${settings} streams multiplexed frames: the ${createTty ? 'start' : 'create'} Tty decided (stdout ${JSON.stringify(stdout.slice(0, 80))})`);
  return stdout;
}

/** An id no exec instance has (64 hex digits, like a real one). */
export function missingExecId(): string {
  return Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
}
