import { engineCheck } from '../support/check.ts';
import {
  actionOf,
  attributesOf,
  EVENT_KINDS,
  emitted,
  eventsOf,
  hasKinds,
  kindOf,
  nowSeconds,
  readEvents,
  typeOf,
  type EngineEvent,
} from '../support/events.ts';
import { imageIdOf, ownImage, sameImage, sameRef, tagged } from '../support/images.ts';
import type { EngineContext } from '../support/context.ts';
import { execDetached, expectOk, networkScenario } from '../support/event-scenarios.ts';
import { createNetwork, createVolume } from '../support/resources.ts';

const V122 = ['1.22' as const];
const V118 = ['1.18' as const];
const STATUS_IS_KIND_118 = 'engine/events/status-is-kind-1.18';
const CONTAINER_KINDS_122: readonly string[] = EVENT_KINDS['1.22'].container;

function find(events: EngineEvent[], kind: string): EngineEvent | undefined {
  return events.find((e) => kindOf(e) === kind);
}

/** Each event's kind is the value of both status and Action, one of the kinds its source lists. */
function expectKindInBoth(ctx: EngineContext, events: EngineEvent[], kinds: readonly string[], source: string): void {
  for (const e of events) {
    ctx.expectEqual(e.Action, e.status, `the ${source} ${actionOf(e)} event has the same kind in status and Action`);
    ctx.expect(kinds.includes(actionOf(e)), `the ${source} event Action '${actionOf(e)}' is not one of the listed kinds`, {
      expected: kinds,
      actual: actionOf(e),
    });
  }
}

/**
 * (1.18) Each event's status is the kind itself, one of the kinds its source lists: nothing
 * appended (Docker 20.10 sends `exec_create: sh -c true` under /v1.18; the kinds checks read the
 * part before the colon, so only this one sees the whole value).
 */
function expectStatusIsKind(ctx: EngineContext, events: EngineEvent[], kinds: readonly string[], source: string): void {
  for (const e of events)
    ctx.expect(typeof e.status === 'string' && kinds.includes(e.status), `the ${source} event status '${String(e.status)}' is not one of the listed kinds`, {
      expected: kinds,
      actual: e.status,
    });
}

/**
 * A container event's Attributes name the container, its image and its label. The spec names the
 * `image` attribute without saying which form it holds: the reference the container was created
 * from (a registry or library prefix names the same image) or the image's ID, as the list item's Image.
 */
function expectNamed(ctx: EngineContext, e: EngineEvent, name: string, label: string, imageId: string): void {
  const attrs = attributesOf(e);
  const either = `${ctx.fixtureImage()} or ${imageId}`;
  const names = typeof attrs.image === 'string' && (sameRef(attrs.image, ctx.fixtureImage()) || sameImage(attrs.image, imageId));
  ctx.expectEqual(
    { name: attrs.name, image: names ? either : attrs.image, label: attrs['conformance.attr'] },
    { name, image: either, label },
    `the ${actionOf(e)} event Attributes name, image and label`,
  );
}

/** The events about a running container the check exec-ed: create, start, exec_create, exec_start. */
async function execedContainerEvents(ctx: EngineContext): Promise<EngineEvent[]> {
  const since = nowSeconds();
  const { id } = await ctx.runningContainer(['sleep', '300']);
  await execDetached(ctx, id);
  const events = await eventsOf(ctx, since, id, hasKinds('create', 'start', 'exec_create', 'exec_start'));
  emitted(ctx, events[0], 'an event about the container, created, started and exec-ed,');
  return events;
}

/** Spec: Events (the kind is the value of status and, 1.22, Action); Resources > Event object (1.22): Type, Action and the Attributes they carry. */
export default [
  engineCheck({
    id: 'engine/events/action-is-kind',
    title: '(1.22) The event kind is the value of status and of Action',
    versions: V122,
    async run(ctx) {
      expectKindInBoth(ctx, await execedContainerEvents(ctx), CONTAINER_KINDS_122, 'container');
    },
  }),
  engineCheck({
    id: STATUS_IS_KIND_118,
    title: '(1.18) The event kind is the value of status, nothing appended: a container created, started and exec-ed',
    versions: V118,
    async run(ctx) {
      expectStatusIsKind(ctx, await execedContainerEvents(ctx), EVENT_KINDS['1.18'].container, 'container');
    },
  }),
  engineCheck({
    id: `${STATUS_IS_KIND_118}/image`,
    title: '(1.18) An image event too has the kind as its status: an image untagged and deleted',
    requirements: [STATUS_IS_KIND_118],
    versions: V118,
    async run(ctx) {
      const since = nowSeconds();
      const own = await ownImage(ctx, 'status-kind');
      const removed = await ctx.api.delete(`/images/${own.ref}`);
      ctx.precondition(removed.status === 200, `removing ${own.ref} answered ${removed.status}`, 'engine/images/delete/200-untagged-deleted');
      // 1.18 events carry no Type: an image event is told by its id, the image's.
      const ours = (e: EngineEvent): boolean => typeof e.id === 'string' && sameImage(e.id, own.id);
      const read = await readEvents(ctx, { since }, { enough: (all) => hasKinds('untag', 'delete')(all.filter(ours)) });
      const events = read.events.filter(ours);
      emitted(ctx, events[0], `an image event about ${own.ref}, untagged and deleted,`);
      expectStatusIsKind(ctx, events, EVENT_KINDS['1.18'].image, 'image');
    },
  }),
  engineCheck({
    id: 'engine/events/action-is-kind/image',
    title: '(1.22) An image event too has its kind in status and in Action: an image tagged and untagged',
    requirements: ['engine/events/action-is-kind'],
    versions: V122,
    async run(ctx) {
      // The rule is every event's: the image events are a source whose status a target may fill otherwise (the image, a past tense).
      const since = nowSeconds();
      const fixtureId = await imageIdOf(ctx, ctx.fixtureImage());
      const ref = await tagged(ctx, ctx.fixtureImage(), ctx.uniqueName('action-kind'), 'ak');
      const untag = await ctx.api.delete(`/images/${ref}`);
      ctx.precondition(untag.status === 200, `untagging ${ref} answered ${untag.status}`, 'engine/images/delete/200-untagged-deleted');
      const ours = (e: EngineEvent): boolean =>
        typeOf(e) === 'image' &&
        ([e.id, (e.Actor as { ID?: unknown } | undefined)?.ID].some((s) => typeof s === 'string' && sameImage(s, fixtureId)) ||
          sameRef(String(attributesOf(e).name ?? ''), ref));
      const read = await readEvents(ctx, { since }, { enough: (all) => hasKinds('tag', 'untag')(all.filter(ours)) });
      const events = read.events.filter(ours);
      emitted(ctx, events[0], `an image event about ${ref}, tagged and untagged,`);
      expectKindInBoth(ctx, events, EVENT_KINDS['1.22'].image, 'image');
    },
  }),
  engineCheck({
    id: 'engine/events/type-values',
    title: '(1.22) Type is container, image, volume or network: each of the four sources shows its own value',
    versions: V122,
    async run(ctx) {
      const since = nowSeconds();
      const { id } = await ctx.createContainer({ cmd: ['true'] });
      const volume = await createVolume(ctx);
      const network = await createNetwork(ctx);
      const expected: Array<[string, string]> = [
        [id, 'container'],
        [volume.Name, 'volume'],
        [network.id, 'network'],
      ];
      // Each source is judged on its own: one whose event does not arrive leaves the others judged.
      for (const [subject, type] of expected) {
        const events = await eventsOf(ctx, since, subject, hasKinds('create'));
        if (events.length === 0)
          ctx.cannotVerify(`no event about the ${type} arrived (which operation emits which event is not shown): the ${type} Type is unverified`);
        for (const e of events) ctx.expectEqual(typeOf(e), type, `an event about a ${type} has Type ${type}`);
      }
      // The fourth source: an image tagged by the check. Its tag event is told by kind and name, not by Type.
      const ref = await tagged(ctx, ctx.fixtureImage(), ctx.uniqueName('event-type'), 'ev');
      const isTag = (e: EngineEvent): boolean => kindOf(e) === 'tag' && sameRef(String(attributesOf(e).name ?? ''), ref);
      const tag = (await readEvents(ctx, { since }, { enough: (all) => all.some(isTag) })).events.find(isTag);
      if (tag === undefined)
        ctx.cannotVerify(`no tag event named ${ref} arrived (which operation emits which event is not shown): the image Type is unverified`);
      else ctx.expectEqual(typeOf(tag), 'image', `the tag event of ${ref} has Type image`);
    },
  }),
  engineCheck({
    id: 'engine/events/attributes-name-image-labels',
    title: '(1.22) Container event Attributes include name, image and the container labels: each event of a run (create, start, die, destroy)',
    versions: V122,
    async run(ctx) {
      const since = nowSeconds();
      const labels = { 'conformance.attr': ctx.uniqueName('label') };
      const imageId = await imageIdOf(ctx, ctx.fixtureImage());
      const { id, name } = await ctx.createContainer({ cmd: ['true'], labels });
      await ctx.start(id);
      await ctx.waitExit(id);
      expectOk(ctx, await ctx.api.delete(`/containers/${id}`, { force: true }), 'removing the container');
      const events = (await eventsOf(ctx, since, id, hasKinds('create', 'start', 'die', 'destroy'))).filter((e) => typeOf(e) === 'container');
      emitted(ctx, find(events, 'create'), 'the create event');
      // The sentence states the Attributes of container events, not of the create event alone: every one of the run is judged.
      for (const e of events) expectNamed(ctx, e, name, labels['conformance.attr'], imageId);
    },
  }),
  engineCheck({
    id: 'engine/events/attributes-die-exit-code',
    title: '(1.22) The die event Attributes include exitCode, of a non-zero exit and of exit 0',
    versions: V122,
    async run(ctx) {
      const since = nowSeconds();
      // Exit 0 is the zero state: an exitCode left out when it is 0 shows only there.
      const [failed, succeeded] = await Promise.all([ctx.runningContainer(['sh', '-c', 'exit 3']), ctx.runningContainer(['true'])]);
      const [failedDie, succeededDie] = await Promise.all(
        [failed.id, succeeded.id].map(async (id) => find(await eventsOf(ctx, since, id, hasKinds('die')), 'die')),
      );
      const die = emitted(ctx, failedDie, 'the die event of the container that exited 3');
      ctx.expectEqual(attributesOf(die).exitCode, '3', 'the die event of a container that exited 3 has exitCode 3');
      const dieZero = emitted(ctx, succeededDie, 'the die event of the container that exited 0');
      ctx.expectEqual(attributesOf(dieZero).exitCode, '0', 'the die event of a container that exited 0 has exitCode 0');
    },
  }),
  engineCheck({
    id: 'engine/events/attributes-resize-height-width',
    title: '(1.22) The resize event Attributes include height and width',
    versions: V122,
    async run(ctx) {
      const since = nowSeconds();
      const { id } = await ctx.runningContainer(['sleep', '300'], { tty: true });
      const res = await ctx.api.post(`/containers/${id}/resize`, { query: { h: 31, w: 101 } });
      ctx.precondition(res.status === 200, `resizing a tty container answered ${res.status}`, 'engine/containers/resize/200-empty-text-plain');
      const resize = emitted(ctx, find(await eventsOf(ctx, since, id, hasKinds('resize')), 'resize'), 'the resize event');
      const attrs = attributesOf(resize);
      ctx.expectEqual([attrs.height, attrs.width], ['31', '101'], 'the resize event Attributes height and width');
    },
  }),
  engineCheck({
    id: 'engine/events/network-attributes',
    title: '(1.22) Network event Attributes include container, name and type (a value the spec does not give: any non-empty string)',
    versions: V122,
    async run(ctx) {
      const { name, container, events } = await networkScenario(ctx);
      const connect = emitted(ctx, find(events, 'connect'), 'the connect event');
      const attrs = attributesOf(connect);
      // The spec names `type` and gives it no value (Attributes {S:S}): its driver, custom or builtin, ... are all readings of it.
      const type = typeof attrs.type === 'string' && attrs.type !== '' ? 'a non-empty string' : attrs.type;
      ctx.expectEqual(
        { container: attrs.container, name: attrs.name, type },
        { container, name, type: 'a non-empty string' },
        'the connect event Attributes container, name and type',
      );
      ctx.observe(`the connect event of a network created without a Driver carries type ${JSON.stringify(attrs.type)}`);
    },
  }),
];
