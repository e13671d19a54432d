import { isDeepStrictEqual } from 'node:util';
import { engineCheck, type EngineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { attributesOf, isAbout, kindOf, nowSeconds, readEvents, typeOf, type EngineEvent } from '../support/events.ts';
import { committedImage, imageIdOf, sameImage, sameRef, tagged } from '../support/images.ts';
import { createNetwork, createVolume } from '../support/resources.ts';
import { fittingReadings, READING_WORDS, valuesAdmit, type ValuesReading } from '../support/filter-values.ts';

/**
 * A filter check: `setup` first does work the filter must leave out, then the work it must let
 * through, ending with a `sentinel` event. Past events arrive in order, so once the sentinel is
 * read, anything the filter failed to drop has been read too. Every event read must pass `admits`.
 */
interface FilterCase {
  key: string;
  /** A second case of the same filter: its check id is `filter-<key>/<variant>`. */
  variant?: string;
  versions?: Array<'1.18' | '1.22'>;
  title: string;
  setup(ctx: EngineContext): Promise<FilterSetup>;
}

/** What a filter case sets up: the filters sent, the event that ends the read, which events may pass, the ids that must not. */
interface FilterSetup {
  filters: Record<string, string[]>;
  sentinel: (e: EngineEvent) => boolean;
  admits: (e: EngineEvent) => boolean;
  excluded: string[];
}

function filterCheck(c: FilterCase): EngineCheck {
  const requirement = `engine/system/events/filter-${c.key}`;
  return engineCheck({
    id: c.variant ? `${requirement}/${c.variant}` : requirement,
    ...(c.variant ? { requirements: [requirement] } : {}),
    title: c.title,
    endpoint: 'engine/system/events',
    ...(c.versions ? { versions: c.versions } : {}),
    async run(ctx) {
      const since = nowSeconds();
      const { filters, sentinel, admits, excluded } = await c.setup(ctx);
      const read = await readEvents(ctx, { since, filters }, { enough: (all) => all.some(sentinel) });
      if (!read.events.some(sentinel)) await skipUnlessEmitted(ctx, since, sentinel, filters);
      ctx.expect(read.events.some(sentinel), `with filters ${JSON.stringify(filters)}, the event the filter selects never arrived`, {
        expected: 'the selected event',
        actual: read.events.slice(0, 5),
      });
      const strays = read.events.filter((e) => !admits(e) || excluded.some((x) => isAbout(e, x)));
      ctx.expect(strays.length === 0, `with filters ${JSON.stringify(filters)}, ${strays.length} event(s) the filter excludes were sent`, {
        expected: 'only events the filter selects',
        actual: strays.slice(0, 5),
      });
    },
  });
}

/**
 * When the filtered read lacks the selected event, reads without the filter: a target that never
 * emits that event (which operation emits which event is not shown) gives the filter nothing to
 * select, and the check cannot be made.
 */
async function skipUnlessEmitted(ctx: EngineContext, since: number, sentinel: (e: EngineEvent) => boolean, filters: Record<string, string[]>): Promise<void> {
  const unfiltered = await readEvents(ctx, { since }, { enough: (all) => all.some(sentinel), deadlineMs: 3000 });
  if (!unfiltered.events.some(sentinel))
    ctx.skip(
      `the event the filter ${JSON.stringify(filters)} should select was not sent even without the filter ` +
        `(${unfiltered.events.length} other events read), so the filter cannot be tried`,
    );
}

/**
 * Several values under one key (a filter's value is a list). How the spec combines them is not
 * stated (support/filter-values.ts), but every value is a filter alike: whether the values are
 * alternatives (each one's events sent) or all required (none of these events sent, as no event is
 * of two kinds), the event each value selects arrives for all of them or for none, and nothing
 * outside them all arrives. A reader that keeps one of the values sends the events of that one only.
 */
interface ValuesCase {
  key: string;
  title: string;
  setup(ctx: EngineContext): Promise<{ values: string[]; selected: Array<(e: EngineEvent) => boolean>; admits: (e: EngineEvent) => boolean }>;
}

function severalValuesCheck(c: ValuesCase): EngineCheck {
  const id = `engine/system/events/filter-${c.key}`;
  return engineCheck({
    id: `${id}/several-values`,
    title: c.title,
    requirements: [id],
    endpoint: 'engine/system/events',
    async run(ctx) {
      const since = nowSeconds();
      const { values, selected, admits } = await c.setup(ctx);
      const filters = { [c.key]: values };
      const everyOne = (all: EngineEvent[]): boolean => selected.every((s) => all.some(s));
      const unfiltered = await readEvents(ctx, { since }, { enough: everyOne, deadlineMs: 3000 });
      if (!everyOne(unfiltered.events)) ctx.skip(`without a filter, the events ${JSON.stringify(values)} select were not all sent: the filter cannot be tried`);
      const read = await readEvents(ctx, { since, filters }, { enough: everyOne, deadlineMs: 3000 });
      const sent = values.filter((_, i) => read.events.some(selected[i]!));
      // The event each value selects, as sent without the filter: a reading sends it where the values admit it.
      const own = selected.map((s) => unfiltered.events.find(s)!);
      const sentUnder = (reading: ValuesReading): string[] =>
        values.filter((_, i) =>
          valuesAdmit(
            reading,
            selected.map((s) => s(own[i]!)),
          ),
        );
      const fitting = fittingReadings([c.key], (r) => isDeepStrictEqual(sentUnder(r[c.key]!), sent));
      ctx.expect(fitting.length > 0, `with filters ${JSON.stringify(filters)}, only the events of ${JSON.stringify(sent)} were sent`, {
        expected: `the selected events of every value (${values.join(', ')}), or of none`,
        actual: read.events.slice(0, 5),
      });
      ctx.observe(`the values of ${c.key} read ${fitting.map((r) => READING_WORDS[r[c.key]!]).join(' or ')}`);
      const strays = read.events.filter((e) => !admits(e));
      ctx.expect(strays.length === 0, `with filters ${JSON.stringify(filters)}, ${strays.length} event(s) no value selects were sent`, {
        expected: 'only events some value selects',
        actual: strays.slice(0, 5),
      });
    },
  });
}

const created =
  (id: string) =>
  (e: EngineEvent): boolean =>
    isAbout(e, id) && kindOf(e) === 'create';
const fromImage = (e: EngineEvent): string => String(attributesOf(e).image ?? e.from ?? '');
/** The references an event gives its subject by (see isAbout): id, 1.22 Actor.ID, the name attribute. */
const subjectsOf = (e: EngineEvent): string[] =>
  [e.id, (e.Actor as { ID?: unknown } | undefined)?.ID, attributesOf(e).name].filter((c): c is string => typeof c === 'string' && c !== '');

/** container= naming one of two created containers by its id or its name: only that container's events pass. */
async function containerFilter(ctx: EngineContext, form: 'id' | 'name'): Promise<FilterSetup> {
  const other = await ctx.createContainer({ cmd: ['true'] });
  const mine = await ctx.createContainer({ cmd: ['true'] });
  return { filters: { container: [mine[form]] }, sentinel: created(mine.id), admits: (e) => isAbout(e, mine.id), excluded: [other.id] };
}

/** Spec: Endpoints > System > 46. GET /events filters. */
export default [
  filterCheck({
    key: 'container',
    title: 'Filter container= sends only the events of that container',
    setup: (ctx) => containerFilter(ctx, 'id'),
  }),
  filterCheck({
    key: 'container',
    variant: 'by-name',
    title: 'Filter container= with a container name sends only the events of that container',
    // The filter's value is S, not an id: a name names the container as it does in every (id or name) path.
    setup: (ctx) => containerFilter(ctx, 'name'),
  }),
  filterCheck({
    key: 'event',
    title: 'Filter event= sends only events of that kind',
    async setup(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300']);
      return { filters: { event: ['start'] }, sentinel: (e) => isAbout(e, id) && kindOf(e) === 'start', admits: (e) => kindOf(e) === 'start', excluded: [] };
    },
  }),
  severalValuesCheck({
    key: 'event',
    title: 'Filter event= with two kinds treats both alike: the events of each kind, or of neither',
    async setup(ctx) {
      // Kinds every target tried filters by their own names (Podman 4.3 filters its `died` events by that name, not `die`).
      const { id } = await ctx.runningContainer(['true']);
      const ofKind = (kind: string) => (e: EngineEvent) => isAbout(e, id) && kindOf(e) === kind;
      return { values: ['create', 'start'], selected: [ofKind('create'), ofKind('start')], admits: (e) => ['create', 'start'].includes(kindOf(e)) };
    },
  }),
  severalValuesCheck({
    key: 'container',
    title: 'Filter container= with two containers treats both alike: the events of each, or of neither (and none of a third)',
    async setup(ctx) {
      await ctx.createContainer({ cmd: ['true'] });
      const [a, b] = [await ctx.createContainer({ cmd: ['true'] }), await ctx.createContainer({ cmd: ['true'] })];
      return { values: [a.id, b.id], selected: [created(a.id), created(b.id)], admits: (e) => isAbout(e, a.id) || isAbout(e, b.id) };
    },
  }),
  filterCheck({
    key: 'image',
    title: 'Filter image= sends only the events of that image (containers created from it)',
    async setup(ctx) {
      const fixture = ctx.fixtureImage();
      const byId = await ctx.createContainer({ cmd: ['true'], extra: { Image: await imageIdOf(ctx, fixture) } });
      const mine = await ctx.createContainer({ cmd: ['true'] });
      const admits = (e: EngineEvent): boolean => typeOf(e) === 'image' || sameRef(fromImage(e), fixture);
      return { filters: { image: [fixture] }, sentinel: created(mine.id), admits, excluded: [byId.id] };
    },
  }),
  filterCheck({
    key: 'image',
    variant: 'image-events',
    title: "Filter image= with an image's id also sends that image's own events (the untag of one of its names), not only those of its containers",
    async setup(ctx) {
      // An image of this check's own, so that the untag read is this one's (1.18 lists untag and delete as image events).
      const image = await committedImage(ctx, 'event-image');
      const extra = await tagged(ctx, image.ref, ctx.uniqueName('event-untag'), 'ev');
      const untagged = await ctx.api.delete(`/images/${extra}`);
      ctx.precondition(untagged.status === 200, `DELETE /images/${extra} answered ${untagged.status}`, 'engine/images/delete/200-untagged-deleted');
      const ofImage = (e: EngineEvent): boolean => subjectsOf(e).some((s) => sameImage(s, image.id));
      return {
        filters: { image: [image.id] },
        sentinel: (e) => kindOf(e) === 'untag' && ofImage(e),
        admits: (e) => ofImage(e) || sameImage(fromImage(e), image.id) || sameRef(fromImage(e), image.ref),
        excluded: [],
      };
    },
  }),
  filterCheck({
    key: 'label',
    versions: ['1.22'],
    title: '(1.22) Filter label=key=value sends only events of containers and images with that label (not those with the key and another value)',
    async setup(ctx) {
      const label = { 'conformance.filter': ctx.uniqueName('label') };
      const [[key, value]] = Object.entries(label) as [[string, string]];
      // The same key with another value: a filter that matches the key alone lets its events through.
      const other = await ctx.createContainer({ cmd: ['true'], labels: { [key]: `${value}-other` } });
      const mine = await ctx.createContainer({ cmd: ['true'], labels: label });
      return { filters: { label: [`${key}=${value}`] }, sentinel: created(mine.id), admits: (e) => attributesOf(e)[key] === value, excluded: [other.id] };
    },
  }),
  filterCheck({
    key: 'label',
    variant: 'image',
    versions: ['1.22'],
    title: '(1.22) Filter label= also sends the events of an image with that label (its tag), not those of an image without it',
    async setup(ctx) {
      const [key, value] = ['conformance.filter', ctx.uniqueName('image-label')];
      const image = await committedImage(ctx, 'event-label', [`LABEL ${key}=${value}`]);
      const other = await tagged(ctx, ctx.fixtureImage(), ctx.uniqueName('event-unlabelled'), 'ev');
      const mine = await tagged(ctx, image.ref, image.repo, 'ev');
      const ofImage = (e: EngineEvent): boolean => typeOf(e) === 'image' && (isAbout(e, image.id) || sameRef(String(attributesOf(e).name ?? ''), mine));
      return {
        filters: { label: [`${key}=${value}`] },
        // The tag made last (a commit may tag the image too): once it is read, the fixture's earlier tag has been read or dropped.
        sentinel: (e) => typeOf(e) === 'image' && kindOf(e) === 'tag' && sameRef(String(attributesOf(e).name ?? ''), mine),
        admits: (e) => attributesOf(e)[key] === value || ofImage(e),
        excluded: [other],
      };
    },
  }),
  filterCheck({
    key: 'type',
    versions: ['1.22'],
    title: '(1.22) Filter type= sends only events of that source type',
    async setup(ctx) {
      const other = await ctx.createContainer({ cmd: ['true'] });
      const { id } = await createNetwork(ctx);
      return {
        filters: { type: ['network'] },
        sentinel: (e) => isAbout(e, id) && kindOf(e) === 'create',
        admits: (e) => typeOf(e) === 'network',
        excluded: [other.id],
      };
    },
  }),
  filterCheck({
    key: 'type',
    variant: 'container',
    versions: ['1.22'],
    title: '(1.22) Filter type=container sends only container events (not those of a network created beside them)',
    async setup(ctx) {
      const network = await createNetwork(ctx);
      const mine = await ctx.createContainer({ cmd: ['true'] });
      return {
        filters: { type: ['container'] },
        sentinel: created(mine.id),
        admits: (e) => typeOf(e) === 'container',
        excluded: [network.id],
      };
    },
  }),
  filterCheck({
    key: 'type',
    variant: 'with-event',
    versions: ['1.22'],
    title: '(1.22) Filter type=container with event=create still sends only container events: a network create matches the other key only',
    async setup(ctx) {
      // Each key states "only" events it selects, so an event must match every key given.
      const network = await createNetwork(ctx);
      const mine = await ctx.createContainer({ cmd: ['true'] });
      return {
        filters: { type: ['container'], event: ['create'] },
        sentinel: created(mine.id),
        admits: (e) => typeOf(e) === 'container' && kindOf(e) === 'create',
        excluded: [network.id],
      };
    },
  }),
  filterCheck({
    key: 'type',
    variant: 'image',
    versions: ['1.22'],
    title: '(1.22) Filter type=image sends only image events (an image tag, not the create of a container beside it)',
    async setup(ctx) {
      const other = await ctx.createContainer({ cmd: ['true'] });
      const ref = await tagged(ctx, ctx.fixtureImage(), ctx.uniqueName('event-type'), 'ev');
      return {
        filters: { type: ['image'] },
        sentinel: (e) => typeOf(e) === 'image' && kindOf(e) === 'tag' && sameRef(String(attributesOf(e).name ?? ''), ref),
        admits: (e) => typeOf(e) === 'image',
        excluded: [other.id],
      };
    },
  }),
  filterCheck({
    key: 'type',
    variant: 'volume',
    versions: ['1.22'],
    title: '(1.22) Filter type=volume sends only volume events (not the create of a container beside them)',
    async setup(ctx) {
      const other = await ctx.createContainer({ cmd: ['true'] });
      const mine = await createVolume(ctx);
      return { filters: { type: ['volume'] }, sentinel: created(mine.Name), admits: (e) => typeOf(e) === 'volume', excluded: [other.id] };
    },
  }),
  filterCheck({
    key: 'volume',
    versions: ['1.22'],
    title: '(1.22) Filter volume= sends only the events of that volume',
    async setup(ctx) {
      const other = await createVolume(ctx);
      const mine = await createVolume(ctx);
      return {
        filters: { volume: [mine.Name] },
        sentinel: created(mine.Name),
        admits: (e) => typeOf(e) === 'volume' && isAbout(e, mine.Name),
        excluded: [other.Name],
      };
    },
  }),
  filterCheck({
    key: 'network',
    versions: ['1.22'],
    title: '(1.22) Filter network= sends only the events of that network',
    async setup(ctx) {
      const other = await createNetwork(ctx);
      const mine = await createNetwork(ctx);
      return {
        filters: { network: [mine.id] },
        sentinel: created(mine.id),
        admits: (e) => typeOf(e) === 'network' && isAbout(e, mine.id),
        excluded: [other.id],
      };
    },
  }),
];
