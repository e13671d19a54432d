import { engineCheck } from '../support/check.ts';
import { about, emitted, eventsOf, hasKinds, kindOf, kindsOf, nowSeconds, readEvents, untilSoon, type EngineEvent } from '../support/events.ts';
import { imageScenario, networkScenario, volumeScenario } from '../support/event-scenarios.ts';
import type { EngineContext } from '../support/context.ts';
import { readJsonStream } from '../support/json-stream-read.ts';
import { sessionEndMs } from '../support/streams.ts';
import { expect118Shapes, expect122Shape, SHAPE_118, SHAPE_122 } from '../support/event-shape.ts';

const ENDPOINT = 'engine/system/events';

/**
 * The events about a container created, started and run to its end. Which operations emit events
 * is not shown, so no particular kind is required; but a shape check that saw no event at all
 * has nothing to judge and is not applicable, never passed.
 */
async function lifecycleEvents(ctx: EngineContext, requirement: string): Promise<{ id: string; since: number; events: EngineEvent[] }> {
  const since = nowSeconds();
  const { id, name } = await ctx.runningContainer(['true']);
  await ctx.waitExit(id);
  const events = await eventsOf(ctx, since, id, hasKinds('create', 'start', 'die'));
  if (!events.length) await expectNoneNamedOtherwise(ctx, since, { id, name }, requirement);
  return { id, since, events };
}

/**
 * No event carried the container's id: events that name it otherwise (by its name, or by an id cut
 * short) break the event's `id`; with none at all there is no event shape to judge.
 */
async function expectNoneNamedOtherwise(ctx: EngineContext, since: number, container: { id: string; name: string }, requirement: string): Promise<never> {
  const namesIt = (ref: unknown): boolean => typeof ref === 'string' && (ref === container.name || (ref.length >= 12 && container.id.startsWith(ref)));
  const { events } = await readEvents(ctx, { since, until: untilSoon() });
  const otherwise = events.filter((e) => namesIt(e.id) || namesIt((e.Actor as { ID?: unknown } | undefined)?.ID));
  if (otherwise.length)
    return ctx.fail(`the events about container ${container.id} do not carry its id as id`, {
      expected: container.id,
      actual: otherwise.slice(0, 3).map((e) => ({ status: e.status ?? e.Action, id: e.id })),
      requirement,
    });
  return ctx.notApplicable('the target sent no event about a container it created, started and ran to its end: no event shape to judge');
}

/**
 * A 1.22 container event: the 1.22 object (expect122Shape), and, unlike a network event, it
 * carries status, id (the container's) and from.
 */
function expect122ContainerEvent(ctx: EngineContext, e: EngineEvent, id: string, since: number): void {
  const what = `the 1.22 ${String(e.Action)} event`;
  expect122Shape(ctx, e, since, what);
  // Actor {ID S, ...}: the actor of a container's event is that container.
  const actor = (e.Actor as { ID?: unknown } | undefined)?.ID;
  const legacy = { status: typeof e.status, id: e.id, from: typeof e.from === 'string' && e.from !== '', actor };
  ctx.expectEqual(
    legacy,
    { status: 'string', id, from: true, actor: id },
    `${what} carries status, the container's id (as id and as Actor.ID) and from (only network events leave them out)`,
    SHAPE_122,
  );
}

/**
 * The image, volume and network events of one lifecycle each, every one a 1.22 event object: the
 * sentence leaves status, id and from out of network events only, so an image or volume event
 * carries them, with Type, Action, Actor, time and timeNano. A source that sent no event is noted
 * (which operation emits which event is not shown); none at all leaves the shape unjudged.
 */
async function otherSourceShapes(ctx: EngineContext): Promise<void> {
  const since = nowSeconds();
  const sources: Array<[string, () => Promise<{ events: EngineEvent[] }>]> = [
    ['image', () => imageScenario(ctx)],
    ['volume', () => volumeScenario(ctx)],
    ['network', () => networkScenario(ctx)],
  ];
  let judged = 0;
  for (const [source, scenario] of sources) {
    const { events } = await scenario();
    if (!events.length) ctx.observe(`the ${source} lifecycle produced no ${source} event (which operation emits which event is not shown)`);
    for (const e of events) expect122Shape(ctx, e, since, `the 1.22 ${source} ${String(e.Action)} event`);
    judged += events.length;
  }
  if (!judged) ctx.unverified('no image, volume or network event arrived (which operation emits which event is not shown): no event shape to judge');
}

/**
 * The open stream never brought the start event of a container started while it was read: a
 * target that sends it to a fresh read did not continue the stream with it (a breach); one that
 * never emits it leaves the live part unverified (which operation emits which event is not shown).
 */
async function expectStartEmitted(ctx: EngineContext, since: number, id: string): Promise<void> {
  const again = await eventsOf(ctx, since, id, hasKinds('start'));
  if (!hasKinds('start')(again))
    ctx.cannotVerify('the target sent no start event for a container it started, even to a later read: the live part of the stream is unverified');
  else
    ctx.fail('the start event of a container started while the since= stream was open came to a later read, never to that stream', { actual: kindsOf(again) });
}

/**
 * The kinds of the events a stream read live (no since, no until) sends about a container created
 * once the stream was asked for (or a second later, if its headers wait for an event).
 */
async function liveKinds(ctx: EngineContext): Promise<string[]> {
  const opened = ctx.api.stream('GET', '/events', {});
  await Promise.race([opened, new Promise((r) => setTimeout(r, 1000))]);
  const { id } = await ctx.createContainer({ cmd: ['true'] });
  const res = await opened;
  if (res.status !== 200) {
    res.close();
    return [];
  }
  const read = await readJsonStream<EngineEvent>(res, { deadlineMs: 5000, enough: (all) => about(all, id).length > 0 });
  return kindsOf(about(read.values, id));
}

/**
 * A query form's read brought no event about the container created for it: a target that sends a
 * live stream events about a container it creates lost them to the form (a breach); one that
 * sends none leaves the form unverified (the one event policy: which operation emits which event is not shown).
 */
async function expectFormLost(ctx: EngineContext, form: string, requirement: string): Promise<never> {
  const live = await liveKinds(ctx);
  if (!live.length) return ctx.unverified(`no event about a container created arrived, with ${form} or live (which operation emits which event is not shown)`);
  return ctx.fail(`with ${form}, the target sent none of the events of the container created, though a live stream sends such events (${live.join(', ')})`, {
    expected: `the container's events (live: ${live.join(', ')})`,
    actual: [],
    requirement,
  });
}

/** Spec: Endpoints > System > 46. GET /events; Resources > Event object. */
export default [
  engineCheck({
    id: 'engine/system/events/200-event-stream',
    title: 'GET /events answers 200 with a stream of event objects valid for the version',
    endpoint: ENDPOINT,
    async run(ctx) {
      const since = nowSeconds();
      const { id } = await ctx.runningContainer(['sleep', '300']);
      // Every event since \`since\` comes first (the other checks' too): a slow target may take the session's time to reach these.
      const read = await readEvents(ctx, { since }, { enough: (all) => hasKinds('create', 'start')(about(all, id)), deadlineMs: sessionEndMs(ctx) });
      ctx.expect(read.problems.length === 0, `the event stream is not a sequence of JSON objects: ${read.problems.join('; ')}`);
      // Which operation emits which event is not shown (the one event policy, support/events.ts).
      if (!hasKinds('create', 'start')(about(read.events, id)))
        ctx.unverified(`the create and start events of the container just started never arrived: got ${JSON.stringify(kindsOf(about(read.events, id)))}`);
      for (const e of about(read.events, id)) ctx.expectVersionSchema('event', e, `the ${String(e.status ?? e.Action)} event`);
    },
  }),
  engineCheck({
    id: SHAPE_118,
    title: '1.18 events are {status, id, from, time (Unix seconds)}: a container run to its end (image events: image-kinds-1.18)',
    endpoint: ENDPOINT,
    versions: ['1.18'],
    async run(ctx) {
      const { since, events } = await lifecycleEvents(ctx, SHAPE_118);
      expect118Shapes(ctx, events, since, 'container');
    },
  }),
  engineCheck({
    id: SHAPE_122,
    title: '1.22 events are {status, id, from, Type, Action, Actor {ID, Attributes}, time, timeNano}: a container event carries them all, time in Unix seconds',
    requirements: [SHAPE_122, 'engine/resources/timestamps'],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id, since, events } = await lifecycleEvents(ctx, SHAPE_122);
      for (const e of events) expect122ContainerEvent(ctx, e, id, since);
    },
  }),
  engineCheck({
    id: `${SHAPE_122}/image-volume-network`,
    title:
      '1.22 image and volume events are {status, id, from, Type, Action, Actor {ID, Attributes}, time, timeNano}; ' +
      'network events the same without status, id and from',
    requirements: [SHAPE_122, 'engine/resources/timestamps'],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      await otherSourceShapes(ctx);
    },
  }),
  engineCheck({
    id: 'engine/events/network-no-status-id-from',
    title: '(1.22) Network events carry no status, id or from',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { events } = await networkScenario(ctx);
      const legacy = events.filter((e) => ['status', 'id', 'from'].some((k) => k in e));
      emitted(ctx, events[0], 'an event about the network');
      ctx.expect(legacy.length === 0, `${legacy.length} network event(s) carry status, id or from`, {
        expected: 'no status, id or from on network events',
        actual: legacy.slice(0, 3),
      });
    },
  }),
  engineCheck({
    id: 'engine/system/events/query-since',
    title: 'since= sends the events since then (past ones first), then continues the stream with the events that follow',
    endpoint: ENDPOINT,
    async run(ctx) {
      const since = nowSeconds();
      const first = await ctx.createContainer({ cmd: ['true'] });
      // Once the past create event is read, the container is started: its start event can only come live.
      let started: Promise<unknown> | undefined;
      const startOnce = (all: EngineEvent[]): void => {
        if (!started && about(all, first.id).length > 0) started = ctx.api.post(`/containers/${first.id}/start`);
      };
      const liveStart = (all: EngineEvent[]): boolean => about(all, first.id).some((e) => kindOf(e) === 'start');
      const read = await readEvents(
        ctx,
        { since },
        {
          enough: (all) => {
            startOnce(all);
            return liveStart(all);
          },
          deadlineMs: 5000,
        },
      );
      await started;
      if (!about(read.events, first.id).length) await expectFormLost(ctx, `since=${since}`, 'engine/system/events/query-since');
      const timeOf = (e: EngineEvent): number => Number(e.time);
      const early = read.events.filter((e) => timeOf(e) < since);
      ctx.expect(early.length === 0, `events older than since=${since} were sent`, { expected: `time >= ${since}`, actual: early.slice(0, 3) });
      ctx.expect(!read.endedByTarget, 'with since= and no until=, the target ended the stream after the past events instead of continuing it', {
        expected: 'the stream stays open',
        actual: kindsOf(about(read.events, first.id)),
      });
      if (started && !read.endedByTarget && !liveStart(read.events)) await expectStartEmitted(ctx, since, first.id);
    },
  }),
  engineCheck({
    id: 'engine/system/events/query-until',
    title: 'until= ends the stream after that time, with no event after it',
    endpoint: ENDPOINT,
    async run(ctx) {
      const since = nowSeconds();
      const { id } = await ctx.createContainer({ cmd: ['true'] });
      const until = untilSoon();
      const read = await readEvents(ctx, { since, until }, { deadlineMs: 6000 });
      ctx.expect(read.endedByTarget, `with until=${until}, the target must end the stream after that time; it was still open ${6} s later`);
      if (!about(read.events, id).length) await expectFormLost(ctx, `since=${since}&until=${until}`, 'engine/system/events/query-until');
      const late = read.events.filter((e) => Number(e.time) > until);
      ctx.expect(late.length === 0, `events after until=${until} were sent`, { expected: `time <= ${until}`, actual: late.slice(0, 3) });
      // The window is past now: read again, it is sent at once and ends; its last event must not be lost.
      const filters = { container: [id] };
      const [live, again] = [
        kindsOf(about(read.events, id)),
        kindsOf(about((await readEvents(ctx, { since, until, filters }, { deadlineMs: 6000 })).events, id)),
      ];
      ctx.expect(again.length >= live.length, `read again once until=${until} had passed, the window sent fewer of the container's events than live`, {
        expected: live,
        actual: again,
      });
    },
  }),
];
