/** Spec: Stacks > GET list, one stack, export (stack definition format); the Stack fields. */
import { cloudCheck } from '../support/check.ts';
import { sharedNodes, createStack, operateAndSettle, serviceBody, settled, STACKS } from '../support/app.ts';
import type { CloudContext } from '../support/context.ts';
import type { Stack } from '../support/views.generated.ts';
import { runningStack } from './operations.ts';
import { expectListed, expectListedAsGot, listAll, type Json } from '../support/lists.ts';
import { expectAtSpecPath } from '../support/spec-paths.ts';
import { dateMs, expectLaterDate, expectNullDates, expectRunDates } from '../support/run-dates.ts';
import { afterTargetSecond } from '../support/target-clock.ts';
import { OPERATION } from '../support/operation-requirements.ts';

const R = {
  list: 'cloud/stack/list/returns-stacks',
  recent: 'cloud/stack/list/recently-terminated',
  get: 'cloud/stack/get/returns-stack',
  synchronized: 'cloud/stack/get/synchronized',
  dates: 'cloud/stack/get/datetimes-track-operations',
  export: 'cloud/stack/export/returns-definition',
  format: 'cloud/stack/export/definition-format',
};

const DATES = ['deployed_datetime', 'destroyed_datetime'] as const;
/** An image other than the default one, with a tag that is not latest: a representation of its service keeps it. */
const OTHER_IMAGE = 'busybox:1.36';

/** Every key, string value and number (as its decimal text) of a JSON value, at any depth. */
function wordsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(wordsOf);
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...wordsOf(v)]);
  return typeof value === 'string' ? [value] : typeof value === 'number' ? [String(value)] : [];
}

/** Does `text` name `image`: as sent, with a registry or namespace before it, or (tag latest) without the tag. */
function namesImage(text: string, image: string): boolean {
  const spellings = image.endsWith(':latest') ? [image, image.slice(0, -':latest'.length)] : [image];
  return spellings.some((i) => text === i || text.endsWith(`/${i}`));
}

/** Do the words name `image`, whole or as its repository and its tag in two values. */
function holdsImage(words: readonly string[], image: string): boolean {
  const [repository, tag] = image.split(':') as [string, string | undefined];
  return words.some((w) => namesImage(w, image)) || (tag !== undefined && words.includes(tag) && words.some((w) => namesImage(w, repository)));
}

/**
 * A representation of the stack represents its services: whatever its layout (the stack definition
 * format is not shown), each service's name is there, as a key or a value, and its image, tag
 * included. An empty object, the stack's own fields (service URIs) or one service of two show.
 */
function expectRepresents(ctx: CloudContext, definition: unknown, services: readonly Json[]): void {
  const words = wordsOf(definition);
  for (const svc of services) {
    const image = String(svc.image);
    // Recorded and gone on: the format's own expectations below are judged as well.
    ctx.verify(
      words.includes(String(svc.name)) && holdsImage(words, image),
      `the export does not represent the stack's service ${String(svc.name)} (its name and its image ${image}, whole or as repository and tag)`,
      { expected: { name: svc.name, image }, actual: definition, requirement: R.export },
    );
  }
}

/** What the exported service was created with besides its name and image: a port, a variable, a link, its target count. */
interface Settings {
  innerPort: number;
  env: { key: string; value: string };
  linkName: string;
  containers: number;
}

/**
 * A representation of the stack represents what its services were created with, not their names
 * alone: whatever the layout and its keys (not shown), the inner port is there (a number, or in a
 * text as "8087" or "8087/tcp"), the variable's key and value (apart, or as KEY=value), the link's
 * name and the target number of containers.
 */
function expectCarries(ctx: CloudContext, definition: unknown, service: string, sent: Settings): void {
  const words = wordsOf(definition);
  const has = (test: (w: string) => boolean): boolean => words.some(test);
  const port = new RegExp(`(^|[^0-9])${sent.innerPort}([^0-9]|$)`);
  const carried: Record<string, boolean> = {
    [`inner_port ${sent.innerPort}`]: has((w) => port.test(w)),
    [`variable ${sent.env.key}=${sent.env.value}`]: has((w) => w.includes(sent.env.key)) && has((w) => w.includes(sent.env.value)),
    [`link ${sent.linkName}`]: has((w) => w.includes(sent.linkName)),
    [`target_num_containers ${sent.containers}`]: has((w) => w === String(sent.containers)),
  };
  const missing = Object.keys(carried).filter((k) => !carried[k]);
  ctx.verify(missing.length === 0, `the export does not represent what service ${service} was created with: ${missing.join(', ')}`, {
    expected: carried,
    actual: definition,
    requirement: R.export,
  });
}

/**
 * The running stack with its last listed service updated (its containers no longer match it): not
 * the first, so that a stack judged by its first service alone shows.
 */
export async function outOfDate(ctx: CloudContext, stack: Stack): Promise<Stack> {
  const svc = stack.services.at(-1);
  if (!svc) return ctx.preconditionUnmet(`the running stack ${stack.resource_uri} lists no service`, OPERATION.stackServices);
  const res = await ctx.api.patch(svc, { container_envvars: [{ key: 'CONFORMANCE', value: 'changed' }] });
  ctx.precondition(res.status < 300, `PATCH of ${svc} answered ${res.status}`, OPERATION.serviceUpdate);
  await settled(ctx, 'service', svc);
  return settled(ctx, 'stack', stack.resource_uri);
}

/** The stack's synchronized flag read now, observed (what restores it is not stated). */
async function observeSynchronized(ctx: CloudContext, stack: Stack, after: string): Promise<void> {
  const now = await settled(ctx, 'stack', stack.resource_uri);
  ctx.observe(`after ${after} the stack says synchronized=${String(now.synchronized)}`);
}

export default [
  cloudCheck({
    id: R.list,
    title: 'The stack list returns a list of stack objects (two just created, a running one whose service changed), each once and as its GET shows it',
    endpoint: 'cloud/stack/list',
    async run(ctx) {
      const mine = [await createStack(ctx, { name: ctx.uniqueName('stack') }), await createStack(ctx, { name: ctx.uniqueName('stack') })];
      mine.push(await ctx.setUp(async () => outOfDate(ctx, await runningStack(ctx))));
      await expectListed(ctx, 'stack', STACKS, mine, 'a stack of the check', R.list, ['state', 'services', 'synchronized']);
    },
  }),
  cloudCheck({
    id: R.recent,
    title: 'The stack list holds recently terminated stacks',
    endpoint: 'cloud/stack/list',
    async run(ctx) {
      const stack = await createStack(ctx, { name: ctx.uniqueName('stack') });
      await operateAndSettle(ctx, stack, 'terminate');
      const mine = (await listAll(ctx, STACKS)).find((s) => s.uuid === stack.uuid);
      ctx.expect(mine !== undefined, 'a stack terminated a moment ago is not listed', { requirement: R.recent });
      ctx.expectEqual(mine?.state, 'Terminated', 'the listed terminated stack is not Terminated', R.recent);
    },
  }),
  cloudCheck({
    id: R.get,
    title: 'GET of one stack returns it; right after create it is synchronized (in the create answer and the GET)',
    requirements: [R.get, R.synchronized],
    endpoint: 'cloud/stack/get',
    async run(ctx) {
      const stack = await createStack(ctx, { name: ctx.uniqueName('stack'), services: [serviceBody(ctx, undefined)] });
      const got = ctx.expectView('stack', await ctx.getJson('stack', stack.resource_uri, 'stack'), 'GET stack', R.get);
      ctx.expectEqual([got.uuid, got.name], [stack.uuid, stack.name], 'GET returns another stack', R.get);
      await expectAtSpecPath(ctx, 'stack', stack, R.get);
      ctx.expectEqual(got.synchronized, true, 'a stack just created is not synchronized with its services', R.synchronized);
      ctx.expectEqual(stack.synchronized, true, "the create's answer says the stack just created is not synchronized with its services", R.synchronized);
    },
  }),
  cloudCheck({
    id: R.synchronized,
    title:
      'A running stack one of whose services was updated (not through the stack) and not redeployed is not synchronized with its services; ' +
      'after a redeploy of the service, then of the stack, observed',
    endpoint: 'cloud/stack/get',
    async run(ctx) {
      const stack = await ctx.setUp(() => runningStack(ctx));
      const stale = await ctx.setUp(() => outOfDate(ctx, stack));
      const service = await ctx.getJson('service', String(stale.services.at(-1)), 'service');
      ctx.observe(`the updated service of the stack says synchronized=${String(service.synchronized)}`);
      // Whether the stack definition is the stack's own (create, PATCH of the stack) or its services' definitions
      // compared with their containers, a service updated on its own and not redeployed leaves it out of sync.
      ctx.expectEqual(
        stale.synchronized,
        false,
        'a stack one of whose services was updated and not redeployed says it is synchronized with its services',
        R.synchronized,
      );
      await expectListedAsGot(ctx, STACKS, stale, ['synchronized'], R.synchronized);
      // What makes it synchronized again is not stated: a redeploy changes no definition.
      await operateAndSettle(ctx, service, 'redeploy');
      await observeSynchronized(ctx, stack, 'a redeploy of the updated service');
      await operateAndSettle(ctx, stack, 'redeploy');
      await observeSynchronized(ctx, stack, 'a redeploy of the stack');
    },
  }),
  cloudCheck({
    id: R.dates,
    title:
      'deployed_datetime is null until the first deployment, then the last one (redeploy moves it); destroyed_datetime null until terminate (services or none)',
    endpoint: 'cloud/stack/get',
    async run(ctx) {
      const since = Date.now();
      const at = await sharedNodes(ctx);
      const stack = await createStack(ctx, { name: ctx.uniqueName('stack'), services: [serviceBody(ctx, at)] });
      expectNullDates(ctx, stack, DATES, 'a created stack', R.dates);
      const started = await operateAndSettle(ctx, stack, 'start');
      expectRunDates(ctx, started, ['deployed_datetime'], since, 'a started stack', R.dates);
      expectNullDates(ctx, started, ['destroyed_datetime'], 'a running stack', R.dates);
      await expectListedAsGot(ctx, STACKS, started, DATES, R.dates);
      // deployed_datetime is the last deployment: a redeploy in a later second of the target's clock moves it.
      await afterTargetSecond(ctx, stack.resource_uri, [started.deployed_datetime]);
      const redeployed = await operateAndSettle(ctx, stack, 'redeploy');
      expectLaterDate(ctx, redeployed.deployed_datetime, started.deployed_datetime, 'a redeploy did not move deployed_datetime', R.dates);
      await operateAndSettle(ctx, stack, 'terminate');
      const gone = await settled(ctx, 'stack', stack.resource_uri);
      expectRunDates(ctx, gone, ['destroyed_datetime'], dateMs(started.deployed_datetime), 'a terminated stack', R.dates);
      await expectListedAsGot(ctx, STACKS, gone, DATES, R.dates);
      // The terminate operation dates the stack whatever it holds: one created without services too.
      const empty = await createStack(ctx, { name: ctx.uniqueName('stack') });
      const emptyGone = await operateAndSettle(ctx, empty, 'terminate');
      expectRunDates(ctx, emptyGone, ['destroyed_datetime'], since, 'a terminated stack without services', R.dates);
    },
  }),
  cloudCheck({
    id: R.export,
    title:
      'export returns a JSON object representing the stack: each of its two services by name and image, and what one was created with ' +
      '(a port, a variable, a link, its target count; the format: each name mapped to its definition)',
    requirements: [R.export, R.format],
    endpoint: 'cloud/stack/export',
    async run(ctx) {
      // A second service with an image of its own: an export of the first service only, or of the stack's URIs, shows.
      const db = serviceBody(ctx, undefined, { image: OTHER_IMAGE });
      const sent: Settings = {
        innerPort: 8087,
        env: { key: 'CONFORMANCE_EXPORTED', value: ctx.uniqueName('exported') },
        linkName: 'conformance-export-link',
        containers: 3,
      };
      const web = serviceBody(ctx, undefined, {
        target_num_containers: sent.containers,
        container_ports: [{ protocol: 'tcp', inner_port: sent.innerPort, published: true }],
        container_envvars: [sent.env],
        linked_to_service: [{ to_service: db.name, name: sent.linkName }],
      });
      const stack = await createStack(ctx, { name: ctx.uniqueName('stack'), services: [web, db] });
      const res = await ctx.api.get(`${stack.resource_uri}export/`);
      ctx.expectStatus(res, 200, 'GET export', R.export);
      const definition = ctx.expectJson<unknown>(res, 'export', R.export);
      ctx.expect(definition !== null && typeof definition === 'object' && !Array.isArray(definition), 'the export is not a JSON object', {
        actual: definition,
        requirement: R.export,
      });
      expectRepresents(ctx, definition, [web, db]);
      expectCarries(ctx, definition, String(web.name), sent);
      ctx.expectView('stack-definition', definition, 'the export', R.format);
      const entry = (definition as Record<string, Json>)[String(web.name)];
      ctx.expect(
        entry !== undefined && String(entry.image ?? '').includes('busybox'),
        'the export has no entry for the service, with its image, under its name',
        { expected: { [String(web.name)]: { image: web.image } }, actual: definition, requirement: R.format },
      );
      ctx.expectEqual(entry?.target_num_containers, sent.containers, "the export does not carry the service's target_num_containers", R.format);
    },
  }),
];
