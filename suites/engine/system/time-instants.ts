/**
 * Spec: Resources and their fields: "Timestamps are either integer Unix seconds (where stated) or
 * ISO 8601 strings with fractional seconds"; Created I (Unix seconds) of container and image list
 * items, Created I of image history items, stats `read` S (timestamp). A timestamp states its
 * instant: for what this run made (a container, the fixture image it imported, a stats reading
 * taken now) that instant lies within the run, so the zero time, or seconds written as
 * milliseconds, are caught by the run's clock, not only by the value's type.
 */
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { LONG_SLEEP, sharedExitedContainer, sharedRunningContainer } from '../support/lifecycle.ts';
import { readStats } from '../support/stats.ts';

const RULE = 'engine/resources/timestamps';
const ISO_FRACTIONAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+(Z|[+-]\d\d:\d\d)$/;
/** How far before the check the run may have made the object: a whole run against a slow target, with room. */
const PAST_S = 6 * 3600;
/** How far the target's clock may run ahead of the suite's (a daemon on another host). */
const AHEAD_S = 300;

/** The window of Unix seconds in which something this run made was made. */
function window(): { from: number; to: number } {
  const now = Math.floor(Date.now() / 1000);
  return { from: now - PAST_S, to: now + AHEAD_S };
}

const shown = (seconds: number): string => new Date(seconds * 1000).toISOString();

/** An integer Unix-seconds time of something this run made: within the run, in seconds. */
function expectSecondsOfRun(ctx: EngineContext, what: string, value: unknown): void {
  const { from, to } = window();
  const ok = Number.isInteger(value) && (value as number) >= from && (value as number) <= to;
  ctx.expect(ok, `${what} is the Unix seconds of an instant of this run (${shown(from)} to ${shown(to)}), got ${JSON.stringify(value)}`, {
    expected: `an integer from ${from} to ${to}`,
    actual: value,
    requirement: RULE,
  });
}

/** An ISO 8601 time with fractional seconds of an instant of this run. */
function expectIsoOfRun(ctx: EngineContext, what: string, value: unknown): void {
  const { from, to } = window();
  const seconds = typeof value === 'string' && ISO_FRACTIONAL.test(value) ? Date.parse(value) / 1000 : Number.NaN;
  ctx.expect(seconds >= from && seconds <= to, `${what} is an ISO 8601 time with fractional seconds within this run, got ${JSON.stringify(value)}`, {
    expected: `${shown(from)} to ${shown(to)}, with a fraction`,
    actual: value,
    requirement: RULE,
  });
}

/**
 * The Unix seconds a list shows and the ISO time an inspect shows of one object are one instant
 * (the list's the whole seconds of the inspect's): a list writing the time it was asked, or another
 * object's, stays within the run and only this shows it.
 */
function expectSameInstant(ctx: EngineContext, what: string, seconds: unknown, iso: unknown): void {
  const inspected = typeof iso === 'string' && ISO_FRACTIONAL.test(iso) ? Math.floor(Date.parse(iso) / 1000) : Number.NaN;
  ctx.expect(seconds === inspected, `${what}: the list's Created ${JSON.stringify(seconds)} is not the whole seconds of the inspect's ${JSON.stringify(iso)}`, {
    expected: inspected,
    actual: seconds,
    requirement: RULE,
  });
}

function json<T>(ctx: EngineContext, res: HttpResponse, what: string): T {
  ctx.expectStatus(res, 200, what, RULE);
  return ctx.expectJson<T>(res, what, RULE);
}

/** The fixture image this run imported: its list item, inspect and history times. */
async function imageTimes(ctx: EngineContext): Promise<void> {
  const ref = ctx.fixtureImage();
  const inspect = json<{ Id?: string; Created?: unknown }>(ctx, await ctx.api.get(`/images/${ref}/json`), 'the fixture image inspect');
  expectIsoOfRun(ctx, 'the imported fixture image inspect Created', inspect.Created);
  const list = json<Array<{ Id?: string; Created?: unknown }>>(ctx, await ctx.api.get('/images/json'), 'the image list');
  const item = list.find((i) => i.Id === inspect.Id);
  ctx.expect(item !== undefined, `the image list holds the fixture image ${inspect.Id}`, { requirement: RULE });
  expectSecondsOfRun(ctx, 'the imported fixture image list item Created', item?.Created);
  expectSameInstant(ctx, 'the fixture image', item?.Created, inspect.Created);
  const history = json<Array<{ Created?: unknown }>>(ctx, await ctx.api.get(`/images/${ref}/history`), 'the fixture image history');
  ctx.expect(history.length > 0, 'the fixture image history lists its layer', { requirement: RULE });
  for (const [i, h] of history.entries()) expectSecondsOfRun(ctx, `the imported fixture image history item ${i} Created`, h.Created);
}

/**
 * Info SystemTime S is a timestamp, so an ISO 8601 string with fractional seconds (the Notation
 * line). The spec says nothing of which clock it reads, so the instant is not compared with the run's.
 */
async function expectSystemTime(ctx: EngineContext): Promise<void> {
  const res = await ctx.api.get('/info');
  ctx.precondition(res.status === 200, `GET /info answered ${res.status}`, 'engine/system/info/200-response-schema');
  const time = ctx.expectJson<{ SystemTime?: unknown }>(res, 'info', 'engine/system/info/200-response-schema').SystemTime;
  const iso = typeof time === 'string' && ISO_FRACTIONAL.test(time) && !Number.isNaN(Date.parse(time));
  ctx.expect(iso, `the Info SystemTime is an ISO 8601 time with fractional seconds, got ${JSON.stringify(time)}`, {
    expected: 'YYYY-MM-DDThh:mm:ss.fraction with Z or an offset',
    actual: time,
    requirement: RULE,
  });
}

/** Spec: Resources and their fields (timestamps); Container list item, Image list and history items, Stats object. */
export default [
  engineCheck({
    id: `${RULE}/instants`,
    title: 'The times of what the run made (container Created, StartedAt and FinishedAt, image Created, stats read) fall within the run',
    requirements: [RULE],
    async run(ctx) {
      const running = await sharedRunningContainer(ctx, [...LONG_SLEEP]);
      const list = json<Array<{ Id: string; Created?: unknown }>>(ctx, await ctx.api.get('/containers/json', { all: true }), 'container list');
      const listed = list.find((c) => c.Id === running.id)?.Created;
      expectSecondsOfRun(ctx, 'the container list item Created', listed);
      const inspect = await ctx.inspect(running.id);
      expectIsoOfRun(ctx, 'the container inspect Created', inspect.Created);
      expectSameInstant(ctx, 'the running container', listed, inspect.Created);
      expectIsoOfRun(ctx, 'the running container State.StartedAt', (inspect.State as { StartedAt?: unknown }).StartedAt);
      const exited = await sharedExitedContainer(ctx);
      expectIsoOfRun(ctx, 'the exited container State.FinishedAt', ((await ctx.inspect(exited.id)).State as { FinishedAt?: unknown }).FinishedAt);
      const stats = await readStats(ctx, running.id, {}, { readings: 1 });
      ctx.expectEqual(stats.status, 200, 'GET /stats of a running container answers 200', RULE);
      ctx.expect(stats.readings.length > 0, 'the stats stream sends a reading', { requirement: RULE });
      for (const reading of stats.readings) expectIsoOfRun(ctx, 'the stats reading read', reading.read);
      await imageTimes(ctx);
    },
  }),
  engineCheck({
    id: `${RULE}/system-time`,
    title: 'The Info SystemTime is an ISO 8601 string with fractional seconds',
    requirements: [RULE],
    endpoint: 'engine/system/info',
    async run(ctx) {
      await expectSystemTime(ctx);
    },
  }),
];
