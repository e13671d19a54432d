import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { ACTIONS, actionUriOf, expectEndDate, finishedActionOf } from '../support/actions.ts';
import { readActionAtOnce } from '../support/async-op.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { CLUSTERS, clusterBody, createCluster, placement } from '../support/infra.ts';
import { listAll, pathOf, sameResource, type Json } from '../support/lists.ts';
import { CLOCK_SKEW_MS, dateMs, expectLaterDate } from '../support/run-dates.ts';
import { expectAtSpecPath } from '../support/spec-paths.ts';
import { failedStart, UNPLACEABLE_START } from '../support/failed-work.ts';
import { afterTargetSecond } from '../support/target-clock.ts';
import { CREATES, OPERATION } from '../support/operation-requirements.ts';
import type { Action } from '../support/views.generated.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const R = {
  header: 'cloud/actions/header-on-creating-responses',
  record: 'cloud/actions/record-matches-call',
  user: 'cloud/actions/user-action',
  ip: 'cloud/actions/ip',
  location: 'cloud/actions/location-geographic',
  get: 'cloud/action/get/returns-action',
  sync: 'cloud/actions/sync-terminal',
  async202: 'cloud/actions/async-202-in-progress',
  asyncEnds: 'cloud/actions/async-ends-terminal',
  every: 'cloud/actions/every-call-recorded',
};
/** The rule that a node cluster create without name is refused with an error status. */
const REQUIRES_NAME = 'cloud/nodecluster/create/requires-name';
/** The requirement of each call the record check makes on its node cluster. */
const CALL_REQUIREMENT: Record<string, string> = { POST: CREATES['node-cluster'], PATCH: OPERATION.clusterTags, DELETE: OPERATION.clusterTerminate };

/** Each call's own User-Agent: an action that shows another call's (say, the create of its object) differs. */
const agentOf = (method: string): string => `conformance-suite/1 (action record check, ${method})`;

/**
 * The address a caller can have: IPv4 or IPv6, not the unspecified address (a server's bind
 * address, never a peer's). Which one the service sees depends on proxies and NAT between suite
 * and target, so it is not compared with the suite's own.
 */
function isCallerAddress(ip: unknown): boolean {
  if (typeof ip !== 'string' || isIP(ip) === 0) return false;
  return !['0.0.0.0', '::', '::ffff:0.0.0.0'].includes(ip.toLowerCase());
}

/** GET of the action a response names: it must be the action object (schema action). */
async function actionOf(ctx: CloudContext, uri: string): Promise<Json> {
  const res = await ctx.api.get(uri);
  ctx.expectStatus(res, 200, `GET ${uri} (the action header's URI)`, R.get);
  const action = ctx.expectView('action', ctx.expectJson(res, 'the action', R.get), 'the action', R.get);
  ctx.expect(sameResource(action.resource_uri, uri), `GET ${uri} returned action ${action.resource_uri}`, { requirement: R.get });
  await expectAtSpecPath(ctx, 'action', action, R.get);
  return action;
}

/**
 * start_date is when the call was made: a call sent in a later second of the target's clock than
 * the one before it starts later. Dates that are not the Notation's are the date rule's breach
 * (cloud/dates/rfc2822), not this one's.
 */
function expectLaterStart(ctx: CloudContext, start: unknown, before: unknown, method: string): void {
  if (before === undefined || Number.isNaN(dateMs(start)) || Number.isNaN(dateMs(before))) return;
  expectLaterDate(
    ctx,
    start,
    before,
    `start_date ${String(start)} of the ${method} is not when the call was made (after ${String(before)}, the call before it)`,
    R.record,
  );
}

export default [
  cloudCheck({
    id: R.header,
    title:
      'Every POST, PATCH and DELETE carries X-Vendor-Action-URI naming its action, which records the call; a refused synchronous call ' +
      '(a create without name, a PATCH of a node cluster that does not exist) creates its action Failed',
    requirements: [R.header, R.record, R.user, R.ip, R.location, R.get, R.sync],
    async run(ctx) {
      const at = await placement(ctx);
      const create = await ctx.api.request('POST', CLUSTERS, {
        headers: { 'user-agent': agentOf('POST') },
        json: { name: ctx.uniqueName('nc'), node_type: at.nodeType, region: at.region },
      });
      ctx.precondition(isSuccess(create.status), `node cluster create answered ${create.status}`, CREATES['node-cluster']);
      const uri = pathOf(String(ctx.expectJson<Json>(create, 'create').resource_uri));
      ctx.defer(async () => void (await ctx.api.delete(uri)));
      if (create.status !== 202)
        ctx.expectEqual(
          (await actionOf(ctx, actionUriOf(ctx, create, 'POST create'))).state,
          'Success',
          'a synchronous call that succeeded did not create its action Success at once',
          R.sync,
        );
      const calls: Array<[string, string, unknown]> = [
        ['POST', CLUSTERS, 'create'],
        ['PATCH', uri, { tags: [{ name: 'conformance-x' }] }],
        ['DELETE', uri, undefined],
      ];
      const starts: unknown[] = [];
      const recorded: string[] = [];
      for (const [method, path, json] of calls) {
        // Each call in a later second of the target's clock than the one before: its start_date must be later too.
        if (starts.length) await afterTargetSecond(ctx, uri, starts.slice(-1));
        const res =
          json === 'create'
            ? create
            : await ctx.api.request(method, path, { headers: { 'user-agent': agentOf(method) }, ...(json === undefined ? {} : { json }) });
        ctx.precondition(res.status < 300, `${method} ${path} answered ${res.status}`, CALL_REQUIREMENT[method]);
        const action =
          res.status === 202 ? await finishedActionOf(ctx, res, `${method} ${path}`) : await actionOf(ctx, actionUriOf(ctx, res, `${method} ${path}`));
        expectLaterStart(ctx, action.start_date, starts[starts.length - 1], method);
        starts.push(action.start_date);
        await actionOf(ctx, String(action.resource_uri));
        ctx.expectEqual(action.method, method, 'the action does not record the HTTP method', R.record);
        ctx.expect(pathOf(String(action.path)).replace(/\/?$/, '/') === path, `the action's path is ${String(action.path)}, not ${path}`, {
          requirement: R.record,
        });
        ctx.expect(sameResource(action.object, uri), `the action's object is ${String(action.object)}, not ${uri}`, { requirement: R.record });
        ctx.expectEqual(action.user, ctx.api.credentials?.user, 'the action does not record the authenticated user', R.record);
        ctx.expectEqual(action.user_agent, agentOf(method), "the action does not record the client's User-Agent", R.record);
        ctx.expect(
          typeof action.start_date === 'string' && Math.abs(Date.parse(String(action.start_date)) - Date.now()) < CLOCK_SKEW_MS,
          `start_date ${String(action.start_date)} is not when the call was made`,
          { requirement: R.record },
        );
        ctx.expectEqual(action.is_user_action, true, 'an action of a user call has is_user_action other than true', R.user);
        recorded.push(String(action.uuid));
        // Not compared with the suite's own address, even on loopback: a tunnel or local proxy there makes the forwarder's the caller's (see the catalog).
        ctx.expect(isCallerAddress(action.ip), `ip ${String(action.ip)} is not the address of a caller`, { requirement: R.ip });
        ctx.observe(`location of a call from ${String(action.ip)}: ${JSON.stringify(action.location)}`);
      }
      // The list shows the same actions alike (a flag written inverted in the list shows here).
      for (const id of recorded) {
        const [listed] = await listAll(ctx, ACTIONS, { uuid: id });
        ctx.expectEqual(listed?.is_user_action, true, `GET ${ACTIONS} shows the action of a user call with is_user_action other than true`, R.user);
      }
      // A create without its required name is refused for sure (cloud/nodecluster/create/requires-name
      // asks an error status of it): a synchronous failed call whose action is read at once.
      const marker = ctx.uniqueName('nameless');
      const failed = await ctx.api.post(CLUSTERS, { nickname: marker, node_type: at.nodeType, region: at.region });
      if (isSuccess(failed.status)) {
        const made = String(ctx.expectJson<Json>(failed, 'a nameless create').resource_uri);
        ctx.defer(async () => void (await ctx.api.delete(made)));
      }
      ctx.precondition(failed.status >= 400, `a node cluster create without name answered ${failed.status}, not an error`, REQUIRES_NAME);
      const action = await actionOf(ctx, actionUriOf(ctx, failed, 'a refused call'));
      ctx.expectEqual(action.state, 'Failed', 'a synchronous call that failed did not create its action Failed at once', R.sync);
      // The call completed, so its processing ended: end_date ("when processing ended") is set on the failure path too.
      expectEndDate(ctx, action as Action, R.sync);
      await expectUnknownObjectCallRecorded(ctx);
    },
  }),
  cloudCheck({
    id: R.location,
    title:
      "location is that of the caller's address: the ended actions of synchronous calls (a node cluster's create, its GET) and an " +
      'asynchronous one (its DELETE, 202) made from one address show one location',
    endpoint: 'cloud/action/get',
    async run(ctx) {
      const create = await ctx.api.post(CLUSTERS, await clusterBody(ctx));
      const cluster = ctx.createdBy('node-cluster', create, 'a node cluster');
      const read = await ctx.api.get(cluster.resource_uri);
      const terminate = await ctx.api.delete(cluster.resource_uri);
      ctx.precondition(terminate.status < 300, `DELETE of the node cluster answered ${terminate.status}`, OPERATION.clusterTerminate);
      const calls = { POST: create, GET: read, DELETE: terminate };
      ctx.observe(
        `answers: ${Object.entries(calls)
          .map(([method, res]) => `${method} ${res.status}`)
          .join(', ')}`,
      );
      // A read names its action like any call (cloud/actions/every-call-recorded); one that names none is left out here.
      const named = Object.entries(calls).filter(([, res]) => res.headers[ctx.actionHeader]);
      const actions = await Promise.all(named.map(([method, res]) => finishedActionOf(ctx, res, `${method} of the node cluster`)));
      expectOneLocationPerAddress(ctx, actions);
    },
  }),
  cloudCheck({
    id: R.async202,
    title: 'An asynchronous call returns 202 and creates its action In progress; the action ends Success or Failed with end_date set',
    requirements: [R.async202, R.asyncEnds],
    endpoint: 'cloud/nodecluster/deploy',
    async run(ctx) {
      const cluster = await createCluster(ctx);
      // A second on, the cluster's own create has ended well before: a deploy created Pending waits on nothing of this check's
      // (what else of the caller's is in progress may hold it: readActionAtOnce looks at every action the caller can list).
      await afterTargetSecond(ctx, cluster.resource_uri, []);
      const res = await ctx.api.post(`${cluster.resource_uri}deploy/`);
      ctx.expectStatus(res, 202, 'deploy (an asynchronous call)', R.async202);
      const first = await readActionAtOnce(ctx, actionUriOf(ctx, res, 'deploy'), cluster.resource_uri, 'deploy', R.async202);
      // end_date is when processing ended: an action still processing has no such date to show (it is set when the action ends).
      if (['In progress', 'Pending'].includes(String(first.state)))
        ctx.expect(
          typeof first.end_date !== 'string' || Number.isNaN(Date.parse(first.end_date)),
          `the action, still ${String(first.state)}, already shows end_date ${String(first.end_date)}`,
          {
            expected: 'no end_date (null) until processing ends',
            actual: { state: first.state, start_date: first.start_date, end_date: first.end_date },
            requirement: R.asyncEnds,
          },
        );
      const done = await finishedActionOf(ctx, res, 'deploy', undefined, R.asyncEnds);
      ctx.expect(done.state === 'Success' || done.state === 'Failed', `the action ended ${String(done.state)}`, {
        expected: 'Success or Failed',
        requirement: R.asyncEnds,
      });
      expectEndDate(ctx, done, R.asyncEnds);
    },
  }),
  cloudCheck({
    id: `${R.asyncEnds}/failed`,
    requirements: [R.asyncEnds],
    title: `An asynchronous call whose work fails (the ${UNPLACEABLE_START}) ends Failed with end_date set, when processing ended`,
    endpoint: 'cloud/service/start',
    async run(ctx) {
      const { res, action } = await failedStart(ctx);
      ctx.expectStatus(res, 202, `the ${UNPLACEABLE_START} (an asynchronous call)`, R.asyncEnds);
      expectEndDate(ctx, action, R.asyncEnds);
    },
  }),
  cloudCheck({
    id: R.every,
    title: 'Every API call by a user is recorded as an action (listed in the action list), a read (GET) too; each names its action in X-Vendor-Action-URI',
    requirements: [R.every, R.header],
    endpoint: 'cloud/action/list',
    async run(ctx) {
      const cluster = await createCluster(ctx);
      const uri = cluster.resource_uri;
      const patch = await ctx.api.patch(uri, { tags: [] });
      // Its own User-Agent tells the action of this GET from another read of the cluster.
      const get = await ctx.api.request('GET', uri, { headers: { 'user-agent': agentOf('GET') } });
      const listed = await listAll(ctx, ACTIONS, { object: uri, include_related: 'false' });
      const patchAction = patch.headers[ctx.actionHeader];
      ctx.expect(!!patchAction && listed.some((a) => sameResource(a.resource_uri, patchAction)), 'a PATCH is not recorded in the action list', {
        requirement: R.every,
      });
      // "An action is one API call": the one PATCH is listed once, not as an action of the call and another of its work.
      const patches = listed.filter((a) => a.method === 'PATCH');
      ctx.expect(patches.length === 1, `one PATCH of the cluster is listed as ${patches.length} actions`, {
        expected: 'one action',
        actual: patches.map((a) => `${String(a.resource_uri)} (${String(a.state)})`),
        requirement: R.every,
      });
      const read = await readAction(ctx, listed, get.headers[ctx.actionHeader]);
      // "Every API call by a user is recorded as an action": a read is a call, and its action is listed.
      ctx.expect(read !== undefined, 'the GET of the cluster is not recorded as an action (not listed among the actions of the cluster)', {
        expected: `an action of method GET with the User-Agent ${agentOf('GET')} in GET ${ACTIONS}?object=${uri}`,
        actual: listed.map((a) => `${String(a.method)} ${String(a.action)}`),
        requirement: R.every,
      });
      // Having created an action, the read's response names it.
      ctx.expect(
        sameResource(get.headers[ctx.actionHeader], read?.resource_uri),
        'the GET of the cluster is listed as an action, and its response does not name it',
        {
          expected: `${ctx.actionHeader}: ${String(read?.resource_uri)}`,
          actual: get.headers[ctx.actionHeader] ?? `no ${ctx.actionHeader} header`,
          requirement: R.header,
        },
      );
    },
  }),
];

/**
 * The action of the check's GET: among the actions of its object, by its User-Agent, or else the
 * one its response names, where the action list shows it (recorded with another object).
 */
async function readAction(ctx: CloudContext, listed: readonly Json[], named: string | undefined): Promise<Json | undefined> {
  const read = listed.find((a) => a.method === 'GET' && a.user_agent === agentOf('GET'));
  if (read || !named) return read;
  const [byUuid] = await listAll(ctx, ACTIONS, { uuid: String(named.replace(/\/$/, '').split('/').pop()) });
  return byUuid && sameResource(byUuid.resource_uri, named) && byUuid.method === 'GET' ? byUuid : undefined;
}

/**
 * location is "geographic location of that address": the address decides it, so the actions of
 * calls made from one address moments apart show one location, whatever the call (synchronous or
 * asynchronous). Which place the lookup names cannot be verified black-box, and is not compared.
 */
function expectOneLocationPerAddress(ctx: CloudContext, actions: readonly Action[]): void {
  const byIp = new Map<string, Action[]>();
  for (const a of actions) byIp.set(String(a.ip), [...(byIp.get(String(a.ip)) ?? []), a]);
  const shared = [...byIp.entries()].filter(([, same]) => same.length > 1);
  if (!shared.length) ctx.cannotVerify(`each action shows another ip (${[...byIp.keys()].join(', ')}): no two locations of one address to compare`);
  for (const [ip, same] of shared) {
    const locations = same.map((a) => `${String(a.method)} ${String(a.path)}: ${JSON.stringify(a.location)}`);
    ctx.expect(new Set(same.map((a) => JSON.stringify(a.location))).size === 1, `actions of calls from one address ${ip} show different locations`, {
      expected: 'one location, that of the address',
      actual: locations,
      requirement: R.location,
    });
  }
}

/**
 * A synchronous call refused because the object it names does not exist (a PATCH of an unknown
 * node cluster) is a call like any other: it creates its action, ended Failed for an error answer.
 * The action list is read only when the answer names no action, to tell a call recorded but not
 * named (the header rule's breach) from one not recorded at all.
 */
async function expectUnknownObjectCallRecorded(ctx: CloudContext): Promise<void> {
  const uri = `${CLUSTERS}${randomUUID()}/`;
  const agent = agentOf('PATCH of an unknown object');
  const res = await ctx.api.request('PATCH', uri, { headers: { 'user-agent': agent }, json: { tags: [] } });
  if (res.status === 202) return ctx.observe(`PATCH of a node cluster that does not exist answered 202: an asynchronous call, not this rule's`);
  if (!res.headers[ctx.actionHeader]) {
    const list = await ctx.api.get(ACTIONS, { object: uri, include_related: 'false' });
    const listed = list.status === 200 ? ctx.listObjects(list, `GET ${ACTIONS}`).filter((a) => a.user_agent === agent) : [];
    ctx.expect(listed.length > 0, `PATCH ${uri} (a node cluster that does not exist) answered ${res.status} and created no action`, {
      expected: `an action ${isSuccess(res.status) ? 'Success' : 'Failed'}, named in ${ctx.actionHeader} and listed with its object`,
      actual: { status: res.status, header: null, listed: list.status === 200 ? [] : `GET ${ACTIONS}?object=${uri} answered ${list.status}` },
      requirement: R.sync,
    });
  }
  const action = await actionOf(ctx, actionUriOf(ctx, res, 'a PATCH of a node cluster that does not exist'));
  const expected = isSuccess(res.status) ? 'Success' : 'Failed';
  ctx.expectEqual(action.state, expected, `a synchronous call answered ${res.status} did not create its action ${expected} at once`, R.sync);
  expectEndDate(ctx, action as Action, R.sync);
}
