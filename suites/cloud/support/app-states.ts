/**
 * The state tables of stacks, services and containers as checks: one check per cell of the
 * table (catalog/cloud/state-tables.json → requirement ids `cloud/states/<resource>/<state>-
 * allows|rejects-<op>`). Each state is reached black-box from a fresh resource; transitional
 * states are caught right after the operation that leads to them (or the check is skipped), and
 * their refusal rows hold an acceptance against the target only when it came while the work that
 * led into the state was still running (state-rows.ts).
 */
import { loadStateTables, stateSlug, type StateTable } from '../../../catalog/cloud/state-tables.ts';
import {
  sharedNodes,
  createService,
  createStack,
  firstContainer,
  operate,
  operateAndSettle,
  runningService,
  serviceBody,
  settled,
  settledAgain,
  settleOperation,
  waitForContainers,
  appViewOf,
  type AppResourceView,
  type AppView,
  type Verb,
} from './app.ts';
import type { CloudCheck } from './check.ts';
import type { CloudContext } from './context.ts';
import { beforeRedeploy, expectRedeployed } from './redeployed.ts';
import { catchTransitional, stateRowCheck } from './state-rows.ts';
import { expectAccepted, isSuccess } from './actions.ts';
import type { Service, Stack } from './views.generated.ts';

export type AppResource = AppView;
type Reacher<V extends AppResourceView = AppResourceView> = (ctx: CloudContext) => Promise<V>;

/** A settled resource whose state must be `state`; otherwise the target's transitions differ and the row cannot be reached. */
async function expectReached<V extends AppResourceView>(ctx: CloudContext, resource: V, state: string): Promise<V> {
  const now = await settledAgain(ctx, resource);
  if (now.state !== state) ctx.skip(`could not reach ${state} black-box: the operations meant to lead there ended in ${now.state}`);
  return now;
}

/** From a resource in one stable state, the operation that leads through a transitional one. */
function via<V extends AppResourceView>(from: Reacher<V>, verb: Verb, state: string, before?: (ctx: CloudContext, r: V) => Promise<void>): Reacher {
  return async (ctx) => {
    const r = await from(ctx);
    await before?.(ctx, r);
    return catchTransitional(ctx, appViewOf(r.resource_uri), r.resource_uri, state, () => operate(ctx, r.resource_uri, verb));
  };
}

function after<V extends AppResourceView>(from: Reacher<V>, verb: Verb, state: string): Reacher<V> {
  return async (ctx) => {
    const r = await from(ctx);
    await operateAndSettle(ctx, r, verb);
    return expectReached(ctx, r, state);
  };
}

const newService: Reacher<Service> = async (ctx) => createService(ctx, serviceBody(ctx, await sharedNodes(ctx)));
const runService: Reacher<Service> = async (ctx) => runningService(ctx, await sharedNodes(ctx));
const partlyService: Reacher<Service> = async (ctx) => {
  const svc = await runningService(ctx, await sharedNodes(ctx), { target_num_containers: 2 });
  const [one] = await waitForContainers(ctx, svc, 2);
  await operateAndSettle(ctx, one!, 'stop');
  return expectReached(ctx, svc, 'Partly running');
};

const runContainer: Reacher = async (ctx) => firstContainer(ctx, await runService(ctx));

const stackWith =
  (count: number): Reacher<Stack> =>
  async (ctx) => {
    const at = await sharedNodes(ctx);
    return createStack(ctx, { name: ctx.uniqueName('stack'), services: Array.from({ length: count }, () => serviceBody(ctx, at)) });
  };
const runStack: Reacher<Stack> = after(stackWith(1), 'start', 'Running');
const partlyStack: Reacher = async (ctx) => {
  const stack = await stackWith(2)(ctx);
  await operateAndSettle(ctx, stack, 'start');
  const running = await expectReached(ctx, stack, 'Running');
  await operateAndSettle(ctx, { resource_uri: running.services[0]! }, 'stop');
  return expectReached(ctx, stack, 'Partly running');
};

const scaleUp = async (ctx: CloudContext, svc: Service): Promise<void> => {
  const res = await ctx.api.patch(svc.resource_uri, { target_num_containers: 3 });
  if (res.status >= 300) ctx.skip(`PATCH target_num_containers answered ${res.status}: Scaling cannot be reached`);
  await settled(ctx, 'service', svc.resource_uri);
};

/** How each state is reached, and where a transitional state's own work ends. */
const REACH: Record<AppResource, Record<string, { reach: Reacher; endsIn?: string[] }>> = {
  service: {
    'Not running': { reach: newService },
    Starting: { reach: via(newService, 'start', 'Starting'), endsIn: ['Running'] },
    Running: { reach: runService },
    'Partly running': { reach: partlyService },
    Scaling: { reach: via(runService, 'scale', 'Scaling', scaleUp), endsIn: ['Running'] },
    Redeploying: { reach: via(runService, 'redeploy', 'Redeploying'), endsIn: ['Running'] },
    Stopping: { reach: via(runService, 'stop', 'Stopping'), endsIn: ['Stopped'] },
    Stopped: { reach: after(runService, 'stop', 'Stopped') },
    Terminating: { reach: via(runService, 'terminate', 'Terminating'), endsIn: ['Terminated'] },
    Terminated: { reach: after(newService, 'terminate', 'Terminated') },
  },
  container: {
    Starting: { reach: via(after(runContainer, 'stop', 'Stopped'), 'start', 'Starting'), endsIn: ['Running'] },
    Running: { reach: runContainer },
    Stopping: { reach: via(runContainer, 'stop', 'Stopping'), endsIn: ['Stopped'] },
    Stopped: { reach: after(runContainer, 'stop', 'Stopped') },
    Terminating: { reach: via(runContainer, 'terminate', 'Terminating'), endsIn: ['Terminated'] },
    Terminated: { reach: after(runContainer, 'terminate', 'Terminated') },
  },
  stack: {
    'Not Running': { reach: stackWith(1) },
    Starting: { reach: via(stackWith(1), 'start', 'Starting'), endsIn: ['Running'] },
    Running: { reach: runStack },
    'Partly running': { reach: partlyStack },
    Stopping: { reach: via(runStack, 'stop', 'Stopping'), endsIn: ['Stopped'] },
    Stopped: { reach: after(runStack, 'stop', 'Stopped') },
    Redeploying: { reach: via(runStack, 'redeploy', 'Redeploying'), endsIn: ['Running'] },
    Terminating: { reach: via(runStack, 'terminate', 'Terminating'), endsIn: ['Terminated'] },
    Terminated: { reach: after(stackWith(1), 'terminate', 'Terminated') },
  },
};

/**
 * Allowed operations whose end state the spec does not show: a redeploy of a Stopped or Partly
 * running resource (the spec says what redeploy does to containers, not whether a stopped one
 * runs after it). What it does to them is judged instead (redeployed.ts), for every redeploy row.
 */
const NOT_SHOWN_END = ['Stopped redeploy', 'Partly running redeploy'];
/** Where an accepted operation leads. */
const EFFECT: Record<string, string[]> = { start: ['Running'], stop: ['Stopped'], redeploy: ['Running'], terminate: ['Terminated'] };
/** What a refused operation on a stable state must leave as it was. */
const UNCHANGED: Record<AppResource, string[]> = {
  service: ['state', 'current_num_containers', 'running_num_containers', 'stopped_num_containers', 'containers'],
  container: ['state', 'node', 'started_datetime', 'stopped_datetime'],
  stack: ['state', 'services', 'deployed_datetime'],
};

const LABEL: Record<AppResource, string> = { stack: 'A stack', service: 'A service', container: 'A container' };

/** The operations whose end the spec states for every container they act on ("starts all containers" ...). */
const FOLLOWED = ['start', 'stop', 'terminate'];

/**
 * Each container the service listed before the operation (`before`) or lists now ends where the
 * accepted operation leads: a service Stopped or Terminated over a container left Running, or the
 * Stopped container of a Partly running service left Stopped by a terminate, did not take effect.
 */
async function expectContainersFollow(ctx: CloudContext, serviceUri: string, before: readonly string[], op: string, requirement: string): Promise<void> {
  const now = await ctx.getJson('service', serviceUri, 'the service');
  for (const uri of new Set([...before, ...(now.containers ?? [])])) {
    const c = await settled(ctx, 'container', uri);
    ctx.expect(EFFECT[op]!.includes(c.state), `after the accepted ${op} of ${serviceUri} its container ${uri} is ${c.state}`, {
      expected: EFFECT[op],
      actual: c.state,
      requirement,
    });
  }
}

/**
 * An accepted start, stop or terminate acts on what the resource holds: a service's containers
 * ("starts all containers"), a stack's services ("starts the services", "terminates all its
 * services") and theirs; each ends where the resource does. The resource's own state is a word the
 * target shows; a stack Terminated over a service left Stopped did not take effect.
 */
async function expectHeldFollow(ctx: CloudContext, r: AppResourceView, op: string, requirement: string): Promise<void> {
  const view = appViewOf(r.resource_uri);
  if (view === 'container' || !FOLLOWED.includes(op)) return;
  if (view === 'service') return expectContainersFollow(ctx, r.resource_uri, (r as Service).containers ?? [], op, requirement);
  const stack = await ctx.getJson('stack', r.resource_uri, 'the stack');
  for (const uri of stack.services ?? []) {
    const svc = await settled(ctx, 'service', uri);
    ctx.expect(EFFECT[op]!.includes(svc.state), `after the accepted ${op} the stack's service ${uri} is ${svc.state}`, {
      expected: EFFECT[op],
      actual: svc.state,
      requirement,
    });
    await expectContainersFollow(ctx, uri, svc.containers ?? [], op, requirement);
  }
}

/**
 * Allowed rows whose state the operation that undoes the row's leads back into. A container stopped
 * and started again is Running as a fresh one is: "Running | deployed and running | stop, terminate"
 * makes no exception for a container that ran before, nor the Stopped row for one stopped again.
 * Once the row's operation took effect, the check leads the container back and holds the row again.
 */
const AGAIN: Partial<Record<AppResource, Record<string, Verb>>> = { container: { 'Running stop': 'start', 'Stopped start': 'stop' } };

/** The resource led back into `state` by `back`, or undefined (observed: the row is then held once) where the target did not lead it there. */
async function reachedAgain(ctx: CloudContext, r: AppResourceView, back: Verb, state: string): Promise<AppResourceView | undefined> {
  const res = await operate(ctx, r.resource_uri, back);
  if (!isSuccess(res.status)) {
    ctx.cannotVerify(`${back} to lead ${r.resource_uri} back to ${state} answered ${res.status}: the row was held once`);
    return undefined;
  }
  const now = await settleOperation(ctx, r, back, res);
  if (now.state === state) return now;
  ctx.cannotVerify(`${back} led ${r.resource_uri} to ${now.state}, not back to ${state}: the row was held once`);
  return undefined;
}

/** An accepted operation from `state` took effect: the resource ended where it leads (where that is shown). */
async function expectTookEffect(ctx: CloudContext, r: AppResourceView, resource: AppResource, state: string, op: string, id: string): Promise<void> {
  const now = await settledAgain(ctx, r);
  if (NOT_SHOWN_END.includes(`${state} ${op}`)) {
    // Accepted (verified above); where it leads the spec does not show.
    ctx.observe(`${op} from ${state} was accepted and the ${resource} ended ${now.state} (where it leads: not shown)`);
    return;
  }
  ctx.expect(EFFECT[op]!.includes(now.state), `${op} from ${state} was accepted but the ${resource} ended ${now.state}`, {
    expected: EFFECT[op],
    actual: now.state,
    requirement: id,
  });
}

function rowCheck(table: StateTable, resource: AppResource, state: string, op: string, allows: boolean): CloudCheck {
  const id = `cloud/states/${resource}/${stateSlug(state)}-${allows ? 'allows' : 'rejects'}-${op}`;
  const how = REACH[resource][state];
  if (!how) throw new Error(`no way to reach ${resource} state ${state}`);
  const back = allows ? AGAIN[resource]?.[`${state} ${op}`] : undefined;
  const again = back ? `, again once a ${back} led it back to ${state}` : '';
  const title = `${LABEL[resource]} in state ${state}: ${op} is ${allows ? `accepted and takes effect${again}` : 'refused and changes nothing'}`;
  const endsIn = allows ? undefined : how.endsIn;
  const redeploys = allows && op === 'redeploy';
  return stateRowCheck<AppView>({
    id,
    endpoint: table.operations[op]!,
    title,
    view: resource,
    reach: redeploys ? async (ctx) => beforeRedeploy(ctx, await how.reach(ctx)) : how.reach,
    op: (ctx, r) => operate(ctx, r.resource_uri, op as Verb),
    ...(allows
      ? {
          effect: async (ctx: CloudContext, r: AppResourceView) => {
            await expectTookEffect(ctx, r, resource, state, op, id);
            await expectHeldFollow(ctx, r, op, id);
            if (redeploys) await expectRedeployed(ctx, r, id);
            if (!back || !(await reachedAgain(ctx, r, back, state))) return;
            await expectAccepted(ctx, await operate(ctx, r.resource_uri, op as Verb), `${LABEL[resource]} in state ${state} again (after ${back})`, id);
            await expectTookEffect(ctx, r, resource, state, op, id);
          },
        }
      : endsIn
        ? {
            // A transitional state: once its own work ends, the resource is where that work leads.
            afterRefusal: async (ctx: CloudContext, r: AppResourceView) => {
              const now = await settledAgain(ctx, r);
              ctx.expect(endsIn.includes(now.state), `after the refused ${op}, the ${resource}'s own work did not end where it leads`, {
                expected: endsIn,
                actual: now.state,
                requirement: id,
              });
            },
          }
        : { unchangedFields: UNCHANGED[resource] }),
  });
}

/** One check per cell of the resource's state table. */
export function appStateChecks(resource: AppResource): CloudCheck[] {
  const table = loadStateTables().find((t) => t.resource === resource);
  if (!table) throw new Error(`no state table for ${resource}`);
  return table.states.flatMap((row) =>
    Object.keys(table.operations).map((op) => {
      const ambiguity = table.ambiguous?.find((a) => a.state === row.state && a.operation === op);
      const allows = ambiguity ? ambiguity.decision === 'allows' : row.allowed.includes(op);
      return rowCheck(table, resource, row.state, op, allows);
    }),
  );
}
