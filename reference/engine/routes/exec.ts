/** Endpoints 38-41: exec create, start (attached or detached), resize, inspect. */
import { HttpError, type RouteContext, type Router } from '../http/router.ts';
import type { FaultSet } from '../faults.ts';
import type { Engine } from '../state/engine.ts';
import { ExecInstance, type ExecConfig } from '../state/exec-store.ts';
import type { ProgramRun } from '../runtime/program.ts';
import { newId } from '../state/ids.ts';
import { notRunning } from '../state/lifecycle.ts';
import { inspectContainer } from '../shape/container-inspect.ts';
import { socketEndpoint } from '../streams/endpoint.ts';
import { runSession } from '../streams/session.ts';
import { afterHeadDelivered } from '../streams/spawn-delay.ts';
import { findContainer, noSuchContainer, refuseWhilePaused } from './lookup.ts';
import { parseDetachKeys } from '../streams/detach-keys.ts';
import { stillAnswered } from '../state/graveyard.ts';

export function registerExecRoutes(router: Router, engine: Engine): void {
  router.add('POST', '/containers/{id}/exec', async (ctx) => {
    const c = findContainer(engine, ctx);
    if (ctx.faults.has('exec-create-by-id-only') && !c.id.startsWith(ctx.params.id ?? '')) throw noSuchContainer(ctx, ctx.params.id ?? '');
    const body = await ctx.json<Record<string, unknown>>();
    if (typeof body.Cmd === 'string' && ctx.faults.has('blind6-exec-cmd-string-refused'))
      throw new HttpError(500, 'json: cannot unmarshal string into Go struct field ExecConfig.Cmd of type []string');
    // Under `blind32-exec-create-paused-not-running-500` the running check (status `running` only) comes before the paused one:
    // a paused container is "not running", 500.
    if (ctx.faults.has('blind32-exec-create-paused-not-running-500') && c.state.status !== 'running') throw notRunning(c);
    if (!ctx.faults.has('pause-allows-exec')) refuseWhilePaused(ctx, c, 'exec');
    if (ctx.faults.has('blind4-exec-1.18-paused-409') && c.state.status === 'paused') throw new HttpError(409, `Container ${c.id} is paused`);
    if (!c.isRunning) throw notRunning(c);
    const exec = new ExecInstance(newId(), c, execConfig(body, ctx.faults));
    if (ctx.version === '1.22') parseDetachKeys(exec.config.DetachKeys);
    if (exec.config.Cmd.length === 0 && !ctx.faults.has('blind5-exec-create-empty-cmd-201')) throw new HttpError(400, 'No exec command specified');
    engine.execs.add(exec);
    // Under `blind7-exec-ids-unstarted-missing` the container learns of the exec only when it starts.
    if (ctx.faults.has('blind7-exec-ids-unstarted-missing')) c.execIds.delete(exec.id);
    engine.containerEvent(c, 'exec_create', { execID: exec.id }, execDetail(exec));
    ctx.sendJson(ctx.faults.has('exec-create-200') ? 200 : 201, { Id: ctx.faults.has('exec-create-returns-other-id') ? newId() : exec.id, Warnings: [] });
  });

  router.add('POST', '/exec/{id}/start', async (ctx) => {
    if (ctx.faults.has('blind2-exec-start-missing-409') && !engine.execs.get(ctx.params.id ?? ''))
      throw new HttpError(409, `Error: Exec command ${ctx.params.id} has already run`);
    const exec = findExec(engine, ctx);
    const body = (await ctx.optionalJson<{ Detach?: boolean; Tty?: boolean }>()) ?? {};
    if (!ctx.faults.has('pause-allows-exec-start')) refuseWhilePaused(ctx, exec.container, 'exec');
    if (exec.started) throw new HttpError(409, `Error: Exec command ${exec.id} has already run`);
    if (!exec.container.isRunning) throw notRunning(exec.container);
    // Under `blind9-exec-start-tty-or-create` the start Tty is or-ed with the create's: a false start Tty cannot undo a true one.
    const startTty = ctx.faults.has('blind9-exec-start-tty-or-create') ? body.Tty === true || exec.config.Tty : (body.Tty ?? exec.config.Tty);
    const tty = ctx.faults.has('exec-tty-from-create') ? exec.config.Tty : startTty;
    if (ctx.faults.has('blind7-exec-ids-unstarted-missing')) exec.container.execIds.add(exec.id);
    engine.containerEvent(exec.container, 'exec_start', { execID: exec.id }, execDetail(exec));
    if (body.Detach && !ctx.faults.has('exec-detach-ignored')) {
      const run = exec.start(tty, ctx.faults.has('exec-user-ignored') ? '' : exec.config.User);
      // Under `blind30-exec-running-detached-false` Running is kept by the attached session only: a detached command is never shown running.
      if (ctx.faults.has('blind30-exec-running-detached-false')) exec.running = false;
      execExitWakesWaiters(ctx, exec, run);
      // Under `blind9-exec-start-detach-waits` the detached start answers once the command has exited, as the attached one ends.
      if (ctx.faults.has('blind9-exec-start-detach-waits')) await run.exited;
      return ctx.sendStatus(200);
    }
    // Under `exec-stdin-always-attached` the session's input reaches the command whatever AttachStdin says.
    const stdinAttached = exec.config.AttachStdin || ctx.faults.has('exec-stdin-always-attached');
    exec.claim(stdinAttached);
    // Under `blind19-exec-start-multiplexed-media-type` a framed session is labelled with the media type later APIs give it.
    const multiplexed = !tty && ctx.faults.has('blind19-exec-start-multiplexed-media-type');
    const socket = ctx.hijack(ctx.spell(multiplexed ? 'application/vnd.vendor.multiplexed-stream' : 'application/vnd.vendor.raw-stream'));
    const session = runSession(socketEndpoint(socket), {
      output: exec.output,
      replay: [],
      streams: ctx.faults.has('exec-attach-flags-ignored')
        ? { stdout: true, stderr: true }
        : { stdout: exec.config.AttachStdout, stderr: exec.config.AttachStderr },
      live: true,
      stdin: stdinAttached ? () => exec.stdin : undefined,
      closeStdinOnEnd: true,
      framed: !tty,
      stderrAsStdout: ctx.faults.has('blind-exec-stderr-typed-stdout'),
      dropLastLive: ctx.faults.has('blind4-exec-start-last-frame-lost'),
      detachKeys: tty && ctx.version === '1.22' && !ctx.faults.has('attach-detach-keys-ignored') ? parseDetachKeys(exec.config.DetachKeys) : undefined,
      faults: ctx.faults,
      exchange: ctx.exchange,
    });
    await afterHeadDelivered(socket);
    if (exec.container.isRunning) execExitWakesWaiters(ctx, exec, exec.start(tty, ctx.faults.has('exec-user-ignored') ? '' : exec.config.User));
    else exec.abandon();
    await session;
  });

  router.add('POST', '/exec/{id}/resize', (ctx) => {
    const exec = ctx.faults.has('blind2-exec-resize-missing-201') ? engine.execs.get(ctx.params.id ?? '') : findExec(engine, ctx);
    const h = ctx.int('h');
    const w = ctx.int('w');
    if (h === undefined || w === undefined) throw new HttpError(400, 'resize needs both h and w');
    // Under `exec-resize-swapped` the height becomes the columns and the width the rows.
    // Under `blind15-exec-resize-before-start-dropped` the size goes to the running command only: a resize before start is lost.
    const target = ctx.faults.has('blind15-exec-resize-before-start-dropped') && !exec?.run ? undefined : exec;
    // Under `blind17-exec-resize-sizes-container` the size goes to the container's terminal (the container resize's code), not the exec's.
    if (exec && ctx.faults.has('blind17-exec-resize-sizes-container')) {
      exec.container.tty = { height: h, width: w };
      exec.container.run?.resize(h, w);
    } else if (ctx.faults.has('exec-resize-swapped')) target?.resize(w, h);
    else target?.resize(h, w);
    ctx.sendStatus(ctx.faults.has('exec-resize-200') ? 200 : 201);
  });

  router.add('GET', '/exec/{id}/json', (ctx) => {
    const exec = findExec(engine, ctx);
    const process = {
      arguments: exec.config.Cmd.slice(ctx.faults.has('blind-exec-args-include-entrypoint') ? 0 : 1),
      entrypoint: exec.config.Cmd[0] ?? '',
      privileged: exec.config.Privileged && !ctx.faults.has('exec-privileged-ignored'),
      // Under `blind23-exec-inspect-tty-of-container` tty is read from the container's configuration, not the exec's.
      tty: ctx.faults.has('blind23-exec-inspect-tty-of-container') ? exec.container.config.Tty : exec.config.Tty,
      user: exec.config.User,
    };
    const common = {
      ID: exec.id,
      // Under `exec-running-before-start` an instance is shown running from its create on, before any start.
      Running:
        exec.running ||
        (ctx.faults.has('blind-exec-running-after-exit') && exec.exitCode !== null) ||
        (ctx.faults.has('exec-running-before-start') && !exec.started),
      ...(ctx.faults.has('exec-inspect-no-ExitCode') ? {} : { ExitCode: ctx.faults.has('exec-exit-code-zero') ? 0 : (exec.exitCode ?? 0) }),
      ProcessConfig: process,
      OpenStdin: exec.config.AttachStdin,
      OpenStderr: exec.config.AttachStderr,
      OpenStdout: exec.config.AttachStdout,
    };
    if (ctx.version === '1.18') {
      // Under `blind20-exec-1.18-container-shaped-1.22` the embedded container is rendered for the daemon's newest version.
      const shape = ctx.faults.has('blind20-exec-1.18-container-shaped-1.22') ? '1.22' : '1.18';
      const container = ctx.faults.has('exec-1.18-no-Container') ? {} : { Container: inspectContainer(engine, exec.container, shape, false) };
      return ctx.sendJson(200, { ...common, ...container });
    }
    ctx.sendJson(200, {
      ...common,
      CanRemove: false,
      ContainerID: ctx.faults.has('blind-exec-container-id-is-exec-id') ? exec.id : exec.container.id,
      DetachKeys: exec.config.DetachKeys,
    });
  });
}

/**
 * Under `blind21-wait-woken-by-exec-exit` the exit of the exec's process is handled as the exit of the container's: its
 * waiters (POST wait) are answered with the exec's code, though the container runs on.
 */
function execExitWakesWaiters(ctx: RouteContext, exec: ExecInstance, run: ProgramRun): void {
  if (ctx.faults.has('blind21-wait-woken-by-exec-exit')) void run.exited.then((code) => exec.container.notifyExit(code));
}

function findExec(engine: Engine, ctx: RouteContext): ExecInstance {
  const exec = engine.execs.get(ctx.params.id ?? '') ?? stillAnswered<ExecInstance>(engine.execs, ctx.params.id ?? '', ctx.exchange);
  if (!exec) throw new HttpError(ctx.faults.has('exec-missing-500') ? 500 : 404, `No such exec instance '${ctx.params.id}' found in daemon`);
  return exec;
}

function execConfig(body: Record<string, unknown>, faults: FaultSet): ExecConfig {
  const given = typeof body.Cmd === 'string' ? [body.Cmd] : Array.isArray(body.Cmd) ? body.Cmd.map(String) : [];
  const cmd = faults.has('exec-cmd-args-dropped') ? given.slice(0, 1) : given;
  return {
    AttachStdin: body.AttachStdin === true,
    AttachStdout: body.AttachStdout === true,
    AttachStderr: body.AttachStderr === true,
    Tty: body.Tty === true,
    Cmd: cmd,
    DetachKeys: typeof body.DetachKeys === 'string' ? body.DetachKeys : '',
    Privileged: body.Privileged === true,
    User: typeof body.User === 'string' ? body.User : '',
  };
}

/** The command an exec event is about, as a daemon words it after the kind (Docker: entrypoint, a space, the arguments). */
function execDetail(exec: ExecInstance): string {
  const [entrypoint = '', ...args] = exec.config.Cmd;
  return `${entrypoint} ${args.join(' ')}`;
}
