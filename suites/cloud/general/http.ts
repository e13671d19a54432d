import { settledStates } from '../../../catalog/cloud/state-tables.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { CATALOG, CLUSTERS, createCluster, placement } from '../support/infra.ts';
import { createStack, operate, serviceBody, SERVICES, sharedNodes, STACKS, terminateLater, waitForContainers } from '../support/app.ts';
import type { Service } from '../support/views.generated.ts';
import { listAll, pathOf, type Json } from '../support/lists.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';
import { RFC2822 } from '../support/run-dates.ts';

const R = {
  json: 'cloud/http/json-responses',
  uuid: 'cloud/uuid/generated-on-create',
  rfc2822: 'cloud/dates/rfc2822',
  nulls: 'cloud/dates/null-where-not-happened',
  envelope: 'cloud/list/envelope',
  pagination: 'cloud/list/pagination',
  next: 'cloud/list/next-previous-relative',
  body: 'cloud/errors/body-shape',
  codes: 'cloud/errors/codes',
  appropriate: 'cloud/errors/appropriate-code',
  noContentType: 'cloud/http/body-without-content-type',
  slash: 'cloud/http/trailing-slash-optional',
  v1: 'cloud/versioning/v1-segment',
  otherVersions: 'cloud/versioning/other-versions-not-shown',
  rate: 'cloud/limits/rate-limits-not-shown',
  undescribed: 'cloud/resources/undescribed-not-shown',
};
/** A uuid a client sends in a create body: the target generates its own. */
const CLIENT_UUID = 'client-chosen-uuid';
const DATE_FIELDS = /(_date|_datetime|last_seen)$/;

/** Every value of `fields` in objects (and lists of URIs) for the field-wide rules. */
function valuesOf(objects: Json[], pick: (key: string) => boolean): Array<[string, unknown]> {
  return objects.flatMap((o) =>
    Object.entries(o)
      .filter(([k]) => pick(k))
      .flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x] as [string, unknown]) : [[k, v] as [string, unknown]])),
  );
}

/**
 * An object created with CLIENT_UUID in its body (removed after the check); a target that refuses
 * the field (the create bodies do not list it) gets the body without it, and that is observed.
 */
async function createSendingUuid(ctx: CloudContext, path: string, body: Json): Promise<Json> {
  const res = await ctx.api.post(path, { ...body, uuid: CLIENT_UUID });
  const created = isSuccess(res.status) ? ctx.expectJson<Json>(res, `POST ${path}`) : undefined;
  const uri = created?.resource_uri;
  if (typeof uri === 'string') {
    if (path === CLUSTERS) ctx.defer(async () => void (await ctx.api.delete(uri)));
    else terminateLater(ctx, uri, settledStates(path === STACKS ? 'stack' : 'service'));
  }
  if (created) return created;
  ctx.observe(`POST ${path} with a uuid in the body answered ${res.status}: created without it`);
  return ctx.create(path === CLUSTERS ? 'node-cluster' : path === STACKS ? 'stack' : 'service', path, body, `POST ${path}`);
}

/** Objects of every subsystem: a cluster, a stack with a service (namespaced), the catalog and the actions. */
async function sample(ctx: CloudContext): Promise<Json[]> {
  const cluster = await createCluster(ctx);
  const stack = await createStack(ctx, { name: ctx.uniqueName('stack'), services: [serviceBody(ctx, undefined)] });
  const service = await ctx.getJson('service', String((stack.services as string[] | undefined)?.[0] ?? stack.resource_uri), 'a service of the stack');
  // No limit parameter: paging is "not shown" in the spec; the first ten objects of each answer are sampled.
  const lists = await Promise.all([...Object.values(CATALOG), '/api/audit/v1/action/'].map((p) => ctx.api.get(p)));
  return [cluster, stack, service, ...lists.flatMap((l) => ctx.listObjects(l, 'list').slice(0, 10))];
}

export default [
  cloudCheck({
    id: R.json,
    title: 'Responses are JSON: Content-Type application/json and a body that parses',
    requirements: [R.json, R.v1, R.otherVersions],
    async run(ctx) {
      for (const path of [...Object.values(CATALOG), CLUSTERS, '/api/audit/v1/action/', '/api/repo/v1/registry/']) {
        const res = await ctx.api.get(path);
        ctx.expectStatus(res, 200, `GET ${path} (served under /api/<subsystem>/v1/)`, R.v1);
        ctx.expect(/^application\/json/i.test(res.headers['content-type'] ?? ''), `GET ${path}: Content-Type is ${res.headers['content-type']}`, {
          expected: 'application/json',
          requirement: R.json,
        });
        ctx.expectJson(res, `GET ${path}`, R.json);
      }
      const other = await ctx.api.get('/api/infra/v2/provider/');
      ctx.observe(`another version segment (/api/infra/v2/provider/) answered ${other.status}`);
    },
  }),
  cloudCheck({
    id: R.uuid,
    title:
      'uuid is generated on creation: non-empty, not the one the client sent, different for each object ' +
      '(node clusters, stacks, services, and the nodes, containers and actions the service makes)',
    endpoint: 'cloud/nodecluster/create',
    async run(ctx) {
      const nodes = await sharedNodes(ctx);
      const at = await placement(ctx);
      const objects: Json[] = [];
      // Two of each kind, each body with a name of its own.
      for (const [path, body] of [
        [CLUSTERS, () => ({ name: ctx.uniqueName('nc'), node_type: at.nodeType, region: at.region })],
        [STACKS, () => ({ name: ctx.uniqueName('stack') })],
        [SERVICES, () => serviceBody(ctx, nodes, { target_num_containers: 2 })],
      ] as const) {
        objects.push(await createSendingUuid(ctx, path, body()), await createSendingUuid(ctx, path, body()));
      }
      const service = objects[4] as Service;
      const start = await operate(ctx, service.resource_uri, 'start');
      if (start.status >= 300) ctx.blockedBy('cloud/service/start/effect', `start of ${service.resource_uri} answered ${start.status}`);
      const containers = await waitForContainers(ctx, service, 2);
      const action = start.headers[ctx.actionHeader];
      const made = [...nodes.nodes, ...containers, ...(action ? [await ctx.getJson('action', action, 'the start action')] : [])];
      for (const o of [...objects, ...made])
        ctx.verify(typeof o.uuid === 'string' && o.uuid !== '' && o.uuid !== CLIENT_UUID, `${String(o.resource_uri)} has uuid ${String(o.uuid)}`, {
          expected: 'a non-empty uuid the client did not send',
          actual: o.uuid,
          requirement: R.uuid,
        });
      const uuids = [...objects, ...made].map((o) => o.uuid);
      ctx.verify(new Set(uuids).size === uuids.length, 'two created objects share a uuid', { actual: uuids, requirement: R.uuid });
    },
  }),
  cloudCheck({
    id: R.rfc2822,
    title: "Date-time fields are RFC 2822 style ('Mon, 13 Oct 2014 11:01:43 +0000') or null",
    requirements: [R.rfc2822, R.nulls],
    async run(ctx) {
      const objects = await sample(ctx);
      const dates = valuesOf(objects, (k) => DATE_FIELDS.test(k));
      const bad = dates.filter(([, v]) => v !== null && !(typeof v === 'string' && RFC2822.test(v)));
      ctx.expect(
        bad.length === 0,
        `date-time fields not in RFC 2822 style: ${bad
          .slice(0, 3)
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(', ')}`,
        { requirement: R.rfc2822 },
      );
      ctx.expect(
        dates.some(([, v]) => typeof v === 'string'),
        'no date-time value was found to check',
        { requirement: R.rfc2822 },
      );
      ctx.observe(`null date-time fields seen: ${[...new Set(dates.filter(([, v]) => v === null).map(([k]) => k))].join(', ') || 'none'}`);
    },
  }),
  cloudCheck({
    id: R.envelope,
    title: 'facts: lists are {meta: {limit, next, offset, previous, total_count}, objects}; limit/offset page; next/previous are relative /api/ paths',
    requirements: [R.envelope, R.pagination, R.next],
    endpoint: 'cloud/nodetype/list',
    async run(ctx) {
      const all = await listAll(ctx, CATALOG.nodetype);
      const res = await ctx.api.get(CATALOG.nodetype, { limit: 1, offset: 1 });
      const body = ctx.expectJson<{ meta?: Json; objects?: unknown[] }>(res, 'list', R.envelope);
      ctx.expect(!!body.meta && Array.isArray(body.objects), 'the list is not {meta, objects}', { requirement: R.envelope });
      ctx.expectView('list-meta', body.meta, 'meta', R.envelope);
      const meta = body.meta!;
      ctx.expect(
        meta.limit === 1 && meta.offset === 1 && meta.total_count === all.length,
        'meta does not echo limit and offset, or total_count is not the count',
        { expected: { limit: 1, offset: 1, total_count: all.length }, actual: meta, requirement: R.pagination },
      );
      ctx.expectEqual(
        (body.objects as Json[]).map((o) => o.resource_uri),
        all.slice(1, 2).map((o) => o.resource_uri),
        'the page is not the object at offset 1',
        R.pagination,
      );
      for (const key of ['next', 'previous'] as const) {
        const link = meta[key];
        ctx.expect(link === null || (typeof link === 'string' && link.startsWith('/api/')), `meta.${key} is ${String(link)}`, {
          expected: 'null or a path starting with /api/',
          requirement: R.next,
        });
      }
      if (typeof meta.next === 'string') {
        const next = ctx.expectJson<{ meta?: Json; objects?: Json[] }>(await ctx.api.get(meta.next), 'next page', R.next);
        ctx.expectEqual(next.meta?.offset, 2, 'requesting next does not give the following page', R.next);
      }
      // A page that ends exactly at the last object has no following page: a next there would lead past the list.
      if (all.length > 0) {
        const last = await ctx.api.get(CATALOG.nodetype, { limit: 1, offset: all.length - 1 });
        const lastMeta = ctx.expectJson<{ meta?: Json }>(last, 'the last page', R.next).meta;
        ctx.expectEqual(lastMeta?.next ?? null, null, `meta.next of the page at offset ${all.length - 1} of ${all.length} (limit 1, nothing follows)`, R.next);
      }
    },
  }),
  cloudCheck({
    id: R.appropriate,
    title: 'A failing synchronous call returns an HTTP error code (facts: {"error": "..."}; an unknown uuid gives 404)',
    requirements: [R.appropriate, R.body, R.codes, R.rate, R.undescribed],
    async run(ctx) {
      const missing = await ctx.api.get(`${CLUSTERS}00000000-0000-0000-0000-000000000000/`);
      const bad = await ctx.api.post(CLUSTERS, { nickname: 'no-name-no-type' });
      for (const res of [missing, bad])
        ctx.expect(res.status >= 400 && res.status < 600, `a failing call answered ${res.status}`, { expected: '4xx or 5xx', requirement: R.appropriate });
      const trigger = await ctx.api.get(`/api/app/v1/service/00000000-0000-0000-0000-000000000000/trigger/`);
      ctx.observe(`the undocumented trigger endpoint of an unknown service answered ${trigger.status}; no rate limit was seen`);
      for (const res of [missing, bad]) ctx.expectView('error-body', ctx.expectJson(res, 'error body', R.body), 'the error body', R.body);
      ctx.expectStatus(missing, 404, 'GET of an unknown uuid (facts: 404)', R.codes);
    },
  }),
  cloudCheck({
    id: R.noContentType,
    title: 'facts: a JSON body without Content-Type is accepted, and GET with a {} body; a path without its trailing / is served',
    requirements: [R.noContentType, R.slash],
    async run(ctx) {
      const at = await placement(ctx);
      const res = await ctx.api.request('POST', CLUSTERS, { body: JSON.stringify({ name: ctx.uniqueName('nct'), node_type: at.nodeType, region: at.region }) });
      if (res.status < 300) ctx.defer(async () => void (await ctx.api.delete(String(res.json<Json>().resource_uri))));
      ctx.expect(isSuccess(res.status), `POST of JSON without Content-Type answered ${res.status}`, { requirement: R.noContentType });
      const get = await ctx.api.request('GET', CLUSTERS, { body: '{}' });
      ctx.expectStatus(get, 200, 'GET with a {} body', R.noContentType);
      const bare = await ctx.api.get(pathOf(CATALOG.provider).replace(/\/$/, ''));
      ctx.expectStatus(bare, 200, 'GET of a path without its trailing /', R.slash);
    },
  }),
];
