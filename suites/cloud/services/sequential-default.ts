/**
 * Spec: Services > service create body, "sequential_deployment | no | B, default false"; Stacks > POST, "each item takes the
 * parameters of service create". Wherever a service is created without sequential_deployment, by a service create or as an
 * item of a stack create, the service shows false, and behaves so: started with two containers, they are not deployed in
 * sequence, "linking each to the previous containers" (the meaning of true), so neither links to its sibling.
 * A stack PATCH's items take "the parameters of service update" and update the stack's services of their names: that one
 * adds a service is not stated, so no default is judged there.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { createService, createStack, live, operateAndSettle, serviceBody, sharedNodes, waitForContainers, type AppNodes } from '../support/app.ts';
import { verifyKept } from '../support/kept.ts';
import { sameResource, type Json } from '../support/lists.ts';
import { OPERATION, operationRequirement } from '../support/operation-requirements.ts';
import type { Container } from '../support/views.generated.ts';
import { servicesByName } from '../stacks/create.ts';

const R = {
  sequential: 'cloud/service/create/default-sequential-deployment-false',
  stackServices: 'cloud/stack/create/services-created',
};

/** Containers the default service is started with: two, so that the second could link to the first. */
const CONTAINERS = 2;

/** The body of a service sent without sequential_deployment, placed on the shared nodes so that it can be started. */
const unsequencedBody = (ctx: CloudContext, at: AppNodes): Json => serviceBody(ctx, at, { target_num_containers: CONTAINERS });

/** The containers of `c`'s service that `c` links to. */
const siblingsLinked = (c: Container, all: readonly Container[]): string[] =>
  (c.linked_to_container ?? []).map((l) => String(l.to_container)).filter((to) => all.some((o) => o !== c && sameResource(to, o.resource_uri)));

/**
 * The service at `uri`, created without sequential_deployment (`how`), shows false and is not deployed in sequence: started,
 * none of its containers links to a sibling. `requirements` name the default and the way the service was created. Called
 * last: once a breach is found the start is not made, since a start its target refused would end the check skipped and
 * drop that breach.
 */
async function expectNotSequential(ctx: CloudContext, uri: string, how: string, requirements: string[]): Promise<void> {
  const got = await ctx.getJson('service', uri, how);
  ctx.verify(
    got.sequential_deployment === false,
    `${how} without sequential_deployment has sequential_deployment ${JSON.stringify(got.sequential_deployment)}`,
    {
      expected: false,
      actual: got.sequential_deployment,
      requirement: requirements,
    },
  );
  if (ctx.breaches.length) return ctx.observe(`${how}: its deployment was not observed, a breach being already found`);
  const all = await ctx.setUp(
    async () => {
      await operateAndSettle(ctx, got, 'start');
      return waitForContainers(ctx, got, CONTAINERS);
    },
    operationRequirement(uri, 'start'),
  );
  for (const c of live(all))
    ctx.verify(siblingsLinked(c, all).length === 0, `${how}, started, was deployed in sequence: container ${String(c.name)} links to its sibling`, {
      expected: 'no link to another container of the service (sequential_deployment false)',
      actual: c.linked_to_container,
      requirement: requirements,
    });
}

export default [
  cloudCheck({
    id: R.sequential,
    title:
      'sequential_deployment defaults to false: a service created without it shows false and, started with two containers, ' +
      'does not link them in sequence; true sent is kept',
    endpoint: 'cloud/service/create',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      // true sent is kept: a target that always shows false does not pass.
      const sent = { sequential_deployment: true };
      const kept = await createService(ctx, serviceBody(ctx, undefined, sent));
      verifyKept(
        ctx,
        sent,
        await ctx.getJson('service', kept.resource_uri, 'the created service'),
        'a service created with sequential_deployment true',
        R.sequential,
      );
      await expectNotSequential(ctx, (await createService(ctx, unsequencedBody(ctx, at))).resource_uri, 'a service created alone', [R.sequential]);
    },
  }),
  cloudCheck({
    id: `${R.sequential}/stack`,
    title:
      'A service created as an item of a stack without sequential_deployment takes the default false (shown, and not deployed in sequence); ' +
      'an item sending true keeps it',
    requirements: [R.sequential, R.stackServices],
    endpoint: 'cloud/stack/create',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const [plain, sequenced] = [unsequencedBody(ctx, at), serviceBody(ctx, undefined, { sequential_deployment: true })];
      const stack = await createStack(ctx, { name: ctx.uniqueName('stack'), services: [plain, sequenced] });
      const byName = await servicesByName(ctx, stack);
      const [made, madeTrue] = [byName.get(String(plain.name)), byName.get(String(sequenced.name))];
      ctx.precondition(made !== undefined && madeTrue !== undefined, 'the stack does not list a service of each item by its name', OPERATION.stackServices);
      verifyKept(ctx, { sequential_deployment: true }, madeTrue!, 'a stack item sent with sequential_deployment true', R.stackServices);
      await expectNotSequential(ctx, made!.resource_uri, 'a service created as an item of a stack', [R.sequential, R.stackServices]);
    },
  }),
];
