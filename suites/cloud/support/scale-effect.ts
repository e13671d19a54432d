/**
 * Spec: Services, "POST .../service/(uuid)/scale/ | scales to the current target_num_containers", and the service's counts,
 * "current_num_containers, running_num_containers, stopped_num_containers | I | actual counts (all, Running, Stopped)".
 * A scale is judged on a service whose containers are not all Running, so that counting only some of them shows: once the
 * scale has ended its containers, all of them (not Terminated), number the target. Which containers make that number (a
 * Stopped one kept, or replaced) is not stated, nor whether scale is allowed in those states (the state table does not list
 * scale): a refusal leaves the effect unverified, observed.
 */
import { finishedActionOf, isSuccess } from './actions.ts';
import { containersOf, live, operate, operateAndSettle, settled, waitForContainers } from './app.ts';
import type { CloudContext } from './context.ts';
import { operationRequirement } from './operation-requirements.ts';
import type { Container, Service } from './views.generated.ts';

const SCALE = 'cloud/service/scale/effect';

/**
 * Scales the service (its target unchanged) and, once the scale has ended and the service settled, returns its live
 * containers; undefined (observed) where the scale was refused. Without an action to follow the containers are waited
 * for until there are `target` of them Running or Stopped.
 */
async function scaledContainers(ctx: CloudContext, svc: Service, target: number, before: string): Promise<Container[] | undefined> {
  const res = await operate(ctx, svc.resource_uri, 'scale');
  if (!isSuccess(res.status)) {
    ctx.cannotVerify(`scale of a service ${before} answered ${res.status} (the state table does not list scale)`);
    return undefined;
  }
  if (!res.headers[ctx.actionHeader]) return waitForContainers(ctx, svc, target, ['Running', 'Stopped'], undefined, SCALE);
  await finishedActionOf(ctx, res, 'scale');
  await settled(ctx, 'service', svc.resource_uri);
  return live(await containersOf(ctx, svc));
}

/** After the scale, the service has `target` containers, and counts them so (current_num_containers: all of them). */
async function expectScaledTo(ctx: CloudContext, svc: Service, target: number, before: string): Promise<void> {
  const now = await scaledContainers(ctx, svc, target, before);
  if (!now) return;
  ctx.expect(now.length === target, `scale of a service ${before} did not bring its containers to its target of ${target}`, {
    expected: `${target} containers, all counted (Stopped ones too: current_num_containers is all of them)`,
    actual: now.map((c) => `${c.resource_uri} ${c.state}`),
    requirement: SCALE,
  });
  const shown = await settled(ctx, 'service', svc.resource_uri);
  ctx.expectEqual(shown.current_num_containers, target, `after the scale of a service ${before}, current_num_containers is not its target`, SCALE);
}

/**
 * A service at its target whose container `stopping` (one of its Running ones) is stopped first: the scale has nothing to
 * add, since its count (all containers, the Stopped one too) is already the target. A scale comparing the target with the
 * Running containers only adds one more.
 */
export async function expectScaleCountsStopped(ctx: CloudContext, svc: Service, stopping: Container, target: number): Promise<void> {
  await ctx.setUp(
    async () => {
      await operateAndSettle(ctx, stopping, 'stop');
      await ctx.waitForState('container', stopping.resource_uri, ['Stopped']);
    },
    operationRequirement(stopping.resource_uri, 'stop'),
  );
  await settled(ctx, 'service', svc.resource_uri);
  const states = live(await containersOf(ctx, svc)).map((c) => c.state);
  if (states.length !== target || !states.includes('Stopped'))
    return ctx.cannotVerify(`after one of its containers was stopped the service's containers are ${states.join(', ')}: not ${target}, one Stopped`);
  await expectScaledTo(ctx, svc, target, `of ${target} containers (its target), one of them Stopped`);
}

/**
 * A service at its target whose container `gone` is terminated: one below its target, the scale brings it back. A target
 * that replaces the terminated container by itself leaves the scale's effect unverified.
 */
export async function expectScaleRestores(ctx: CloudContext, svc: Service, gone: Container, target: number): Promise<void> {
  await ctx.setUp(() => operateAndSettle(ctx, gone, 'terminate'), operationRequirement(gone.resource_uri, 'terminate'));
  await settled(ctx, 'service', svc.resource_uri);
  const left = live(await containersOf(ctx, svc)).length;
  if (left !== target - 1)
    return ctx.cannotVerify(`after one of its ${target} containers was terminated the service has ${left} container(s), not one below its target`);
  await expectScaledTo(ctx, svc, target, `one container below its target of ${target}`);
}
