/** Endpoints 10-13 and 16: start, stop, restart, kill, pause, unpause. */
import { HttpError, type Router } from '../http/router.ts';
import type { Engine } from '../state/engine.ts';
import { killContainer, pauseContainer, restartContainer, startContainer, stopContainer, unpauseContainer } from '../state/lifecycle.ts';
import { buildHostConfig } from '../state/host-config.ts';
import { findContainer } from './lookup.ts';
import { parseDetachKeys } from '../streams/detach-keys.ts';

export function registerLifecycleRoutes(router: Router, engine: Engine): void {
  router.add('POST', '/containers/{id}/start', async (ctx) => {
    const c = findContainer(engine, ctx);
    if (ctx.version === '1.22') parseDetachKeys(ctx.query.get('detachKeys'));
    const hostConfig = await ctx.optionalJson<Record<string, unknown>>();
    if (ctx.faults.has('start-detach-keys-rejected') && ctx.query.get('detachKeys')) throw new HttpError(400, 'invalid detachKeys');
    if (c.isActive || (ctx.faults.has('start-exited-returns-304') && c.state.status === 'exited')) {
      ctx.sendStatus(ctx.faults.has('start-running-returns-204') ? 204 : 304);
      return;
    }
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
    const c = findContainer(engine, ctx);
    if (ctx.faults.has('stop-ignores-request') && c.isRunning) return ctx.sendStatus(204);
    if (ctx.faults.has('blind3-stop-paused-304') && c.state.status === 'paused') return ctx.sendStatus(304);
    const stopped = await stopContainer(engine, c, ctx.int('t'));
    ctx.sendStatus(stopped || ctx.faults.has('stop-stopped-returns-204') ? 204 : 304);
  });

  router.add('POST', '/containers/{id}/restart', async (ctx) => {
    const c = findContainer(engine, ctx);
    const skipped = ctx.faults.has('restart-no-effect') || (ctx.faults.has('blind-restart-stopped-not-started') && !c.isRunning);
    if (!skipped) await restartContainer(engine, c, ctx.int('t'));
    ctx.sendStatus(204);
  });

  router.add('POST', '/containers/{id}/kill', async (ctx) => {
    await killContainer(engine, findContainer(engine, ctx), ctx.query.get('signal'), ctx.badParameter);
    ctx.sendStatus(204);
  });

  router.add('POST', '/containers/{id}/pause', (ctx) => {
    const c = findContainer(engine, ctx);
    if (!ctx.faults.has('pause-no-effect')) pauseContainer(engine, c);
    ctx.sendStatus(204);
  });

  router.add('POST', '/containers/{id}/unpause', (ctx) => {
    const c = findContainer(engine, ctx);
    if (!ctx.faults.has('unpause-no-effect')) unpauseContainer(engine, c);
    ctx.sendStatus(204);
  });
}
