/**
 * What a redeploy does, as the spec says it ("redeploys all containers with the current
 * configuration"; a stack "redeploys all services"): every container of the resource is deployed
 * again, so each live container after it has a deployed_datetime later than every deploy date
 * before it (or is a new one, deployed since). The dates have second resolution, so the redeploy
 * is sent in a later second of the target's clock than those dates (target-clock.ts).
 */
import { appViewOf, containersOf, live, type AppResourceView } from './app.ts';
import type { CloudContext } from './context.ts';
import { dateMs } from './run-dates.ts';
import { afterTargetSecond } from './target-clock.ts';
import type { Container } from './views.generated.ts';

/** The latest deploy date (ms) of each resource's containers before its redeploy. */
const deployedBefore = new WeakMap<object, number>();

/** The live containers of a stack (its services'), a service or a container. */
async function containersIn(ctx: CloudContext, r: AppResourceView): Promise<Container[]> {
  const view = appViewOf(r.resource_uri);
  if (view === 'container') return live([await ctx.getJson('container', r.resource_uri)]);
  const services = view === 'stack' ? ((await ctx.getJson('stack', r.resource_uri)).services ?? []) : [r.resource_uri];
  return live((await Promise.all(services.map((s) => containersOf(ctx, { resource_uri: s })))).flat());
}

/**
 * Reads the deploy dates of the resource's containers and waits until the target's clock is past
 * them: a redeploy sent then dates its containers later. Returns the resource.
 */
export async function beforeRedeploy<V extends AppResourceView>(ctx: CloudContext, r: V): Promise<V> {
  const dates = (await containersIn(ctx, r)).map((c) => c.deployed_datetime);
  ctx.precondition(dates.length > 0, `${r.resource_uri} has no container to redeploy`);
  deployedBefore.set(r, Math.max(...dates.map(dateMs)));
  await afterTargetSecond(ctx, r.resource_uri, dates);
  return r;
}

/** Every live container of the resource was deployed after the dates read by beforeRedeploy. */
export async function expectRedeployed(ctx: CloudContext, r: AppResourceView, requirement: string): Promise<void> {
  const before = deployedBefore.get(r);
  if (before === undefined) throw new Error(`the check did not read the deploy dates of ${r.resource_uri} before its redeploy (beforeRedeploy)`);
  // Dates that are not the Notation's are the date rule's breach (cloud/dates/rfc2822), not this one's.
  if (Number.isNaN(before)) return ctx.observe(`the deploy dates of ${r.resource_uri} are not RFC 2822 dates: whether it was redeployed is not judged`);
  const stale = (await containersIn(ctx, r)).filter((c) => !(dateMs(c.deployed_datetime) > before));
  ctx.expect(stale.length === 0, `${stale.length} container(s) of ${r.resource_uri} were not redeployed (deployed_datetime not after the redeploy)`, {
    expected: `deployed_datetime after ${new Date(before).toUTCString()}`,
    actual: stale.map((c) => ({ [c.resource_uri]: c.deployed_datetime })),
    requirement,
  });
}
