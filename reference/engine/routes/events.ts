/** Endpoint 46: GET /events: past events (since/until), then live ones, filtered and shaped per version. */
import type { RouteContext, Router } from '../http/router.ts';
import { RawJson, toJson } from '../http/json.ts';
import { checkFilterKeys, labelsMatch } from '../http/query.ts';
import type { EngineEvent } from '../state/events.ts';
import type { Engine } from '../state/engine.ts';

const FILTER_KEYS = ['container', 'event', 'image', 'label', 'type', 'volume', 'network'];
/**
 * The kinds 1.18 lists per source (spec: Events table): volume and network events do not exist
 * there, and the kinds only 1.22 lists (a container's attach, rename, top...; an image's tag,
 * import...) are not sent there.
 */
const V118_KINDS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['container', new Set(['create', 'destroy', 'die', 'exec_create', 'exec_start', 'export', 'kill', 'oom', 'pause', 'restart', 'start', 'stop', 'unpause'])],
  ['image', new Set(['untag', 'delete'])],
]);
const EXEC_KINDS = new Set(['exec_create', 'exec_start']);

export function registerEventsRoute(router: Router, engine: Engine): void {
  router.add('GET', '/events', async (ctx) => {
    const filters = ctx.filters();
    checkFilterKeys(filters, FILTER_KEYS);
    const since = parseTimestamp(ctx, 'since');
    const until = parseTimestamp(ctx, 'until');
    const wanted = (e: EngineEvent): boolean =>
      (ctx.version === '1.22' || sentTo118(e, ctx.faults)) &&
      !(ctx.version === '1.18' && ctx.faults.has('events-1.18-no-exec') && EXEC_KINDS.has(e.Action)) &&
      (!ctx.faults.has('events-filters-ignored') ? matches(engine, e, firstEventKind(filters, ctx), ctx.faults) : true) &&
      (until === undefined || e.timeNano <= until);
    const stream = ctx.jsonStream('application/json');
    let sent = 0;
    const send = (e: EngineEvent): void => {
      const shaped = shapeEvent(e, ctx, engine);
      // Under `blind23-events-1.22-statusless-skipped` an event without a status (1.22 volume and network events) is skipped as empty.
      if (ctx.faults.has('blind23-events-1.22-statusless-skipped') && !('status' in shaped)) return;
      sent++;
      stream.write(eventJson(shaped));
    };
    if ((since !== undefined || until !== undefined) && !ctx.faults.has('events-since-ignored')) {
      const past = ctx.faults.has('blind5-events-past-newest-first') ? [...engine.events.past()].reverse() : engine.events.past();
      for (const e of past) if (e.timeNano >= (since ?? 0n) && wanted(e)) send(e);
    }
    const nowNano = BigInt(Date.now()) * 1_000_000n;
    const honourUntil = until !== undefined && !ctx.faults.has('events-until-ignored');
    // Under `blind3-events-until-empty-open` a past window without events is never ended.
    const emptyKeptOpen = ctx.faults.has('blind3-events-until-empty-open') && sent === 0;
    if (honourUntil && until <= nowNano && !emptyKeptOpen) return stream.end();
    if (since !== undefined && !honourUntil && ctx.faults.has('blind-events-since-ends-stream')) return stream.end();
    const unsubscribe = engine.events.subscribe((e) => wanted(e) && send(e));
    // A past window still open here is one the fault keeps open: it gets no end.
    const timer = !honourUntil || until <= nowNano ? undefined : setTimeout(() => stream.end(), Number((until - nowNano) / 1_000_000n));
    await stream.closed;
    unsubscribe();
    clearTimeout(timer);
  });
}

/**
 * Whether a 1.18 stream carries the event. Under `blind18-events-1.18-kinds-deny-update-only` a
 * container event is dropped only for `update` (the kind of an endpoint 1.18 lacks).
 */
function sentTo118(e: EngineEvent, faults: RouteContext['faults']): boolean {
  if (e.Type === 'container' && faults.has('blind18-events-1.18-kinds-deny-update-only')) return e.Action !== 'update';
  // Under `blind26-events-1.18-restart-missing` the 1.18 container kinds leave out `restart`.
  if (e.Type === 'container' && e.Action === 'restart' && faults.has('blind26-events-1.18-restart-missing')) return false;
  // Under `blind26-events-1.18-image-kinds-unfiltered` only container kinds are checked at 1.18: every image event passes.
  if (e.Type === 'image' && faults.has('blind26-events-1.18-image-kinds-unfiltered')) return true;
  return V118_KINDS.get(e.Type)?.has(e.Action) || (faults.has('events-1.18-volume-network') && !V118_KINDS.has(e.Type));
}

/** Unix seconds with optional fraction (`1453230000.5`), or an RFC 3339 date; as nanoseconds. */
function parseTimestamp(ctx: RouteContext, name: string): bigint | undefined {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') return undefined;
  const m = /^(\d+)(?:\.(\d{1,9}))?$/.exec(raw);
  if (m) return BigInt(m[1]!) * 1_000_000_000n + BigInt((m[2] ?? '').padEnd(9, '0') || '0');
  const ms = Date.parse(raw);
  if (Number.isNaN(ms) && ctx.faults.has('timestamp-not-checked')) return undefined;
  // GET /events lists 200 and 500 only: 500 is the code its list leaves for a refusal.
  if (Number.isNaN(ms)) throw ctx.badParameter(`invalid value for ${name}: ${JSON.stringify(raw)} is not a timestamp`);
  return BigInt(ms) * 1_000_000n;
}

/** Under `blind-events-event-filter-first-value`, the filters with only the first `event` value. */
function firstEventKind(filters: Map<string, string[]>, ctx: RouteContext): Map<string, string[]> {
  const kinds = filters.get('event');
  if (!kinds || kinds.length < 2 || !ctx.faults.has('blind-events-event-filter-first-value')) return filters;
  return new Map([...filters, ['event', kinds.slice(0, 1)]]);
}

/** The type= filter; under `events-type-filter-new-sources-only` only the 1.22 sources (network, volume) filter. */
function typeMatches(e: EngineEvent, value: string, faults: RouteContext['faults']): boolean {
  if (faults.has('events-type-filter-new-sources-only') && !['network', 'volume'].includes(value)) return true;
  // Under `blind7-events-type-filter-reads-attribute-type` a type attribute (a network's driver) shadows the event type.
  if (faults.has('blind7-events-type-filter-reads-attribute-type')) return (e.attributes.type ?? e.Type) === value;
  return e.Type === value;
}

/** The labels the label= filter reads: a container event's attributes; an image event's image labels too (spec: "images ... with that label"). */
function eventLabels(engine: Engine, e: EngineEvent, faults: RouteContext['faults']): Record<string, string> {
  if (e.Type !== 'image' || faults.has('events-label-filter-containers-only')) return e.attributes;
  return { ...(engine.images.resolve(e.id)?.config.Labels ?? {}), ...e.attributes };
}

/** The label= test; under `blind18-events-label-filter-split` each value is split at every `=`: `key` alone compares the label to undefined. */
function labelFilter(faults: RouteContext['faults']): typeof labelsMatch {
  if (!faults.has('blind18-events-label-filter-split')) return labelsMatch;
  return (labels, wanted) =>
    wanted.every((item) => {
      const [key = '', value] = item.split('=');
      return labels?.[key] === value;
    });
}

function matches(engine: Engine, e: EngineEvent, filters: Map<string, string[]>, faults: RouteContext['faults']): boolean {
  const any = (key: string, test: (v: string) => boolean): boolean => {
    const values = filters.get(key);
    return !values || values.length === 0 || values.some(test);
  };
  const isContainer = e.Type === 'container';
  const byIdOnly = faults.has('blind4-events-container-filter-id-only');
  const byKey: Array<[string, boolean]> = [
    [
      'container',
      any(
        'container',
        (v) => isContainer && (e.id.startsWith(v) || (!byIdOnly && (e.attributes.name === v.replace(/^\//, '') || engine.containers.resolve(v)?.id === e.id))),
      ),
    ],
    ['event', any('event', (v) => e.Action === v)],
    [
      'image',
      any('image', (v) =>
        isContainer || faults.has('blind6-events-image-filter-from-only')
          ? e.from === v || e.attributes.image === v
          : e.Type === 'image' && (e.id === v || e.attributes.name === v),
      ),
    ],
    ['label', labelFilter(faults)(eventLabels(engine, e, faults), filters.get('label') ?? [])],
    ['type', any('type', (v) => typeMatches(e, v, faults))],
    ['volume', any('volume', (v) => e.Type === 'volume' && e.id === v)],
    ['network', any('network', (v) => e.Type === 'network' && (e.id.startsWith(v) || e.attributes.name === v))],
  ];
  if (!faults.has('blind3-events-filters-any-key')) return byKey.every(([, ok]) => ok);
  // The fault or-s the filter keys given: an event passes when any one of them matches it.
  const given = byKey.filter(([key]) => (filters.get(key)?.length ?? 0) > 0);
  return given.length === 0 || given.some(([, ok]) => ok);
}

/**
 * A shaped event as JSON. Its timeNano (a bigint beyond a double's precision, the last member) is
 * appended as digits: the general toJson would serialize each event three times (a failed attempt,
 * a replacer, a rewrite), for every subscriber of every event.
 */
function eventJson(shaped: Record<string, unknown>): RawJson {
  const { timeNano, ...rest } = shaped;
  if (typeof timeNano !== 'bigint') return new RawJson(toJson(shaped));
  const text = toJson(rest);
  return new RawJson(`${text.slice(0, -1)}${text === '{}' ? '' : ','}"timeNano":${timeNano}}`);
}

/** The 1.22 Type: the source's own value, or what a fault makes of it. */
function eventType(e: EngineEvent, ctx: RouteContext): string {
  if (ctx.faults.has('events-type-capitalised')) return e.Type[0]!.toUpperCase() + e.Type.slice(1);
  return e.Type === 'image' && ctx.faults.has('events-image-typed-container') ? 'container' : e.Type;
}

/** The event's actor: its object's id (a container's name under the named fault). */
function actorId(e: EngineEvent, ctx: RouteContext): string {
  const name = e.attributes.name;
  return ctx.faults.has('events-actor-id-name') && e.Type === 'container' && typeof name === 'string' ? name : e.id;
}

/** The legacy id: the object's id (under `blind13-events-1.18-exec-id-exec-instance` a 1.18 exec event's exec instance id). */
function legacyId(e: EngineEvent, ctx: RouteContext): string {
  const execId = e.attributes.execID;
  return ctx.version === '1.18' && execId && ctx.faults.has('blind13-events-1.18-exec-id-exec-instance') ? execId : e.id;
}

/**
 * The event's kind; under `blind16-events-volume-destroy-named-delete` a volume's removal takes the image word (the route is DELETE).
 * Under `event-status-carries-command` an exec event's kind is followed by its command (`exec_create: sh -c true`, as Docker 20.10 words it).
 */
function eventKind(e: EngineEvent, ctx: RouteContext): string {
  if (ctx.faults.has('events-removal-named-remove') && ['destroy', 'delete'].includes(e.Action)) return 'remove';
  if (ctx.faults.has('event-status-carries-command') && e.detail !== undefined) return `${e.Action}: ${e.detail}`;
  if (e.Type === 'volume' && e.Action === 'destroy' && ctx.faults.has('blind16-events-volume-destroy-named-delete')) return 'delete';
  return e.Action;
}

/**
 * The legacy `from`: a container event's image. The 1.18 object states from for every event, so a
 * 1.18 image event carries the name it was about (unless `events-1.18-image-no-from`, as Docker's do).
 */
function legacyFrom(e: EngineEvent, ctx: RouteContext, engine: Engine): string | undefined {
  if (ctx.version !== '1.18') return e.from ?? from122(e, ctx);
  if (ctx.faults.has('events-1.18-no-from')) return undefined;
  // Under `blind32-events-1.18-from-gone-container` the 1.18 encoder reads a container event's image from the container as it is now: a removed one gives none.
  if (e.Type === 'container' && ctx.faults.has('blind32-events-1.18-from-gone-container')) return engine.containers.resolve(e.id)?.config.Image;
  if (e.from !== undefined || e.Type !== 'image' || ctx.faults.has('events-1.18-image-no-from')) return e.from;
  return e.attributes.name ?? e.id;
}

/**
 * A 1.22 non-container event's `from` (the 1.22 object states from S for every event but a network's): an image
 * event's image name, a volume event's driver. Under `events-1.22-shape-container-only` none (as Docker writes them).
 */
function from122(e: EngineEvent, ctx: RouteContext): string | undefined {
  if (ctx.faults.has('events-1.22-shape-container-only')) return undefined;
  if (e.Type === 'image') return e.attributes.name ?? e.id;
  return e.Type === 'volume' ? (e.attributes.driver ?? 'local') : undefined;
}

/**
 * A 1.18 event's time. Under `blind-events-1.18-time-milliseconds` it is in milliseconds (an image
 * event's only under `events-1.18-image-time-milliseconds`); under `blind19-events-1.18-time-fractional`
 * the nanoseconds are divided as a float, keeping the fraction.
 */
function legacyTime(e: EngineEvent, ctx: RouteContext, seconds: number): number {
  const imageInMs = e.Type === 'image' && ctx.faults.has('events-1.18-image-time-milliseconds');
  if (imageInMs || ctx.faults.has('blind-events-1.18-time-milliseconds')) return Number(e.timeNano / 1_000_000n);
  if (ctx.faults.has('blind19-events-1.18-time-fractional')) return Number(e.timeNano) / 1e9;
  return seconds;
}

/**
 * The legacy status: the kind. Under `blind29-events-1.22-new-kinds-status-empty` (1.22) it is looked up in the 1.18 kinds of the
 * source: a kind only 1.22 lists (attach, rename, resize, top, update, commit, copy; tag, import, pull, push) leaves it empty.
 */
function legacyStatus(e: EngineEvent, kind: string, ctx: RouteContext): string {
  if (ctx.version !== '1.22' || !ctx.faults.has('blind29-events-1.22-new-kinds-status-empty')) return kind;
  return V118_KINDS.get(e.Type)?.has(e.Action) ? kind : '';
}

function shapeEvent(e: EngineEvent, ctx: RouteContext, engine: Engine): Record<string, unknown> {
  const time = Number(e.timeNano / 1_000_000_000n);
  const kind = eventKind(e, ctx);
  const from = legacyFrom(e, ctx, engine);
  const legacy = { status: legacyStatus(e, kind, ctx), id: legacyId(e, ctx), ...(from !== undefined ? { from } : {}) };
  if (ctx.version === '1.18') return { ...legacy, time: legacyTime(e, ctx, time) };
  // Every event but a network's carries status, id and from (Docker and the fault: a container's and an image's only).
  const dockerLegacy = e.Type === 'container' || e.Type === 'image';
  const carriesLegacy =
    (ctx.faults.has('events-1.22-shape-container-only') ? dockerLegacy : e.Type !== 'network') ||
    (e.Type === 'network' && ctx.faults.has('network-event-has-status'));
  const shaped: Record<string, unknown> = {
    ...(carriesLegacy ? legacy : {}),
    Type: eventType(e, ctx),
    Action: ctx.faults.has('events-action-not-kind') ? `${e.Type}.${kind}` : kind,
    Actor: { ID: actorId(e, ctx), Attributes: ctx.faults.has('events-attributes-empty') ? {} : e.attributes },
    time: ctx.faults.has('events-1.22-time-milliseconds') ? Number(e.timeNano / 1_000_000n) : time,
    timeNano: ctx.faults.has('events-1.22-timeNano-milliseconds') ? e.timeNano / 1_000_000n : e.timeNano,
  };
  if (ctx.faults.has('events-1.22-no-timeNano')) delete shaped.timeNano;
  return shaped;
}
