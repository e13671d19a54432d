/**
 * Zero, empty and null states: documented fields where implementations drop them because the
 * value is zero or empty (a Go `omitempty`), and streams with nothing to send.
 * Spec: Resources > Container list item (Ports [...], Labels {S:S}, SizeRw I, SizeRootFs I),
 * Container inspect (Config: the create fields, Labels among them; HostnamePath S, HostsPath S, LogPath S,
 * ResolvConfPath S; NetworkSettings.Networks endpoint objects); Endpoints 46 (events until).
 */
import { engineCheck } from '../support/check.ts';
import { readEvents } from '../support/events.ts';
import { isEmptyList, isEmptyMap, shownValue } from '../support/zero-values.ts';
import type { EngineContext } from '../support/context.ts';
import { createOwn, type ListItem, listRequest, ownLabel } from '../support/own-containers.ts';

/** A window of the event stream long before any run: no event can be in it. */
const EMPTY_WINDOW = { since: 1000, until: 1001 };

const BARE = {
  labels: 'engine/containers/list/labels-empty-present',
  ports: 'engine/containers/list/ports-empty-present',
  configLabels: 'engine/containers/inspect/config-labels-empty-present',
};

const SCHEMA = {
  inspect: 'engine/containers/inspect/200-response-schema',
  list: 'engine/containers/list/200-response-schema',
};

type Json = Record<string, unknown>;

/** What only a start sets: the paths of the container's files (inspect), each S. */
const START_PATHS: Record<string, 'string' | 'integer'> = { HostnamePath: 'string', HostsPath: 'string', LogPath: 'string', ResolvConfPath: 'string' };
/** What only a start sets in each endpoint object (1.22 inspect and list item): its ids and addresses. */
const START_ENDPOINT: Record<string, 'string' | 'integer'> = {
  NetworkID: 'string',
  EndpointID: 'string',
  Gateway: 'string',
  IPAddress: 'string',
  IPPrefixLen: 'integer',
  MacAddress: 'string',
};

const typed = (value: unknown, type: 'string' | 'integer'): boolean => (type === 'string' ? typeof value === 'string' : Number.isInteger(value));

/**
 * Each field of `fields` is given with its type, an empty value included. Only these are judged:
 * the other fields of the answer are the plain inspect and list checks' (one cause reported once).
 */
function expectTyped(ctx: EngineContext, object: Json, fields: Record<string, 'string' | 'integer'>, where: string, requirement: string): void {
  for (const [field, type] of Object.entries(fields))
    ctx.verify(typed(object[field], type), `${where} gives ${field} (${type === 'string' ? 'S' : 'I'}), empty before a start, not left out`, {
      expected: type === 'string' ? 'a string ("" before a start)' : 'an integer (0 before a start)',
      actual: shownValue(object[field]),
      requirement,
    });
}

function expectEndpoints(ctx: EngineContext, networks: unknown, where: string, requirement: string): void {
  if (ctx.version !== '1.22' || typeof networks !== 'object' || networks === null) return;
  for (const [name, endpoint] of Object.entries(networks as Json))
    expectTyped(ctx, (endpoint ?? {}) as Json, START_ENDPOINT, `the endpoint ${name} of ${where}`, requirement);
}

export default [
  engineCheck({
    id: 'engine/containers/list/size-zero-present',
    title: 'With size=1, the list item of a container that wrote nothing has SizeRw 0 (given, not left out) and SizeRootFs',
    endpoint: 'engine/containers/list',
    async run(ctx) {
      const label = ownLabel('size-zero');
      const { id } = await createOwn(ctx, label, { cmd: ['true'] });
      const res = await listRequest(ctx, label, { all: 1, size: 1 });
      ctx.expectStatus(res, 200, 'the container list with size=1');
      const item = ctx.expectJson<ListItem[]>(res, 'container list').find((i) => i.Id === id);
      const sizes = { SizeRw: item?.SizeRw, SizeRootFs: item?.SizeRootFs };
      ctx.expect(item !== undefined, 'the created container is listed with all=1', { expected: id, actual: undefined });
      ctx.expect(sizes.SizeRw === 0, 'a container that wrote nothing has SizeRw 0 in its list item with size=1', {
        expected: 0,
        actual: sizes.SizeRw ?? '(absent)',
      });
      ctx.expect(Number.isInteger(sizes.SizeRootFs), 'its list item has SizeRootFs I with size=1', {
        expected: 'an integer',
        actual: sizes.SizeRootFs ?? '(absent)',
      });
    },
  }),
  engineCheck({
    id: BARE.labels,
    title: 'A container created without labels or ports has Labels {} and Ports [] in its list item, and Config.Labels {} in its inspect',
    requirements: [BARE.labels, BARE.ports, BARE.configLabels],
    endpoint: 'engine/containers/list',
    async run(ctx) {
      // No Labels at all (the run label too): removed after the check by its id, and by the run's sweep by its name.
      const { id } = await ctx.createContainer({ cmd: ['true'], extra: { Labels: undefined } });
      const list = ctx.expectJson<ListItem[]>(await ctx.api.get('/containers/json', { all: 1 }), 'container list');
      const item = list.find((i) => i.Id === id);
      if (!item) ctx.blockedBy('engine/containers/list/query-all', `the created container ${id.slice(0, 12)} is not in the all=1 list`);
      ctx.verify(isEmptyMap(item?.Labels), 'the list item of a container without labels has Labels {}', {
        expected: {},
        actual: shownValue(item?.Labels),
        requirement: BARE.labels,
      });
      const ports = item?.Ports;
      ctx.verify(isEmptyList(ports), 'the list item of a container without ports has Ports []', {
        expected: [],
        actual: shownValue(ports),
        requirement: BARE.ports,
      });
      const inspect = ctx.expectJson<{ Config?: { Labels?: unknown } }>(await ctx.api.get(`/containers/${id}/json`), 'container inspect');
      ctx.verify(isEmptyMap(inspect.Config?.Labels), 'the inspect of a container without labels has Config.Labels {}', {
        expected: {},
        actual: shownValue(inspect.Config?.Labels),
        requirement: BARE.configLabels,
      });
    },
  }),
  engineCheck({
    id: `${SCHEMA.inspect}/never-started`,
    title:
      'The inspect object and the all=1 list item of a container created and never started give what only a start sets ' +
      '(the paths of its files, its endpoints NetworkID and addresses) with their types, empty, not left out',
    requirements: [SCHEMA.inspect, SCHEMA.list],
    endpoint: 'engine/containers/inspect',
    async run(ctx) {
      // Networked: on Docker 20.10 (1.22) its bridge endpoint is listed before a start, every field of it empty.
      const label = ownLabel('never-started');
      const { id } = await createOwn(ctx, label, { cmd: ['true'], networked: true });
      const res = await ctx.api.get(`/containers/${id}/json`);
      ctx.expectStatus(res, 200, 'inspect of a container created and never started', SCHEMA.inspect);
      const inspect = ctx.expectJson<Json>(res, 'container inspect', SCHEMA.inspect);
      expectTyped(ctx, inspect, START_PATHS, 'the inspect object of a container never started', SCHEMA.inspect);
      const networks = (inspect.NetworkSettings as Json | undefined)?.Networks;
      // Whether a container joins its networks before a start is not shown: without one, no endpoint's zero values are judged.
      if (ctx.version === '1.22' && isEmptyMap(networks)) ctx.observe('a container never started shows no network in NetworkSettings.Networks');
      expectEndpoints(ctx, networks, 'its inspect', SCHEMA.inspect);
      const listed = await listRequest(ctx, label, { all: 1 });
      ctx.expectStatus(listed, 200, 'the all=1 list of a container created and never started', SCHEMA.list);
      const item = ctx.expectJson<Json[]>(listed, 'container list', SCHEMA.list).find((i) => i.Id === id);
      if (!item) return ctx.blockedBy('engine/containers/list/query-all', `the created container ${id.slice(0, 12)} is not in the all=1 list`);
      expectEndpoints(ctx, (item.NetworkSettings as Json | undefined)?.Networks, 'its list item', SCHEMA.list);
    },
  }),
  engineCheck({
    id: 'engine/system/events/query-until/empty-window',
    title: 'An event window with no event in it (since and until long past) answers 200 and ends the stream with no object',
    requirements: ['engine/system/events/query-until'],
    endpoint: 'engine/system/events',
    async run(ctx) {
      const read = await readEvents(ctx, EMPTY_WINDOW, { deadlineMs: 5000 });
      ctx.expect(read.endedByTarget, `with until=${EMPTY_WINDOW.until}, long past, the target must end the stream; it was still open 5 s later`);
      ctx.expect(read.events.length === 0, `the window ${EMPTY_WINDOW.since}..${EMPTY_WINDOW.until} holds no event`, {
        expected: [],
        actual: read.events.slice(0, 3),
      });
    },
  }),
];
