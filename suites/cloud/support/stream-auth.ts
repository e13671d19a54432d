/** The Stream API's authentication: an upgrade without valid Basic credentials is refused. */
import type { CloudContext } from './context.ts';

/** Frames a refusing service may send before it closes (the facts: an UNAUTHORIZED error frame). */
const REFUSAL_FRAME = /UNAUTHORIZED/;

/** The callers the Stream API must refuse: none, and a wrong API key for the suite's user. */
export function refusedCallers(ctx: CloudContext): ReadonlyArray<readonly [string, CloudContext['api']]> {
  return [
    ['without credentials', ctx.api.as(null)],
    ['with a wrong key', ctx.api.as({ user: ctx.api.credentials!.user, key: 'wrong-key' })],
  ];
}

/** The upgrade of `path` by `api` is refused: no 101, and no message other than a refusal frame. */
export async function expectUpgradeRefused(ctx: CloudContext, api: CloudContext['api'], path: string, what: string, requirement: string): Promise<void> {
  const session = await api.openStream(path);
  ctx.defer(() => session.close());
  const { messages } = await session.collect(500);
  const sent = messages.map((m) => m.toString()).filter((m) => !REFUSAL_FRAME.test(m));
  ctx.expect(session.status !== 101 || sent.length === 0, `the upgrade of ${path} ${what} was accepted and sent messages`, {
    expected: 'no 101',
    actual: { status: session.status, messages: sent.slice(0, 3) },
    requirement,
  });
  ctx.expect(session.status !== 101, `the upgrade of ${path} ${what} answered 101`, { expected: 'refused (401)', actual: session.status, requirement });
  ctx.observe(`upgrade of ${path} ${what}: ${session.status}${messages.length ? `, frames ${messages.map(String).join(' ').slice(0, 200)}` : ''}`);
}
