import { engineCheck } from '../support/check.ts';
import { about, emitted, eventsOf, hasKinds, kindsOf, nowSeconds, readEvents, untilSoon, type EngineEvent } from '../support/events.ts';
import { networkScenario } from '../support/event-scenarios.ts';
import type { EngineContext } from '../support/context.ts';

const ENDPOINT = 'engine/system/events';

/**
 * The events about a container created, started and run to its end. Which operations emit events
 * is not shown, so no particular kind is required; but a shape check that saw no event at all
 * has nothing to judge and is not applicable, never passed.
 */
async function lifecycleEvents(ctx: EngineContext): Promise<EngineEvent[]> {
  const since = nowSeconds();
  const { id } = await ctx.runningContainer(['true']);
  await ctx.waitExit(id);
  const events = await eventsOf(ctx, since, id, hasKinds('create', 'start', 'die'));
  if (!events.length) ctx.notApplicable('the target sent no event about a container it created, started and ran to its end: no event shape to judge');
  return events;
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
      const read = await readEvents(ctx, { since }, { enough: (all) => hasKinds('create', 'start')(about(all, id)) });
      ctx.expect(read.problems.length === 0, `the event stream is not a sequence of JSON objects: ${read.problems.join('; ')}`);
      ctx.expect(hasKinds('create', 'start')(about(read.events, id)), 'the stream must carry the create and start events of the container just started', {
        actual: read.events.slice(0, 5),
      });
      for (const e of about(read.events, id)) ctx.expectVersionSchema('event', e, `the ${String(e.status ?? e.Action)} event`);
    },
  }),
  engineCheck({
    id: 'engine/events/1.18-shape',
    title: '1.18 events are {status, id, from, time (Unix seconds)}',
    endpoint: ENDPOINT,
    versions: ['1.18'],
    async run(ctx) {
      for (const e of await lifecycleEvents(ctx)) ctx.expectVersionSchema('event', e, `the 1.18 ${String(e.status)} event`);
    },
  }),
  engineCheck({
    id: 'engine/events/1.22-shape',
    title: '1.22 events are {status, id, from, Type, Action, Actor {ID, Attributes}, time, timeNano}',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      for (const e of await lifecycleEvents(ctx)) ctx.expectVersionSchema('event', e, `the 1.22 ${String(e.Action)} event`);
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
    title: 'since= sends the events since then (past ones first), then continues the stream',
    endpoint: ENDPOINT,
    async run(ctx) {
      const since = nowSeconds();
      const first = await ctx.createContainer({ cmd: ['true'] });
      const past = await readEvents(ctx, { since }, { enough: (all) => about(all, first.id).length > 0, deadlineMs: 3000 });
      ctx.expect(about(past.events, first.id).length > 0, 'a read with since= before the container was created must send its (past) create event', {
        actual: past.events.slice(0, 5),
      });
      const timeOf = (e: EngineEvent): number => Number(e.time);
      const early = past.events.filter((e) => timeOf(e) < since);
      ctx.expect(early.length === 0, `events older than since=${since} were sent`, { expected: `time >= ${since}`, actual: early.slice(0, 3) });
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
      ctx.expect(about(read.events, id).length > 0, 'the events before until= must be sent', { actual: read.events.slice(0, 5) });
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
