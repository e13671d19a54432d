/**
 * Spec: the log streams of containers, services and actions (Stream API): message shapes,
 * `tail` (default 300), `follow` (default true; false closes after the tail), and the service
 * stream's aggregation. A finite run_command of echo built-ins writes more than 300 lines.
 */
import { cloudCheck, type CloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { sharedNodes, createService, operate, serviceBody } from '../support/app.ts';
import type { Json } from '../support/lists.ts';
import { allLines, collectCount, collectJson, openLogs, readUntil } from '../support/streams.ts';
import { emptyActionLog, endedActionOf, lateLines } from '../support/action-log.ts';
import { expectTail, type TailOf } from '../support/log-tail.ts';
import type { Container } from '../support/views.generated.ts';
import {
  containersByName,
  ERROR_LINE,
  expectContainerSources,
  expectLinesBySource,
  expectStderrLine,
  expectStreamTypes,
  expectWrittenLines,
  printingService,
} from './log-lines.ts';

/** The containers of the service whose logs are read. */
const SERVICE_LOG_CONTAINERS = 2;
/** The containers of the service whose start action's log is read. */
const ACTION_LOG_CONTAINERS = 4;
const DEFAULT_TAIL = 300;
/**
 * The containers of the service whose start action's log the tail-default check reads: what an
 * action logs is not stated, and a target that logs a line per container it starts (as the
 * reference does) holds more than 300 lines for this start.
 */
const LONG_ACTION_LOG_CONTAINERS = 310;
/** How long a followed stream is read past its tail for a line too many. */
const TAIL_GRACE_MS = 500;
/** How long a followed stream of an ended action is watched for its close (observed only). */
const ENDED_FOLLOW_MS = 1000;

interface Source {
  /** cloud/<kind>/logs */
  kind: 'container' | 'service' | 'action';
  schema: string;
  what: string;
  /**
   * A log source with its lines written, and what makes it write new ones (or a fresh source that
   * is writing); `containers`: the service's, whose names a line's source may carry (a service log
   * line's source is the name of the container that wrote it).
   */
  prepare(ctx: CloudContext): Promise<{ uri: string; renew: () => Promise<string>; containers?: Container[] }>;
  /** A source whose log holds more than 300 lines where the target writes that many (else prepare's). */
  long?(ctx: CloudContext): Promise<string>;
  /** How the long source was made, for a log that holds 300 lines or fewer. */
  longWhat?: string;
}

const SOURCES: Source[] = [
  {
    kind: 'container',
    schema: 'stream-log-line',
    what: 'container',
    async prepare(ctx) {
      const { containers } = await printingService(ctx, await sharedNodes(ctx));
      const uri = containers[0]!.resource_uri;
      const renew = async (): Promise<string> => {
        await operate(ctx, uri, 'start');
        return uri;
      };
      return { uri, renew };
    },
  },
  {
    kind: 'service',
    schema: 'service-log-line',
    what: 'service',
    async prepare(ctx) {
      // Two containers: the last n lines of the service are told apart from the last n of each container.
      const { svc, containers } = await printingService(ctx, await sharedNodes(ctx), { target_num_containers: SERVICE_LOG_CONTAINERS });
      const uri = svc.resource_uri;
      const renew = async (): Promise<string> => {
        await operate(ctx, uri, 'start');
        return uri;
      };
      return { uri, renew, containers };
    },
  },
  {
    kind: 'action',
    schema: 'action-log-line',
    what: 'action',
    async prepare(ctx) {
      const at = await sharedNodes(ctx);
      // A start of several containers logs a line per container: a log of more than two lines,
      // so that tail=n is told apart from the first n lines, from all of them and from one.
      const { start } = await printingService(ctx, at, { target_num_containers: ACTION_LOG_CONTAINERS });
      if (!start.resource_uri) return ctx.skip('the service start named no action');
      return {
        uri: start.resource_uri,
        // A fresh action that is still writing for a while: a sequential start of many containers.
        renew: async () => {
          const svc = await createService(ctx, serviceBody(ctx, at, { sequential_deployment: true, target_num_containers: 15 }));
          const res = await operate(ctx, svc.resource_uri, 'start');
          return res.headers[ctx.actionHeader] ?? ctx.blockedBy('cloud/actions/header-on-creating-responses', 'the service start named no action');
        },
      };
    },
    async long(ctx) {
      const svc = await createService(ctx, serviceBody(ctx, await sharedNodes(ctx), { target_num_containers: LONG_ACTION_LOG_CONTAINERS }));
      return endedActionOf(ctx, await operate(ctx, svc.resource_uri, 'start'), 'service start', 'cloud/service/start/effect');
    },
    longWhat: `the start of a service of ${LONG_ACTION_LOG_CONTAINERS} containers`,
  },
];

/** The tail the follow=false check asks for. */
const FOLLOW_FALSE_TAIL = 3;

/**
 * The first `n` lines of a followed stream with tail=n: the tail of a source that has ended
 * writing. Their count, not their text, is what the follow=false check compares (the tail check
 * judges which lines a tail holds).
 */
async function followedTail(ctx: CloudContext, uri: string, n: number): Promise<Json[]> {
  const session = await openLogs(ctx, uri, { tail: n });
  let seen = 0;
  const { messages } = await readUntil(ctx, session, () => ++seen >= n, 3000, 'log stream');
  session.close();
  return messages;
}

const id = (s: Source, rule: string): string => `cloud/${s.kind}/logs/${rule}`;
/**
 * A tail of `s` to judge: a service's log aggregates its containers' lines, their interleaving not
 * stated; the lines of a name several of its `containers` share are not told apart by container.
 */
const tailOf = (s: Source, t: Omit<TailOf, 'aggregated' | 'ordered' | 'shared'>, containers: readonly Container[] = []): TailOf => ({
  ...t,
  aggregated: s.kind === 'service',
  ordered: (m) => !String(m.log).includes(ERROR_LINE),
  shared: new Set([...containersByName(containers)].filter(([, group]) => group.length > 1).map(([name]) => name)),
});
function logChecks(s: Source): CloudCheck[] {
  const endpoint = `cloud/${s.kind}/logs`;
  return [
    cloudCheck({
      id: id(s, 'message-shape'),
      title: `Each message of the ${s.what} logs stream is a log line (schema ${s.schema}) with a Unix-seconds timestamp`,
      requirements: [id(s, 'message-shape'), ...(s.kind === 'container' ? ['cloud/container/logs/type-log'] : [])],
      endpoint,
      async run(ctx) {
        const { uri, containers } = await s.prepare(ctx);
        const lines = await allLines(ctx, uri);
        if (s.kind === 'action' && lines.length === 0) await emptyActionLog(ctx, uri);
        ctx.expect(lines.length > 0, `the ${s.what} logs stream sent no line`, { requirement: id(s, 'message-shape') });
        const now = Date.now() / 1000;
        lines.forEach((m, i) => {
          ctx.expectSchema('cloud/v1', s.schema, m, `log line #${i}`, id(s, 'message-shape'));
          ctx.expect(Math.abs(Number(m.timestamp) - now) < 86_400, `log line #${i} has timestamp ${String(m.timestamp)}, not Unix seconds of today`, {
            requirement: id(s, 'message-shape'),
          });
        });
        if (s.kind !== 'action') expectStreamTypes(ctx, lines, id(s, 'message-shape'));
        if (s.kind === 'container') expectWrittenLines(ctx, lines, id(s, 'message-shape'));
        if (containers) {
          expectContainerSources(ctx, lines, containers, id(s, 'message-shape'));
          expectLinesBySource(ctx, lines, containers, id(s, 'message-shape'));
        }
        if (s.kind === 'container') {
          const odd = lines.filter((m) => m.type !== 'log' || !['stdout', 'stderr'].includes(String(m.streamType)));
          ctx.expect(odd.length === 0, 'container log lines without type log or streamType stdout/stderr', {
            actual: odd.slice(0, 3),
            requirement: 'cloud/container/logs/type-log',
          });
          expectStderrLine(ctx, lines, 'cloud/container/logs/type-log');
        }
      },
    }),
    cloudCheck({
      id: id(s, 'tail-default-300'),
      title: `Without tail, the ${s.what} logs stream starts with the last 300 lines`,
      endpoint,
      async run(ctx) {
        const { uri, containers } = s.long ? { uri: await s.long(ctx), containers: undefined } : await s.prepare(ctx);
        const all = await allLines(ctx, uri);
        const total = all.length;
        const session = await openLogs(ctx, uri, undefined, id(s, 'tail-default-300'));
        const expected = Math.min(total, DEFAULT_TAIL);
        // The stream stays open (follow): a line beyond the tail would come right after it.
        const { messages } = await collectCount(ctx, session, expected, 1500, TAIL_GRACE_MS, 'log stream');
        ctx.expectEqual(messages.length, expected, `without tail the stream sent ${messages.length} of ${total} lines`, id(s, 'tail-default-300'));
        // The last lines, not any 300: a stream that starts with the first 300 of 320 sends as many.
        const what = `without tail the stream did not start with the last ${expected} of ${total} lines`;
        expectTail(ctx, tailOf(s, { got: messages, all, n: expected, what, requirement: id(s, 'tail-default-300') }, containers));
        // A log of 300 lines or fewer is sent whole under any default of at least its length: the 300 is not seen.
        if (total <= DEFAULT_TAIL)
          ctx.unverified(`${s.longWhat ?? `the ${s.what}`} logged ${total} line(s): no log of more than 300 lines to tell the default of 300 from another`);
      },
    }),
    cloudCheck({
      id: id(s, 'tail'),
      title: `tail=<n> makes the ${s.what} logs stream send the last n lines first (none for tail=0)`,
      endpoint,
      async run(ctx) {
        const { uri, containers } = await s.prepare(ctx);
        const all = await allLines(ctx, uri);
        // Fewer than all of them, so that a stream sending everything is told apart.
        const n = Math.max(1, Math.min(3, all.length - 1));
        if (all.length < 4) ctx.observe(`the ${s.what} log holds ${all.length} line(s): tail=${n} is told apart from few others`);
        const session = await openLogs(ctx, uri, { tail: n, follow: 'false' }, id(s, 'tail'));
        const { messages } = await collectJson(ctx, session, 3000, 'log stream');
        expectTail(ctx, tailOf(s, { got: messages, all, n, what: `tail=${n} did not send the last ${n} lines`, requirement: id(s, 'tail') }, containers));
        // The last 0 lines are none: a stream that reads 0 as "no tail given" sends earlier lines.
        const zero = await collectJson(ctx, await openLogs(ctx, uri, { tail: 0, follow: 'false' }, id(s, 'tail')), 3000, 'log stream');
        ctx.expectEqual(zero.messages.length, 0, `tail=0 sent ${zero.messages.length} of the ${all.length} earlier lines`, id(s, 'tail'));
      },
    }),
    cloudCheck({
      id: id(s, 'follow-default-true'),
      title: `Without follow, the ${s.what} logs stream stays open and sends new lines as they come`,
      endpoint,
      async run(ctx) {
        const { uri, renew } = await s.prepare(ctx);
        const fresh = s.kind === 'action' ? undefined : uri;
        const session = fresh ? await openLogs(ctx, fresh, { tail: 0 }, id(s, 'follow-default-true')) : undefined;
        if (session) {
          const quiet = await session.collect(300);
          ctx.expect(!quiet.closed, 'the stream closed although follow defaults to true', { requirement: id(s, 'follow-default-true') });
          await renew();
          const { messages } = await readUntil(ctx, session, () => true, 10_000, 'log stream');
          ctx.expect(messages.length > 0, 'no new line came through the open stream after the source wrote some', {
            requirement: id(s, 'follow-default-true'),
          });
          return;
        }
        // When a followed stream of an action that has ended closes is not stated ("stream or close immediately"): observed only.
        const after = await (await openLogs(ctx, uri, { tail: 0 }, id(s, 'follow-default-true'))).collect(ENDED_FOLLOW_MS);
        ctx.observe(`a followed log stream of an ended action ${after.closed ? 'closed' : `was still open after ${ENDED_FOLLOW_MS} ms`}`);
        const running = await renew();
        const live = await openLogs(ctx, running, { tail: 0 }, id(s, 'follow-default-true'));
        // Counted once the stream is open: any line the action writes after this must come through it.
        const before = (await allLines(ctx, running)).length;
        const { messages, closed } = await collectJson(ctx, live, 5000, 'log stream');
        const seen = messages.length ? messages : await lateLines(ctx, { uri: running, session: live, before, closed }, id(s, 'follow-default-true'));
        ctx.expect(seen.length > 0, 'the running action wrote new lines and none came through the stream', { requirement: id(s, 'follow-default-true') });
      },
    }),
    cloudCheck({
      id: id(s, 'follow-false-closes'),
      title: `follow=false sends the tail of the ${s.what} logs and closes the stream`,
      endpoint,
      async run(ctx) {
        const { uri, renew } = await s.prepare(ctx);
        // A finished action's stream ends anyway: follow=false must close one that is still writing.
        const source = s.kind === 'action' ? await renew() : uri;
        // How many lines the tail holds, read where follow is not in question: a followed stream's first lines.
        const tail = await followedTail(ctx, source, FOLLOW_FALSE_TAIL);
        const session = await openLogs(ctx, source, { tail: FOLLOW_FALSE_TAIL, follow: 'false' }, id(s, 'follow-false-closes'));
        const { messages, closed } = await collectJson(ctx, session, 800, 'log stream');
        ctx.expect(closed, 'with follow=false the stream did not close after the tail', { requirement: id(s, 'follow-false-closes') });
        ctx.expect(messages.length <= FOLLOW_FALSE_TAIL, `with tail=${FOLLOW_FALSE_TAIL} and follow=false the stream sent ${messages.length} lines`, {
          requirement: id(s, 'follow-false-closes'),
        });
        // "sends the tail and closes": closing at once without the tail is not it. A running action may have
        // written more lines since they were read, never fewer.
        const sentTail = s.kind === 'action' ? messages.length >= tail.length : messages.length === tail.length;
        ctx.expect(sentTail, `with follow=false the stream sent ${messages.length} lines before it closed`, {
          expected: `the ${tail.length} line(s) (or, of a running action, more) of the tail a followed stream with tail=${FOLLOW_FALSE_TAIL} starts with`,
          actual: messages.length,
          requirement: id(s, 'follow-false-closes'),
        });
      },
    }),
  ];
}

export default SOURCES.flatMap(logChecks);
