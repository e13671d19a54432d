/** Stacks and services (subsystem app, namespaced); the containers' routes are in app-containers.ts. */
import { bodyObject } from '../http/body.ts';
import { listReply } from '../http/envelope.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { applyFilters } from '../http/filters.ts';
import { accepted, created, ok } from '../http/replies.ts';
import type { RouteTable } from '../http/router.ts';
import type { CallContext, Reply } from '../http/types.ts';
import type { Service, Stack } from '../state/model.ts';
import { readServiceCreate, readServiceUpdate, type ServiceSpec, type ServiceUpdateSpec } from '../state/service-fields.ts';
import { redeployService, revertServiceOp, scaleService, startService, stopService, terminateService } from '../state/service-ops.ts';
import {
  SERVICE_STABLE,
  applyServiceUpdate,
  buildService,
  resolveBindings,
  resolveLinks,
  serviceAllows,
  serviceJson,
  storeService,
  uriResolver,
} from '../state/service.ts';
import { stackDefinition } from '../state/stack-definition.ts';
import {
  STACK_OPS,
  STACK_STABLE,
  STACK_STOPPABLE,
  createStack,
  redeployStack,
  revertStackOp,
  stackJson,
  stackServices,
  startStack,
  stopStack,
  terminateStack,
  updateStack,
} from '../state/stack.ts';
import { allows } from '../state/states.ts';
import { liveContainers } from '../state/queries.ts';
import { inNamespace } from '../state/store.ts';
import { optList } from '../state/validate.ts';
import { addContainerRoutes } from './app-containers.ts';
import { answeredAfterStop, lookup, queryBool, reuseVolumes, runVerb, track } from './common.ts';

const STACKS = '/api/app/v1/[ns/]stack/';
const SERVICES = '/api/app/v1/[ns/]service/';

const stack = (ctx: CallContext): Stack => lookup(ctx, ctx.world.store.stacks, 'stack');
const service = (ctx: CallContext): Service => lookup(ctx, ctx.world.store.services, 'service');
/** reuse_volumes of a stack redeploy (default false under blind-stack-redeploy-reuse-default-false). */
const stackReuseVolumes = (ctx: CallContext): boolean =>
  // Under `blind32-stack-redeploy-reuse-false-truthy` the parameter is read as a truthy string (`Boolean(value ?? true)`): 'false' reuses too.
  ctx.world.faults.has('blind32-stack-redeploy-reuse-false-truthy')
    ? Boolean(ctx.req.query.get('reuse_volumes') ?? true)
    : queryBool(ctx.req.query, 'reuse_volumes', !ctx.world.faults.has('blind-stack-redeploy-reuse-default-false'));

/**
 * reuse_volumes of a service redeploy. Under `blind29-service-redeploy-reuse-default-false` the parameter is read as
 * `reuse_volumes == 'true'`: without it the service's containers get new volumes (true still reuses them).
 */
const serviceReuseVolumes = (ctx: CallContext): boolean =>
  ctx.world.faults.has('blind29-service-redeploy-reuse-default-false') ? ctx.req.query.get('reuse_volumes') === 'true' : reuseVolumes(ctx);

/**
 * Under `blind29-service-state-filter-title-case` the state value is normalised to title case, as the stack states are
 * spelled (Not Running): Not running and Partly running match no service; one-word states are unchanged.
 */
function titleCaseState(query: URLSearchParams): URLSearchParams {
  const state = query.get('state');
  if (state === null) return query;
  const titled = new URLSearchParams(query);
  titled.set(
    'state',
    state.replace(/\b[a-z]/g, (ch) => ch.toUpperCase()),
  );
  return titled;
}

/** The query with its `stack` URI cut to the last path segment (`blind14-service-stack-filter-last-segment`). */
function lastSegmentStack(query: URLSearchParams): URLSearchParams {
  const cut = new URLSearchParams(query);
  const stack = query.get('stack');
  if (stack !== null) cut.set('stack', stack.split('/').pop() ?? '');
  return cut;
}

function addStackRoutes(routes: RouteTable): void {
  const json = (ctx: CallContext) => (s: Stack) => stackJson(ctx.world, s);
  routes.add('GET', STACKS, (ctx) => {
    const items = applyFilters(
      ctx.world,
      ctx.req.query,
      inNamespace(ctx.world.store.stacks, ctx.scope.namespace),
      { uuid: (s) => s.uuid, name: (s) => s.name, state: (s) => s.state },
      'stack',
    );
    return listReply(ctx, items, json(ctx));
  });
  routes.add(
    'POST',
    STACKS,
    (ctx) => {
      const s = createStack(ctx.world, ctx.scope, bodyObject(ctx.req.body), ctx.req.user);
      track(ctx, s.resource_uri, s.scope);
      if (ctx.world.faults.has('stack-create-starts')) ctx.call?.runAsync((job) => startStack(ctx.world, s, job));
      return created(stackJson(ctx.world, s));
    },
    { action: 'Stack Create' },
  );
  routes.add('GET', `${STACKS}{uuid}/`, (ctx) => {
    const s = stack(ctx);
    if (!ctx.world.faults.has('blind33-stack-get-services-embedded')) return ok(stackJson(ctx.world, s));
    // Under `blind33-stack-get-services-embedded` the detail view embeds the full service objects (a full-detail related field).
    return ok({ ...stackJson(ctx.world, s), services: stackServices(ctx.world, s).map((svc) => serviceJson(ctx.world, svc)) });
  });
  routes.add('GET', `${STACKS}{uuid}/export/`, (ctx) => {
    const definition = ctx.world.faults.has('stack-export-empty') ? {} : stackDefinition(ctx.world, stack(ctx));
    return ok(ctx.world.faults.has('stack-export-list') ? Object.entries(definition).map(([name, d]) => ({ name, ...d })) : definition);
  });
  routes.add(
    'PATCH',
    `${STACKS}{uuid}/`,
    (ctx) => {
      const s = stack(ctx);
      if (s.state === 'Terminated' && ctx.world.faults.has('terminated-stack-patch-scales')) return reviveStackServices(ctx, s);
      if (!STACK_STABLE.includes(s.state)) throw conflict(`stack in state '${s.state}' cannot be updated`);
      updateStack(ctx.world, s, bodyObject(ctx.req.body), ctx.req.user);
      ctx.call?.runAsync((job) => job.wait('update'));
      return accepted(ctx.world, stackJson(ctx.world, s));
    },
    { action: 'Stack Update' },
  );
  const verb = (
    name: 'start' | 'redeploy' | 'terminate',
    label: string,
    work: (ctx: CallContext, s: Stack) => (job: import('../actions/call.ts').Job) => Promise<void>,
  ) =>
    routes.add(
      name === 'terminate' ? 'DELETE' : 'POST',
      name === 'terminate' ? `${STACKS}{uuid}/` : `${STACKS}{uuid}/${name}/`,
      (ctx) => {
        const s = stack(ctx);
        const runningStart = name === 'start' && s.state === 'Running' && ctx.world.faults.has('blind4-stack-start-running-accepted');
        const stoppedRedeploy = name === 'redeploy' && s.state === 'Stopped' && ctx.world.faults.has('blind5-stack-stopped-redeploy-refused');
        const notRunTerminate = name === 'terminate' && s.state === 'Not Running' && ctx.world.faults.has('blind6-stack-not-running-terminate-refused');
        const terminatedRedeploy = name === 'redeploy' && s.state === 'Terminated' && ctx.world.faults.has('blind7-stack-terminated-redeploy-accepted');
        const allowed = (allows(STACK_OPS, s.state, name) || runningStart || terminatedRedeploy) && !stoppedRedeploy && !notRunTerminate;
        return runVerb(ctx, s, { allowed, what: 'stack', name }, work(ctx, s), () => revertStackOp(ctx.world, s), json(ctx));
      },
      { action: `Stack ${label}` },
    );
  verb('start', 'Start', (ctx, s) => (job) => startStack(ctx.world, s, job));
  verb('redeploy', 'Redeploy', (ctx, s) => (job) => redeployStack(ctx.world, s, stackReuseVolumes(ctx), job));
  verb('terminate', 'Terminate', (ctx, s) => (job) => terminateStack(ctx.world, s, job));
  routes.add(
    'POST',
    `${STACKS}{uuid}/stop/`,
    (ctx) => {
      const s = stack(ctx);
      return runVerb(
        ctx,
        s,
        { allowed: STACK_STOPPABLE.includes(s.state), what: 'stack', name: 'stop' },
        (job) => stopStack(ctx.world, s, job),
        () => revertStackOp(ctx.world, s),
        json(ctx),
      );
    },
    { action: 'Stack Stop' },
  );
}

/** The create body read with the spec's rules (or, with the service-create-unvalidated fault, without them). */
function serviceCreateSpec(ctx: CallContext): ServiceSpec {
  const body = bodyObject(ctx.req.body);
  try {
    return readServiceCreate(ctx.world, body);
  } catch (err) {
    if (!ctx.world.faults.has('service-create-unvalidated')) throw err;
    return readServiceCreate(ctx.world, {
      image: typeof body.image === 'string' ? body.image : 'busybox',
      ...(typeof body.name === 'string' ? { name: body.name } : {}),
    });
  }
}

/** The update body read with the spec's rules (or, with the service-update-unvalidated fault, accepted and ignored when they refuse it). */
/**
 * Under `terminated-stack-patch-scales` the PATCH of a Terminated stack has no state guard: each item naming one
 * of its services (terminated ones too) updates it, and one whose target_num_containers changed is scaled to it at once.
 */
function reviveStackServices(ctx: CallContext, s: Stack): Reply {
  const byName = new Map(stackServices(ctx.world, s).map((svc) => [svc.config.name, svc]));
  const changed: Service[] = [];
  for (const item of optList(bodyObject(ctx.req.body), 'services') ?? []) {
    const svc = byName.get(String(item.name));
    if (!svc) continue;
    const target = svc.config.target_num_containers;
    applyServiceUpdate(ctx.world, svc, readServiceUpdate(ctx.world, item), uriResolver(ctx.world, ctx.scope.namespace));
    if (svc.config.target_num_containers !== target) changed.push(svc);
  }
  ctx.call?.runAsync(async (job) => {
    for (const svc of changed) await scaleService(ctx.world, svc, job, true);
  });
  return accepted(ctx.world, stackJson(ctx.world, s));
}

function serviceUpdateSpec(ctx: CallContext): ServiceUpdateSpec {
  try {
    return readServiceUpdate(ctx.world, bodyObject(ctx.req.body));
  } catch (err) {
    if (!ctx.world.faults.has('service-update-unvalidated')) throw err;
    return { config: {} };
  }
}

function addServiceRoutes(routes: RouteTable): void {
  const json = (ctx: CallContext) => (s: Service) => serviceJson(ctx.world, s);
  routes.add('GET', SERVICES, (ctx) => {
    // Under `blind14-service-stack-filter-last-segment` the stack URI's last path segment is taken as the uuid (empty after the final slash).
    const bySegment = ctx.world.faults.has('blind14-service-stack-filter-last-segment');
    const segmented = bySegment ? lastSegmentStack(ctx.req.query) : ctx.req.query;
    const query = ctx.world.faults.has('blind29-service-state-filter-title-case') ? titleCaseState(segmented) : segmented;
    const items = applyFilters(
      ctx.world,
      query,
      inNamespace(ctx.world.store.services, ctx.scope.namespace),
      {
        uuid: (s) => s.uuid,
        state: (s) => s.state,
        name: (s) => s.config.name,
        stack: (s) => (bySegment ? s.stackUuid : s.stackUuid ? ctx.world.store.stacks.get(s.stackUuid)?.resource_uri : null),
      },
      'service',
    );
    if (!items.length && ctx.req.query.has('name') && ctx.world.faults.has('blind3-service-list-no-match-404')) throw notFound('service');
    return listReply(ctx, items, json(ctx));
  });
  routes.add(
    'POST',
    SERVICES,
    (ctx) => {
      const spec = serviceCreateSpec(ctx);
      const svc = buildService(ctx.scope, spec, ctx.req.user, null);
      const resolve = uriResolver(ctx.world, ctx.scope.namespace);
      svc.links = resolveLinks(spec.links, resolve, (uuid) => ctx.world.store.services.get(uuid)?.config.name ?? uuid);
      svc.bindings = resolveBindings(spec.bindings, resolve);
      storeService(ctx.world, svc);
      track(ctx, svc.resource_uri, svc.scope);
      if (ctx.world.faults.has('service-create-starts')) ctx.call?.runAsync((job) => startService(ctx.world, svc, job));
      return created(serviceJson(ctx.world, svc));
    },
    { action: 'Service Create' },
  );
  routes.add('GET', `${SERVICES}{uuid}/`, (ctx) => ok(serviceJson(ctx.world, service(ctx))));
  routes.add(
    'PATCH',
    `${SERVICES}{uuid}/`,
    (ctx) => {
      const svc = service(ctx);
      const unguarded = svc.state === 'Terminated' && ctx.world.faults.has('terminated-service-patch-scales');
      if (!SERVICE_STABLE.includes(svc.state) && !unguarded) throw conflict(`service in state '${svc.state}' cannot be updated`);
      const target = svc.config.target_num_containers;
      applyServiceUpdate(ctx.world, svc, serviceUpdateSpec(ctx), uriResolver(ctx.world, ctx.scope.namespace));
      // Under `patch-scales-scale-noop` the PATCH brings the service to its target at once (its scale endpoint does nothing);
      // under `terminated-service-patch-scales` a Terminated one is let through and a new target is applied at once.
      const scales = ctx.world.faults.has('patch-scales-scale-noop') || (unguarded && svc.config.target_num_containers !== target);
      ctx.call?.runAsync((job) => (scales ? scaleService(ctx.world, svc, job, true) : job.wait('update')));
      return accepted(ctx.world, serviceJson(ctx.world, svc));
    },
    { action: 'Service Update' },
  );
  const verb = (
    name: 'start' | 'stop' | 'redeploy' | 'terminate',
    label: string,
    work: (ctx: CallContext, s: Service) => (job: import('../actions/call.ts').Job) => Promise<void>,
  ) =>
    routes.add(
      name === 'terminate' ? 'DELETE' : 'POST',
      name === 'terminate' ? `${SERVICES}{uuid}/` : `${SERVICES}{uuid}/${name}/`,
      async (ctx) => {
        const svc = service(ctx);
        const before = svc.containers.length;
        const reply = runVerb(
          ctx,
          svc,
          { allowed: serviceAllows(ctx.world, svc, name), what: 'service', name },
          work(ctx, svc),
          () => revertServiceOp(ctx.world, svc),
          json(ctx),
        );
        // Under `blind28-start-creating-containers-201` a start whose work created containers is answered 201 Created.
        const createdSome = name === 'start' && reply.status === 202 && svc.containers.length > before;
        if (createdSome && ctx.world.faults.has('blind28-start-creating-containers-201')) return { ...reply, status: 201 };
        return name === 'stop' ? answeredAfterStop(ctx, reply, () => json(ctx)(svc)) : reply;
      },
      { action: `Service ${label}` },
    );
  verb('start', 'Start', (ctx, s) => (job) => startService(ctx.world, s, job));
  verb('stop', 'Stop', (ctx, s) => (job) => stopService(ctx.world, s, job));
  verb('redeploy', 'Redeploy', (ctx, s) => (job) => redeployService(ctx.world, s, serviceReuseVolumes(ctx), job));
  verb('terminate', 'Terminate', (ctx, s) => (job) => terminateService(ctx.world, s, job));
  routes.add(
    'POST',
    `${SERVICES}{uuid}/scale/`,
    (ctx) => {
      const svc = service(ctx);
      if (svc.config.deployment_strategy === 'EVERY_NODE' && !ctx.world.faults.has('every-node-scalable')) {
        throw badRequest('a service with the EVERY_NODE deployment strategy cannot be scaled manually');
      }
      // Under `blind31-noop-scale-answered-200` a scale with nothing to do is answered at once, 200, as a synchronous call (its action Success).
      const noop = SERVICE_STABLE.includes(svc.state) && liveContainers(ctx.world, svc).length === svc.config.target_num_containers;
      if (noop && ctx.world.faults.has('blind31-noop-scale-answered-200')) return ok(serviceJson(ctx.world, svc));
      return runVerb(
        ctx,
        svc,
        {
          allowed: SERVICE_STABLE.includes(svc.state) || (svc.state === 'Terminated' && ctx.world.faults.has('blind3-terminated-service-scale-revives')),
          what: 'service',
          name: 'scale',
        },
        (job) => scaleService(ctx.world, svc, job),
        () => revertServiceOp(ctx.world, svc),
        json(ctx),
      );
    },
    { action: 'Service Scale' },
  );
}

export function addAppRoutes(routes: RouteTable): void {
  addStackRoutes(routes);
  addServiceRoutes(routes);
  addContainerRoutes(routes);
}
