/** Endpoints 10-13 and 16: start, stop, restart, kill, pause, unpause. */
import { HttpError, type RouteContext, type Router } from '../http/router.ts';
import type { CellOp } from '../../../harness/mutation/types.ts';
import type { Container } from '../state/container.ts';
import type { Engine } from '../state/engine.ts';
import { signalNumber } from '../runtime/signals.ts';
import { killContainer, pauseContainer, restartContainer, startContainer, stopContainer, unpauseContainer } from '../state/lifecycle.ts';
import { buildHostConfig } from '../state/host-config.ts';
import { findContainer, noSuchContainer } from './lookup.ts';
import { parseDetachKeys } from '../streams/detach-keys.ts';

/** What a state-cell mutant makes the operation do in the container's present state; undefined: what the spec states. */
const cellOf = (ctx: RouteContext, c: Container): CellOp | undefined => ctx.exchange?.cell(c.state.status);

/** The refusal a state-cell mutant answers: 500, which every operation lists. */
const refusedIn = (operation: string, c: Container): HttpError =>
  new HttpError(500, `Cannot ${operation} container ${c.id}: the container is ${c.state.status}`);

/** A stop of a stopped container applied all the same: stopped again, now. */
function stopAgain(engine: Engine, c: Container): void {
  c.state = { ...c.state, status: 'exited', finishedAt: new Date() };
  engine.containerEvent(c, 'stop');
}

/**
 * Under `blind31-pause-not-running-404` pause and unpause ask the runtime, which keys its live tasks by container id, before the
 * daemon's own checks: a container without a running process (created, exited) is answered as no such container.
 */
function refuseWithoutTask(ctx: RouteContext, c: Container): void {
  if (ctx.faults.has('blind31-pause-not-running-404') && !(c.run && c.isRunning)) throw noSuchContainer(ctx, ctx.params.id ?? '');
}

export function registerLifecycleRoutes(router: Router, engine: Engine): void {
  router.add('POST', '/containers/{id}/start', async (ctx) => {
    const c = findContainer(engine, ctx);
    const cell = cellOf(ctx, c);
    if (ctx.version === '1.22') parseDetachKeys(ctx.query.get('detachKeys'), ctx.faults.has('blind12-start-detach-keys-split-every-comma'));
    const hostConfig = await ctx.optionalJson<Record<string, unknown>>();
    if (ctx.faults.has('start-detach-keys-rejected') && ctx.query.get('detachKeys')) throw new HttpError(400, 'invalid detachKeys');
    if (c.isActive || (ctx.faults.has('start-exited-returns-304') && c.state.status === 'exited')) {
      if (cell === 'applied') await restartContainer(engine, c, 0);
      ctx.sendStatus(ctx.faults.has('start-running-returns-204') ? 204 : 304);
      return;
    }
    if (cell === 'refused') throw refusedIn('start', c);
    if (cell === 'not-applied') return ctx.sendStatus(204);
    // Backward compatibility: a HostConfig in the start body replaces the stored one.
    const sent = hostConfig && Object.keys(hostConfig).length && !ctx.faults.has('start-hostconfig-body-ignored') ? hostConfig : undefined;
    const applied = () => sent && Object.assign(c.hostConfig, buildHostConfig(ctx.version, sent, ctx.faults));
    // The named fault stores the body only after the run's view was built from the create's HostConfig.
    const shownOnly = ctx.faults.has('start-hostconfig-body-shown-only');
    if (!shownOnly) applied();
    startContainer(engine, c);
    if (shownOnly) applied();
    ctx.sendStatus(ctx.faults.has('start-returns-200') ? 200 : 204);
  });

  router.add('POST', '/containers/{id}/stop', async (ctx) => {
    // Under `blind28-stop-missing-container-304` the running check comes before the lookup: an unknown container has no process to stop (304).
    if (ctx.faults.has('blind28-stop-missing-container-304') && !engine.containers.resolve(ctx.params.id ?? '')) return ctx.sendStatus(304);
    const c = findContainer(engine, ctx);
    const cell = cellOf(ctx, c);
    if (cell === 'refused') throw refusedIn('stop', c);
    if (cell === 'applied') {
      stopAgain(engine, c);
      return ctx.sendStatus(304);
    }
    if ((ctx.faults.has('stop-ignores-request') && c.isRunning) || cell === 'not-applied') return ctx.sendStatus(204);
    if (ctx.faults.has('blind3-stop-paused-304') && c.state.status === 'paused') return ctx.sendStatus(304);
    // Under `blind5-stop-created-204` only an exited container counts as already stopped.
    if (ctx.faults.has('blind5-stop-created-204') && c.state.status === 'created') return ctx.sendStatus(204);
    // Under `blind22-stop-t-milliseconds` a given t is read as milliseconds (handed to a millisecond timer as is).
    const t = ctx.int('t');
    const stopped = await stopContainer(engine, c, t !== undefined && ctx.faults.has('blind22-stop-t-milliseconds') ? t / 1000 : t);
    ctx.sendStatus(stopped || ctx.faults.has('stop-stopped-returns-204') ? 204 : 304);
  });

  router.add('POST', '/containers/{id}/restart', async (ctx) => {
    const c = findContainer(engine, ctx);
    const cell = cellOf(ctx, c);
    if (cell === 'refused') throw refusedIn('restart', c);
    const skipped = ctx.faults.has('restart-no-effect') || (ctx.faults.has('blind-restart-stopped-not-started') && !c.isRunning) || cell === 'not-applied';
    // Under `blind8-restart-t-nanoseconds` t becomes a duration in nanoseconds: next to nothing is waited.
    const t = ctx.int('t');
    const waitS = t !== undefined && ctx.faults.has('blind8-restart-t-nanoseconds') ? t / 1e9 : t;
    // Under `blind14-restart-t-zero-default` t=0 is taken for "not given": the default wait applies.
    const restartWaitS = waitS === 0 && ctx.faults.has('blind14-restart-t-zero-default') ? undefined : waitS;
    // Under `blind29-restart-t-not-passed` the restart stops the container without the t it was given: the default wait applies.
    const passedWaitS = ctx.faults.has('blind29-restart-t-not-passed') ? undefined : restartWaitS;
    if (!skipped) await restartContainer(engine, c, passedWaitS, ctx.faults.has('blind28-restart-timeout-no-kill'));
    ctx.sendStatus(204);
  });

  router.add('POST', '/containers/{id}/kill', async (ctx) => {
    const c = findContainer(engine, ctx);
    const signal = ctx.query.get('signal');
    // The cell mutants act on a kill that would be carried out: one with a signal the daemon can parse.
    const cell = !signal || signalNumber(signal) !== undefined ? cellOf(ctx, c) : undefined;
    if (cell === 'refused') throw refusedIn('kill', c);
    if (cell !== 'not-applied') await killContainer(engine, c, signal, ctx.badParameter);
    ctx.sendStatus(204);
  });

  router.add('POST', '/containers/{id}/pause', (ctx) => {
    const c = findContainer(engine, ctx);
    refuseWithoutTask(ctx, c);
    const cell = cellOf(ctx, c);
    if (cell === 'refused') throw refusedIn('pause', c);
    if (!ctx.faults.has('pause-no-effect') && cell !== 'not-applied') pauseContainer(engine, c);
    ctx.sendStatus(204);
  });

  router.add('POST', '/containers/{id}/unpause', (ctx) => {
    const c = findContainer(engine, ctx);
    refuseWithoutTask(ctx, c);
    const cell = cellOf(ctx, c);
    if (cell === 'refused') throw refusedIn('unpause', c);
    if (!ctx.faults.has('unpause-no-effect') && cell !== 'not-applied') unpauseContainer(engine, c);
    ctx.sendStatus(204);
  });
}
