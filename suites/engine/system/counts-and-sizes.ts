/**
 * Numbers that mean something the run can see: the Info counts of a daemon on which this check
 * keeps a container running and imported an image, and the sizes of that image. A type check lets
 * a count answered as 0 (or -1 where 0 was meant) pass; these hold each number to what it counts.
 */
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { engineCheck, type EngineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { exitedContainer, LONG_SLEEP, pausedContainer, removedContainer, sharedRunningContainer } from '../support/lifecycle.ts';

const COUNTS = 'engine/system/info/200-counts';
const SIZES = 'engine/images/list/200-sizes';

type Json = Record<string, unknown>;

function json<T>(ctx: EngineContext, res: HttpResponse, what: string, requirement: string): T {
  ctx.expectStatus(res, 200, what, requirement);
  return ctx.expectJson<T>(res, what, requirement);
}

/** How many times the Info count is taken between two lists before an over-count is reported. */
const COUNT_TRIES = 5;

/** The Info count of containers and how many containers the lists taken around it showed. */
interface CountSample {
  Containers: unknown;
  listed: number;
}

const withinListed = (s: CountSample): boolean => Number.isInteger(s.Containers) && (s.Containers as number) <= s.listed;

/** The ids GET /containers/json?all=1 lists (a list it does not answer leaves the count unverified: the list's own checks report that). */
async function listedIds(ctx: EngineContext): Promise<string[]> {
  const res = await ctx.api.get('/containers/json', { all: 1 });
  const body = res.status === 200 ? (res.json() as unknown) : undefined;
  ctx.precondition(Array.isArray(body), `GET /containers/json?all=1 answered ${res.status} without a list`);
  return (body as Array<{ Id?: unknown }>).map((c) => String(c.Id));
}

/** Records a breach of `requirement` unless `value` is an integer of at least `least`. */
function atLeast(ctx: EngineContext, what: string, value: unknown, least: number, requirement: string): void {
  ctx.verify(Number.isInteger(value) && (value as number) >= least, `${what} is an integer of at least ${least}, got ${JSON.stringify(value)}`, {
    expected: `>= ${least}`,
    actual: value,
    requirement,
  });
}

/**
 * (1.22) An Info count of containers in one state counts at least a container of the check's own
 * put in that state. Other checks change their containers meanwhile: only a lower bound holds on a
 * shared daemon.
 */
function ownStateCounted(
  state: string,
  field: string,
  done: string,
  make: (ctx: EngineContext) => Promise<unknown>,
  observe?: (ctx: EngineContext, info: Json) => void,
): EngineCheck {
  return engineCheck({
    id: `${COUNTS}/${state}`,
    title: `(1.22) GET /info ${field} counts at least the container this check ${done}`,
    requirements: [COUNTS],
    endpoint: 'engine/system/info',
    versions: ['1.22'],
    async run(ctx) {
      await make(ctx);
      const info = json<Json>(ctx, await ctx.api.get('/info'), 'GET /info', COUNTS);
      atLeast(ctx, `Info ${field}, with a container of this check ${state},`, info[field], 1, COUNTS);
      observe?.(ctx, info);
    },
  });
}

/**
 * Whether a container that never ran (created) is in one of the 1.22 state counts: the Container
 * Engine API spec names ContainersRunning, ContainersPaused and ContainersStopped without saying
 * which count a created container is in, so the difference to Containers is only noted.
 */
function observeUncounted(ctx: EngineContext, info: Json): void {
  const inStates = ['ContainersRunning', 'ContainersPaused', 'ContainersStopped'].map((f) => info[f]);
  if (![info.Containers, ...inStates].every(Number.isInteger)) return;
  const sum = (inStates as number[]).reduce((a, b) => a + b, 0);
  const apart = sum === info.Containers ? '' : ': some containers are in none of the state counts (which count a created container is in is not shown)';
  ctx.observe(
    `with a created (never started) container of this check, Info Containers is ${info.Containers} and ` +
      `ContainersRunning + ContainersPaused + ContainersStopped is ${sum}${apart}`,
  );
}

/** Spec: Resources and their fields > Info; Images (list item, inspect, history item). */
export default [
  engineCheck({
    id: COUNTS,
    title: 'GET /info counts at least the running container and the imported image, one CPU and some memory, and no count is negative',
    endpoint: 'engine/system/info',
    async run(ctx) {
      await sharedRunningContainer(ctx, [...LONG_SLEEP]);
      ctx.fixtureImage();
      const info = json<Json>(ctx, await ctx.api.get('/info'), 'GET /info', COUNTS);
      // NFd: the daemon holds at least the connection it answers on.
      const least: Record<string, number> = { Containers: 1, Images: 1, NCPU: 1, MemTotal: 1, NEventsListener: 0, NFd: 1, NGoroutines: 0 };
      if (ctx.version === '1.22') Object.assign(least, { ContainersRunning: 1, ContainersPaused: 0, ContainersStopped: 0 });
      for (const [field, n] of Object.entries(least)) atLeast(ctx, `Info ${field}`, info[field], n, COUNTS);
    },
  }),
  ownStateCounted('paused', 'ContainersPaused', 'keeps paused', (ctx) => pausedContainer(ctx, ['sleep', '300'])),
  ownStateCounted(
    'stopped',
    'ContainersStopped',
    'ran to its end',
    async (ctx) => {
      await exitedContainer(ctx);
      await ctx.createContainer({ cmd: ['true'] });
    },
    observeUncounted,
  ),
  engineCheck({
    id: `${COUNTS}/removed-not-counted`,
    title: 'GET /info Containers counts the containers the daemon has: after a removal, no more than its list with all=1 shows',
    requirements: [COUNTS],
    endpoint: 'engine/system/info',
    async run(ctx) {
      await removedContainer(ctx);
      let sample: CountSample = { Containers: undefined, listed: 0 };
      // Other checks create and remove containers meanwhile: a count taken between two lists is at
      // most the containers either list shows, unless one came and went in between; a few tries find a quiet moment.
      for (let tries = 0; tries < COUNT_TRIES && (tries === 0 || !withinListed(sample)); tries++) {
        const before = await listedIds(ctx);
        const info = json<Json>(ctx, await ctx.api.get('/info'), 'GET /info', COUNTS);
        sample = { Containers: info.Containers, listed: new Set([...before, ...(await listedIds(ctx))]).size };
      }
      const said = `Info Containers is ${JSON.stringify(sample.Containers)}, where GET /containers/json?all=1 showed ${sample.listed} containers around it`;
      ctx.verify(withinListed(sample), `${said} (${COUNT_TRIES} tries)`, { expected: `<= ${sample.listed}`, actual: sample.Containers, requirement: COUNTS });
    },
  }),
  engineCheck({
    id: SIZES,
    title: 'The image imported from a root filesystem has sizes above zero in the image list, inspect and (1.22) history',
    endpoint: 'engine/images/list',
    async run(ctx) {
      const ref = ctx.fixtureImage();
      const inspect = json<Json>(ctx, await ctx.api.get(`/images/${ref}/json`), 'the fixture image inspect', SIZES);
      const item = json<Json[]>(ctx, await ctx.api.get('/images/json'), 'the image list', SIZES).find((i) => i.Id === inspect.Id);
      ctx.expect(item !== undefined, `the image list holds the fixture image ${String(inspect.Id)}`, { requirement: SIZES });
      for (const field of ['Size', 'VirtualSize']) atLeast(ctx, `the image list item ${field}`, item?.[field], 1, SIZES);
      atLeast(ctx, 'the image inspect Size', inspect.Size, 1, SIZES);
      if (ctx.version !== '1.22') return;
      atLeast(ctx, 'the image inspect VirtualSize', inspect.VirtualSize, 1, SIZES);
      const history = json<Json[]>(ctx, await ctx.api.get(`/images/${ref}/history`), 'the fixture image history', SIZES);
      const total = history.reduce((sum, h) => sum + (Number.isInteger(h.Size) ? (h.Size as number) : 0), 0);
      ctx.verify(total > 0, `the history items' Size add up to the image's bytes (above zero), got ${JSON.stringify(history.map((h) => h.Size))}`, {
        expected: 'a sum above zero',
        actual: history.map((h) => h.Size),
        requirement: SIZES,
      });
    },
  }),
];
