/**
 * Spec: Events (the Stream API's `GET /api/audit/v1/events`; message format "not shown": the
 * facts' shapes, graded informational) and the Stream request rule.
 */
import type { WebSocketSession } from '../../../harness/target/websocket.ts';
import { ACTIONS } from '../support/actions.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { sharedNodes, createService, createStack, firstContainer, operateAndSettle, serviceBody } from '../support/app.ts';
import { listAll, sameResource, type Json } from '../support/lists.ts';
import { EVENTS, openEvents, readUntil } from '../support/streams.ts';
import { CREATES } from '../support/operation-requirements.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const ENDPOINT = 'cloud/events';
const R = {
  websocket: 'cloud/stream/websocket-get',
  endpoint: 'cloud/stream/events/endpoint',
  shape: 'cloud/stream/events/message-shape',
  emitted: 'cloud/stream/events/emitted-on-changes',
  parents: 'cloud/stream/events/parents',
  filters: 'cloud/stream/events/filters',
  audit: 'cloud/stream/events/audit-as-actions',
};
const WAIT_MS = 10_000;

const isAbout =
  (uri: unknown) =>
  (m: Json): boolean =>
    sameResource(m.resource_uri, uri);

/** Reads events until one satisfies `wanted`; fails naming `requirement` when none comes. */
async function expectEvent(
  ctx: CloudContext,
  session: WebSocketSession,
  wanted: (m: Json) => boolean,
  what: string,
  requirement: string,
  seen: Json[] = [],
): Promise<Json> {
  const earlier = seen.find(wanted);
  if (earlier) return earlier;
  const { messages } = await readUntil(ctx, session, wanted, WAIT_MS, 'events');
  seen.push(...messages);
  const found = messages.find(wanted);
  return found ?? ctx.fail(`no event ${what} arrived within ${WAIT_MS} ms`, { expected: what, actual: messages.slice(-5), requirement });
}

/**
 * The messages the events endpoint sends after a create must be JSON text (a frame that is not
 * fails the Stream request rule). Which operations emit events and what a message holds are not
 * shown: an event naming the created object is looked for, and its absence, or no message at
 * all, is observed and leaves that comparison unverified, never failed.
 */
async function observeEventAbout(ctx: CloudContext, session: WebSocketSession, uri: string, first: Json[]): Promise<void> {
  if (first.some(isAbout(uri))) return;
  const { messages } = await readUntil(ctx, session, isAbout(uri), WAIT_MS, 'events', R.websocket);
  if (messages.some(isAbout(uri))) return;
  const seen = first.length + messages.length;
  ctx.cannotVerify(
    seen
      ? `none of the ${seen} event message(s) names the service just created by resource_uri (message format: not shown)`
      : `no event message came within ${WAIT_MS} ms of a service create (which operations emit events: not shown): the JSON text of messages could not be seen`,
  );
}

/**
 * Connection headers other clients send on the upgrade, as RFC 6455 4.1 reads "WebSocket upgrade headers": the request
 * "MUST include a |Connection| header field whose value MUST include the 'Upgrade' token", and header tokens are
 * case-insensitive (RFC 9110 7.6.1 for Connection, RFC 6455 4.2.1 for the server's reading): a token list as browsers send
 * (Firefox: `keep-alive, Upgrade`), and the token in lower case.
 */
const OTHER_CONNECTIONS = ['keep-alive, Upgrade', 'upgrade'];

/** The events upgrade with each of OTHER_CONNECTIONS is a Stream request like any: answered 101 Switching Protocols. */
async function expectOtherConnectionsUpgraded(ctx: CloudContext): Promise<void> {
  for (const connection of OTHER_CONNECTIONS) {
    const session = await ctx.api.openStream(EVENTS, undefined, undefined, connection);
    session.close();
    ctx.expect(session.status === 101, `the events upgrade with Connection: ${connection} answered ${session.status}, not 101 Switching Protocols`, {
      expected: `101 (Connection includes the token Upgrade, case-insensitive: RFC 6455 4.1)`,
      actual: session.status,
      requirement: R.websocket,
    });
  }
}

export default [
  cloudCheck({
    id: R.endpoint,
    title:
      'GET /api/audit/v1/events upgrades to a WebSocket (101) with the REST credentials and sends JSON text messages, whether Connection is ' +
      "'Upgrade', a token list holding it or lower case; without the credentials it is refused",
    requirements: [R.endpoint, R.websocket],
    endpoint: ENDPOINT,
    async run(ctx) {
      const { session, first } = await openEvents(ctx, undefined, R.endpoint, R.websocket);
      const svc = await createService(ctx, serviceBody(ctx, undefined));
      await observeEventAbout(ctx, session, svc.resource_uri, first);
      await expectOtherConnectionsUpgraded(ctx);
      const anonymous = await ctx.api.as(null).openStream(EVENTS);
      anonymous.close();
      ctx.expect(anonymous.status !== 101, 'the events upgrade without credentials was accepted (101)', {
        expected: 401,
        actual: anonymous.status,
        requirement: R.endpoint,
      });
      const wrong = await ctx.api.as({ user: ctx.api.credentials?.user ?? 'x', key: 'conformance-wrong-key' }).openStream(EVENTS);
      wrong.close();
      ctx.expect(wrong.status !== 101, 'the events upgrade with a wrong API key was accepted (101)', {
        expected: 401,
        actual: wrong.status,
        requirement: R.endpoint,
      });
    },
  }),
  cloudCheck({
    id: R.emitted,
    title: "Creating, starting and terminating a service emits events with its resource_uri and new state, each of the facts' shape",
    requirements: [R.emitted, R.shape],
    endpoint: ENDPOINT,
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const { session, first } = await openEvents(ctx);
      const seen = [...first];
      const svc = await createService(ctx, serviceBody(ctx, at));
      const about = isAbout(svc.resource_uri);
      await expectEvent(ctx, session, (m) => about(m) && m.action === 'create', 'create of the service', R.emitted, seen);
      await operateAndSettle(ctx, svc, 'start');
      await expectEvent(ctx, session, (m) => about(m) && m.action === 'update' && m.state === 'Running', 'update of the service to Running', R.emitted, seen);
      const container = await firstContainer(ctx, svc);
      await expectEvent(ctx, session, (m) => isAbout(container.resource_uri)(m) && m.type === 'container', 'about its container', R.emitted, seen);
      await operateAndSettle(ctx, svc, 'terminate');
      await expectEvent(ctx, session, (m) => about(m) && m.state === 'Terminated', 'of the service reaching Terminated', R.emitted, seen);
      seen.forEach((m, i) => ctx.expectView('stream-event', m, `event #${i}`, R.shape));
    },
  }),
  cloudCheck({
    id: R.parents,
    title: "Event parents: a container's service, stack, node and node cluster; a service's stack",
    endpoint: ENDPOINT,
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const { session, first } = await openEvents(ctx);
      const seen = [...first];
      const stack = await createStack(ctx, { name: ctx.uniqueName('stack'), services: [serviceBody(ctx, at)] });
      const svcUri = ((await ctx.getJson('stack', stack.resource_uri, 'stack')).services as string[])[0]!;
      await operateAndSettle(ctx, stack, 'start');
      const container = await firstContainer(ctx, { resource_uri: svcUri });
      const svcEvent = await expectEvent(ctx, session, isAbout(svcUri), "about the stack's service", R.parents, seen);
      const has = (m: Json, uri: unknown): boolean => Array.isArray(m.parents) && m.parents.some((p) => sameResource(p, uri));
      ctx.expect(has(svcEvent, stack.resource_uri), "a service event's parents do not list its stack", {
        expected: stack.resource_uri,
        actual: svcEvent.parents,
        requirement: R.parents,
      });
      const cEvent = await expectEvent(ctx, session, isAbout(container.resource_uri), 'about the container', R.parents, seen);
      for (const [what, uri] of [
        ['service', svcUri],
        ['stack', stack.resource_uri],
        ['node', container.node],
        ['node cluster', at.cluster.resource_uri],
      ] as const) {
        ctx.expect(has(cEvent, uri), `a container event's parents do not list its ${what}`, { expected: uri, actual: cEvent.parents, requirement: R.parents });
      }
    },
  }),
  cloudCheck({
    id: R.filters,
    title: 'The events filters type, object and parent restrict the events sent to the matching ones',
    endpoint: ENDPOINT,
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await createService(ctx, serviceBody(ctx, at));
      const uri = svc.resource_uri;
      const filters: Array<[string, Record<string, string>, (m: Json) => boolean]> = [
        ['type=container', { type: 'container' }, (m) => m.type === 'container'],
        ['object=<service>', { object: uri }, isAbout(uri)],
        ['parent=<service>', { parent: uri }, (m) => Array.isArray(m.parents) && m.parents.some((p) => sameResource(p, uri))],
      ];
      const sessions = await Promise.all(filters.map(([, query]) => openEvents(ctx, query)));
      await operateAndSettle(ctx, svc, 'start');
      // The sessions were open through the same changes: their late events are read side by side.
      const late = await Promise.all(sessions.map(({ session }) => session.collect(300)));
      for (const [i, [name, , matches]] of filters.entries()) {
        const { first } = sessions[i]!;
        const { messages } = late[i]!;
        const events = [...first, ...messages.map((m) => JSON.parse(m.toString()) as Json)].filter((m) => m.type !== 'auth');
        ctx.expect(events.length > 0, `no event came through the filter ${name} although matching changes happened`, { requirement: R.filters });
        const other = events.filter((m) => !matches(m));
        ctx.expect(other.length === 0, `the filter ${name} let ${other.length} other event(s) through`, {
          expected: name,
          actual: other.slice(0, 3),
          requirement: R.filters,
        });
      }
    },
  }),
  cloudCheck({
    id: R.audit,
    title: 'API calls are recorded as actions (listed, with the object they apply to) whose logs the action logs stream serves',
    endpoint: 'cloud/action/list',
    async run(ctx) {
      const res = await ctx.api.post('/api/app/v1/service/', serviceBody(ctx, undefined));
      ctx.precondition(isSuccess(res.status), `service create answered ${res.status}`, CREATES.service);
      const svc = ctx.expectJson<Json>(res, 'service');
      ctx.defer(async () => void (await ctx.api.delete(String(svc.resource_uri))));
      const actionUri = res.headers[ctx.actionHeader];
      if (!actionUri) return ctx.fail('the create response names no action', { requirement: R.audit });
      const action = await ctx.getJson('action', actionUri, 'action');
      ctx.expect(sameResource(action.object, svc.resource_uri), 'the action of the service create does not name the service as its object', {
        expected: svc.resource_uri,
        actual: action.object,
        requirement: R.audit,
      });
      ctx.expect(
        (await listAll(ctx, ACTIONS)).some((a) => a.uuid === action.uuid),
        'the action is not in the action list',
        { requirement: R.audit },
      );
      const logs = await ctx.api.openStream(`${actionUri}logs/`, { follow: 'false' });
      logs.close();
      ctx.expectEqual(logs.status, 101, 'the action logs stream of the action was not served', R.audit);
    },
  }),
];
