/** Containers (subsystem app, namespaced): the list, one container and the lifecycle verbs. */
import { listReply } from '../http/envelope.ts';
import { applyFilters } from '../http/filters.ts';
import { ok } from '../http/replies.ts';
import type { RouteTable } from '../http/router.ts';
import type { CallContext } from '../http/types.ts';
import { CONTAINER_STABLE, containerAllows, containerJson } from '../state/container.ts';
import { beginStop, bootContainers, finishStop, markRunning, redeployInPlace, stopDuration, terminateContainersNow } from '../state/container-ops.ts';
import type { Container, Service } from '../state/model.ts';
import { setState } from '../state/notify.ts';
import { redeployNode } from '../state/placement.ts';
import { refreshService } from '../state/service.ts';
import { inNamespace } from '../state/store.ts';
import { answeredAfterStop, lookup, reuseVolumes, runVerb } from './common.ts';

const CONTAINERS = '/api/app/v1/[ns/]container/';

const container = (ctx: CallContext): Container => lookup(ctx, ctx.world.store.containers, 'container');

/** A container's name as the name filter sees it: under blind-container-name-filter-prefix, a prefix of it matches. */
function nameAsFiltered(ctx: CallContext, name: string): string {
  const wanted = ctx.req.query.get('name');
  return wanted !== null && name.startsWith(wanted) && ctx.world.faults.has('blind-container-name-filter-prefix') ? wanted : name;
}

/** Under blind2-container-state-filter-with-service, state no longer filters once service filters too. */
const stateFilterDropped = (ctx: CallContext): boolean => ctx.req.query.has('service') && ctx.world.faults.has('blind2-container-state-filter-with-service');

/**
 * The containers a container operation acts on: the one named, or under container-ops-whole-service
 * every live container of its service in the same state as it.
 */
function operated(ctx: CallContext, c: Container): Container[] {
  if (!ctx.world.faults.has('container-ops-whole-service')) return [c];
  const svc = ctx.world.store.services.get(c.serviceUuid);
  const siblings = (svc?.containers ?? []).map((u) => ctx.world.store.containers.get(u)).filter((o): o is Container => o?.state === c.state);
  return siblings.includes(c) ? siblings : [c, ...siblings];
}

/** Under `blind25-container-start-first-stopped` start takes the service's first Stopped container, not necessarily the one named. */
function firstStopped(ctx: CallContext, c: Container): Container {
  if (!ctx.world.faults.has('blind25-container-start-first-stopped')) return c;
  const svc = ctx.world.store.services.get(c.serviceUuid);
  const first = (svc?.containers ?? []).map((u) => ctx.world.store.containers.get(u)).find((o) => o?.state === 'Stopped');
  return first ?? c;
}

export function addContainerRoutes(routes: RouteTable): void {
  const json = (ctx: CallContext) => (c: Container) => containerJson(ctx.world, c);
  const settle = (ctx: CallContext, c: Container): void => refreshService(ctx.world, c.serviceUuid);
  routes.add('GET', CONTAINERS, (ctx) => {
    const items = applyFilters(
      ctx.world,
      ctx.req.query,
      inNamespace(ctx.world.store.containers, ctx.scope.namespace),
      {
        uuid: (c) => c.uuid,
        // Under `blind24-container-state-filter-live-only` the state filter runs over the live containers: a terminated one never matches.
        state: (c) =>
          stateFilterDropped(ctx)
            ? ctx.req.query.get('state')
            : c.state === 'Terminated' && ctx.world.faults.has('blind24-container-state-filter-live-only')
              ? undefined
              : c.state,
        // Under `blind25-container-name-filter-service-name` the filter reads the name the container inherits from its service.
        name: (c) => nameAsFiltered(ctx, ctx.world.faults.has('blind25-container-name-filter-service-name') ? c.config.name : c.name),
        service: (c) => ctx.world.store.services.get(c.serviceUuid)?.resource_uri,
        node: (c) => ctx.world.store.nodes.get(c.nodeUuid)?.resource_uri,
      },
      'container',
    );
    return listReply(ctx, items, json(ctx));
  });
  routes.add('GET', `${CONTAINERS}{uuid}/`, (ctx) => ok(containerJson(ctx.world, container(ctx))));
  routes.add(
    'POST',
    `${CONTAINERS}{uuid}/start/`,
    (ctx) => {
      const c = container(ctx);
      const reversible = c.state === 'Terminated' && ctx.world.faults.has('container-terminate-reversible');
      return runVerb(
        ctx,
        c,
        { allowed: containerAllows(c, 'start') || reversible, what: 'container', name: 'start' },
        async (job) => {
          const started = operated(ctx, firstStopped(ctx, c));
          for (const o of started) setState(ctx.world, o, 'Starting');
          await bootContainers(ctx.world, started, false, job);
          settle(ctx, c);
        },
        () => {
          setState(ctx.world, c, 'Stopped');
          settle(ctx, c);
        },
        json(ctx),
      );
    },
    { action: 'Container Start' },
  );
  routes.add(
    'POST',
    `${CONTAINERS}{uuid}/stop/`,
    async (ctx) => {
      const c = container(ctx);
      // Under `blind30-restarted-container-stop-refused` "already stopped" is read from stopped_datetime: a container stopped once and restarted is refused.
      const stoppedBefore = c.stopped_datetime !== null && ctx.world.faults.has('blind30-restarted-container-stop-refused');
      const reply = runVerb(
        ctx,
        c,
        {
          allowed: (containerAllows(c, 'stop') && !stoppedBefore) || (c.state === 'Stopped' && ctx.world.faults.has('blind-stopped-container-stop-accepted')),
          what: 'container',
          name: 'stop',
        },
        async (job) => {
          const stopped = operated(ctx, c);
          beginStop(ctx.world, stopped);
          await job.wait(stopDuration(ctx.world, stopped));
          finishStop(ctx.world, stopped);
          settle(ctx, c);
        },
        () => {
          setState(ctx.world, c, 'Running');
          settle(ctx, c);
        },
        json(ctx),
      );
      return answeredAfterStop(ctx, reply, () => json(ctx)(c));
    },
    { action: 'Container Stop' },
  );
  routes.add(
    'POST',
    `${CONTAINERS}{uuid}/redeploy/`,
    (ctx) => {
      const c = container(ctx);
      const svc = ctx.world.store.services.get(c.serviceUuid) as Service;
      return runVerb(
        ctx,
        c,
        { allowed: CONTAINER_STABLE.includes(c.state), what: 'container', name: 'redeploy' },
        async (job) => {
          redeployNode(ctx.world, svc, c);
          redeployInPlace(ctx.world, svc, c, reuseVolumes(ctx) || ctx.world.faults.has('blind3-container-redeploy-reuse-false-ignored'));
          await job.wait('redeploy');
          markRunning(ctx.world, c);
          settle(ctx, c);
        },
        () => {
          markRunning(ctx.world, c);
          settle(ctx, c);
        },
        json(ctx),
      );
    },
    { action: 'Container Redeploy' },
  );
  routes.add(
    'DELETE',
    `${CONTAINERS}{uuid}/`,
    (ctx) => {
      const c = container(ctx);
      const before = c.state;
      return runVerb(
        ctx,
        c,
        {
          allowed:
            (containerAllows(c, 'terminate') && !(c.state === 'Running' && ctx.world.faults.has('blind2-running-container-terminate-refused'))) ||
            (c.state === 'Terminated' && ctx.world.faults.has('blind6-container-terminate-twice-accepted')),
          what: 'container',
          name: 'terminate',
        },
        async (job) => {
          const terminated = operated(ctx, c);
          for (const o of terminated) {
            o.stopProgram?.();
            setState(ctx.world, o, 'Terminating');
          }
          await job.wait('terminate');
          terminateContainersNow(ctx.world, terminated);
        },
        () => setState(ctx.world, c, before),
        json(ctx),
      );
    },
    { action: 'Container Terminate' },
  );
}
