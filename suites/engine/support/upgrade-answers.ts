/**
 * The answer heads of the hijacked streams (attach, logs, exec start): 101 with the upgrade
 * headers when the client sent the hint, 200 without them otherwise, and a 101 that really hands
 * the connection over.
 */
import type { EngineContext } from './context.ts';
import { RAW_STREAM, type Capture } from './streams.ts';

/** The status rule of a stream answer: 101 with the hint, 200 without. */
export function expectStreamStatus(ctx: EngineContext, capture: Capture, upgrade: boolean, what: string, requirement?: string): void {
  const expected = upgrade ? 101 : 200;
  ctx.expect(
    capture.status === expected,
    `${what}: expected ${expected} ${upgrade ? '(the client sent Upgrade: tcp and Connection: Upgrade)' : '(no upgrade header sent)'}, ` +
      `got ${capture.status} ${capture.statusText}`,
    {
      expected,
      actual: { status: capture.status, statusText: capture.statusText, headers: capture.headers, body: capture.data.subarray(0, 300).toString('utf8') },
      requirement,
    },
  );
}

/** A 101 answer (expectStreamStatus) that repeats the three headers: Content-Type raw-stream, Connection: Upgrade, Upgrade: tcp. */
export function expectUpgradeHeaders(ctx: EngineContext, capture: Capture, what: string, requirement?: string): void {
  expectStreamStatus(ctx, capture, true, what, requirement);
  const expected = { 'content-type': ctx.spell(RAW_STREAM), connection: 'upgrade', upgrade: 'tcp' };
  const actual = {
    'content-type': capture.headers['content-type'] ?? '(absent)',
    connection: (capture.headers['connection'] ?? '(absent)').toLowerCase(),
    upgrade: (capture.headers['upgrade'] ?? '(absent)').toLowerCase(),
  };
  ctx.expectEqual(
    actual,
    expected,
    `${what}: a 101 answer repeats Content-Type: ${expected['content-type']}, Connection: Upgrade and Upgrade: tcp`,
    requirement,
  );
  expectHandedOver(ctx, capture, what, requirement);
}

/**
 * A 101 hands the connection over: no HTTP body follows it, so its head carries no
 * Transfer-Encoding and the bytes after it are the stream itself (judged by the frame or Tty
 * verifier, which the hijack client gives them raw after a 101).
 */
export function expectHandedOver(ctx: EngineContext, capture: Capture, what: string, requirement?: string): void {
  const encoding = capture.headers['transfer-encoding'];
  ctx.expect(
    encoding === undefined,
    `${what}: a 101 hands the connection over, yet its head carries Transfer-Encoding: ${encoding} (the stream goes out as an HTTP body)`,
    { expected: 'no Transfer-Encoding on a 101', actual: capture.headers, requirement },
  );
}

/** A 200 answer (expectStreamStatus) without an Upgrade header (there was nothing to upgrade). */
export function expectNoUpgradeHeaders(ctx: EngineContext, capture: Capture, what: string, requirement?: string): void {
  expectStreamStatus(ctx, capture, false, what, requirement);
  const upgrade = capture.headers['upgrade'];
  ctx.expect(upgrade === undefined, `${what}: a 200 answer (no upgrade header found) carries no Upgrade header, got Upgrade: ${upgrade}`, {
    expected: 'no Upgrade header',
    actual: capture.headers,
    requirement,
  });
}
