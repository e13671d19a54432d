/**
 * Spec: Stacks > POST: each item of services creates a service of the stack, and the stack's
 * services list them. With three items, the stack's services (in the create answer, its GET and
 * the stack list) must name three distinct services, each once, whose names are the names sent.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { createStack, serviceBody, STACKS } from '../support/app.ts';
import { listAll } from '../support/lists.ts';

const R = { services: 'cloud/stack/create/services-created', list: 'cloud/stack/list/returns-stacks' };

async function verifyServices(ctx: CloudContext, got: unknown, names: readonly string[], what: string, requirement: string): Promise<void> {
  const uris = Array.isArray(got) ? got.map(String) : [];
  const distinct = new Set(uris).size === uris.length;
  const shown = await Promise.all(uris.map(async (u) => String((await ctx.getJson('service', u, 'a stack service')).name)));
  ctx.verify(
    distinct && JSON.stringify([...shown].sort()) === JSON.stringify([...names].sort()),
    `${what} does not list the ${names.length} services sent, each once`,
    {
      requirement,
      expected: names,
      actual: { services: got, names: shown },
    },
  );
}

export default [
  cloudCheck({
    id: `${R.services}/each-once`,
    title: 'A stack of three services lists the three, each once (create answer, GET and list)',
    requirements: [R.services, R.list],
    endpoint: 'cloud/stack/create',
    async run(ctx) {
      const bodies = [serviceBody(ctx, undefined), serviceBody(ctx, undefined), serviceBody(ctx, undefined)];
      const names = bodies.map((b) => String(b.name));
      const stack = await createStack(ctx, { name: ctx.uniqueName('stack'), services: bodies });
      await verifyServices(ctx, stack.services, names, 'the create answer', R.services);
      await verifyServices(ctx, (await ctx.getJson('stack', stack.resource_uri, 'the stack')).services, names, 'GET stack', R.services);
      const listed = (await listAll(ctx, STACKS)).find((o) => o.uuid === stack.uuid);
      await verifyServices(ctx, listed?.services, names, 'the listed stack', R.list);
    },
  }),
];
