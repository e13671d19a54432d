import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { LONG_SLEEP, pausedContainer, sharedExitedContainer, sharedRunningContainer } from '../support/lifecycle.ts';
import { bothStreams, expectClosed, expectLiveUntilDetached, LIVE_PROBE, LOGGED_BOTH, wsAttach, type WsCapture } from '../support/streams.ts';

const ENDPOINT = 'engine/containers/attach-ws';

/** The RFC 6455 handshake succeeded: 101 Switching Protocols (the spec lists it as 200). */
function expectSession(ctx: EngineContext, got: WsCapture, what: string): void {
  ctx.expect(got.status === 101 || got.status === 200, `${what}: the WebSocket handshake did not complete (status ${got.status})`, {
    expected: '101 Switching Protocols (listed as 200)',
    actual: { status: got.status, headers: got.headers },
  });
}

/** How long a session that stays open is read. */
const WS_READ_MS = 1500;

/** The check that reports an attach/ws route the target does not serve; the others are blocked by it. */
const SERVED = 'engine/containers/attach-ws/200-websocket-session';

/**
 * A handshake on an existing container answered 404: when a plain one (its log, no stream) is
 * answered 404 too, the route is not served, which SERVED reports; otherwise the 404 is the answer
 * to this request, judged by the check.
 */
async function blockedIfNotServed(ctx: EngineContext, got: WsCapture, id: string): Promise<void> {
  if (got.status !== 404) return;
  const plain = await wsAttach(ctx, id, { logs: 1, stdout: 1 }, { readMs: 1000 });
  if (plain.status === 404) ctx.blockedBy(SERVED, `GET /containers/(id)/attach/ws answered 404 for the existing container ${id.slice(0, 12)}`);
}

/** Whether the session carried `text` (over attach/ws the framing is not stated: raw or framed both hold it). */
function carries(got: WsCapture, text: string): boolean {
  return got.data.includes(text);
}

/** Spec: Endpoints > Containers > 18. GET /containers/(id or name)/attach/ws. */
export default [
  engineCheck({
    id: SERVED,
    title: 'GET /attach/ws completes the RFC 6455 handshake and the session carries the container output',
    requirements: ['engine/containers/attach-ws/200-websocket-session'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await ctx.createContainer({ cmd: ['echo', 'ws-hello'] });
      const got = await wsAttach(ctx, id, { stream: 1, stdout: 1, stderr: 1 }, { afterOpen: () => ctx.start(id) });
      expectSession(ctx, got, 'attach/ws stream=1');
      ctx.expect(carries(got, 'ws-hello'), 'the WebSocket session carries what the container wrote on stdout', {
        expected: 'ws-hello',
        actual: got.data.toString('utf8').slice(0, 300),
      });
      expectClosed(ctx, got, 'the session ends when the container exits');
    },
  }),
  engineCheck({
    id: 'engine/containers/attach-ws/400-bad-parameter',
    title: '(1.22) GET /attach/ws with a detachKeys value outside the grammar answers 400',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await sharedRunningContainer(ctx, [...LONG_SLEEP], { openStdin: true });
      const got = await wsAttach(ctx, id, { stream: 1, stdin: 1, stdout: 1, detachKeys: 'not-a-key' }, { readMs: 1000 });
      await blockedIfNotServed(ctx, got, id);
      ctx.expectEqual(got.status, 400, `attach/ws with detachKeys=not-a-key (a bad parameter) answers 400, got ${got.status}`);
    },
  }),
  engineCheck({
    id: 'engine/containers/attach-ws/404-no-such-container',
    title: 'GET /attach/ws for a container that does not exist answers 404',
    endpoint: ENDPOINT,
    async run(ctx) {
      const got = await wsAttach(ctx, ctx.uniqueName('missing'), { stream: 1, stdout: 1 }, { readMs: 1000 });
      if (got.status === 404) {
        const { id } = await ctx.setUp(() => sharedExitedContainer(ctx));
        await blockedIfNotServed(ctx, await wsAttach(ctx, id, { logs: 1, stdout: 1 }, { readMs: 1000 }), id);
      }
      ctx.expectEqual(got.status, 404, `attach/ws to a missing container answers 404, got ${got.status}`);
    },
  }),
  engineCheck({
    id: 'engine/containers/attach-ws/query-params-as-attach',
    title: 'GET /attach/ws takes the attach parameters: logs=1 with stdout=1 or stderr=1 returns that log only',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedExitedContainer(ctx, LOGGED_BOTH);
      const out = await wsAttach(ctx, id, { logs: 1, stdout: 1 });
      await blockedIfNotServed(ctx, out, id);
      expectSession(ctx, out, 'attach/ws logs=1&stdout=1');
      ctx.expect(carries(out, 'logged-out') && !carries(out, 'logged-err'), 'attach/ws logs=1&stdout=1 returns the stdout log and not the stderr log', {
        expected: 'logged-out only',
        actual: out.data.toString('utf8'),
      });
      const err = await wsAttach(ctx, id, { logs: 1, stderr: 1 });
      ctx.expect(carries(err, 'logged-err') && !carries(err, 'logged-out'), 'attach/ws logs=1&stderr=1 returns the stderr log and not the stdout log', {
        expected: 'logged-err only',
        actual: err.data.toString('utf8'),
      });
    },
  }),
  engineCheck({
    id: 'engine/containers/attach-ws/query-params-as-attach/live-streams',
    title: 'GET /attach/ws selects the live stream as attach does: stream=1 with stdout=1 carries the stdout output only, with stderr=1 the stderr output only',
    requirements: ['engine/containers/attach-ws/query-params-as-attach'],
    endpoint: ENDPOINT,
    async run(ctx) {
      // The log= checks above select from the stored log; these select the output written while attached.
      for (const [selected, wanted, other] of [
        ['stdout', 'ws-live-out', 'ws-live-err'],
        ['stderr', 'ws-live-err', 'ws-live-out'],
      ] as const) {
        const { id } = await ctx.createContainer({ cmd: bothStreams('ws-live-out', 'ws-live-err') });
        const got = await wsAttach(ctx, id, { stream: 1, [selected]: 1 }, { afterOpen: () => ctx.start(id) });
        await blockedIfNotServed(ctx, got, id);
        expectSession(ctx, got, `attach/ws stream=1&${selected}=1`);
        ctx.expect(carries(got, wanted) && !carries(got, other), `attach/ws stream=1&${selected}=1 carries the live ${selected} output only`, {
          expected: `${wanted} and not ${other}`,
          actual: got.data.toString('utf8').slice(0, 300),
        });
      }
    },
  }),
  engineCheck({
    id: 'engine/containers/attach-ws/query-params-as-attach/detach-keys',
    title: '(1.22) GET /attach/ws takes detachKeys as attach does: the sequence sent on the session detaches the client, and the container keeps running',
    requirements: ['engine/containers/attach-ws/query-params-as-attach'],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      // As for attach, the sequence is watched for on a tty.
      const { id } = await ctx.runningContainer(['cat'], { openStdin: true, tty: true });
      const got = await wsAttach(
        ctx,
        id,
        { stream: 1, stdin: 1, stdout: 1, detachKeys: 'ctrl-x' },
        { send: `${LIVE_PROBE}\n`, onceEchoed: { echoed: LIVE_PROBE, send: '\x18' }, readMs: WS_READ_MS },
      );
      await blockedIfNotServed(ctx, got, id);
      expectSession(ctx, got, 'attach/ws stream=1&stdin=1&detachKeys=ctrl-x');
      expectLiveUntilDetached(ctx, got, 'after ctrl-x (the detachKeys sequence) sent on the session the target ends it');
      ctx.expectEqual((await ctx.state(id)).Running, true, 'detaching does not stop the container: State.Running is still true');
    },
  }),
  engineCheck({
    id: 'engine/containers/attach-ws/query-params-as-attach/stdin-stream',
    title: 'GET /attach/ws takes stdin, stream and logs as attach does: stdin=1 reaches the process, and by default stdin, logs and stream are off',
    requirements: ['engine/containers/attach-ws/query-params-as-attach', 'engine/stream/stdin-forwarded'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await ctx.runningContainer(['cat'], { openStdin: true });
      const attached = await wsAttach(ctx, id, { stream: 1, stdin: 1, stdout: 1 }, { send: ['ws-stdin-in\n', 'ws-stdin-again\n'], readMs: WS_READ_MS });
      await blockedIfNotServed(ctx, attached, id);
      expectSession(ctx, attached, 'attach/ws stream=1&stdin=1&stdout=1');
      ctx.verify(
        carries(attached, 'ws-stdin-in') && carries(attached, 'ws-stdin-again'),
        'with stdin=1 the two messages sent on the session did not both reach the process and come back (cat echoes them)',
        { requirement: 'engine/stream/stdin-forwarded', expected: 'ws-stdin-in and ws-stdin-again echoed on stdout', actual: attached.data.toString('utf8') },
      );
      const plain = await wsAttach(ctx, id, { stream: 1, stdout: 1 }, { send: 'ws-no-stdin\n', readMs: WS_READ_MS });
      ctx.verify(!carries(plain, 'ws-no-stdin'), 'without stdin (default false) a message sent on the session reached the process', {
        requirement: 'engine/containers/attach-ws/query-params-as-attach',
        expected: 'ws-no-stdin not echoed',
        actual: plain.data.toString('utf8'),
      });
      ctx.verify(!carries(plain, 'ws-stdin-in'), 'without logs (default false) the session returned the earlier output', {
        requirement: 'engine/containers/attach-ws/query-params-as-attach',
        expected: 'no earlier output',
        actual: plain.data.toString('utf8'),
      });
      const logged = await wsAttach(ctx, id, { logs: 1, stdout: 1 }, { readMs: WS_READ_MS });
      ctx.verify(carries(logged, 'ws-stdin-in') && logged.closed, 'logs=1 without stream (default false) must return the log and end the session', {
        requirement: 'engine/containers/attach-ws/query-params-as-attach',
        expected: 'ws-stdin-in, then the session closed',
        actual: { data: logged.data.toString('utf8'), closed: logged.closed },
      });
    },
  }),
  engineCheck({
    id: 'engine/states/paused-attach-exec-409/attach-ws',
    title: '(1.22) GET /attach/ws to a paused container answers 409: the state table refuses attach while paused, on either attach endpoint',
    requirements: ['engine/states/paused-attach-exec-409'],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      // The state table's rule names attach, not one of its two endpoints: a WebSocket handler that skips the state check attaches to a frozen container.
      const { id } = await pausedContainer(ctx);
      const got = await wsAttach(ctx, id, { stream: 1, stdout: 1, stderr: 1 }, { readMs: 500 });
      await blockedIfNotServed(ctx, got, id);
      ctx.expectEqual(got.status, 409, `attach/ws to a paused container answers 409, got ${got.status}`);
    },
  }),
];
