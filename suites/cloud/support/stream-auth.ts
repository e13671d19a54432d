/** The Stream API's authentication: an upgrade without valid Basic credentials is refused. */
import type { Credentials } from '../../../harness/run/config.ts';
import type { CloudContext } from './context.ts';

/** Frames a refusing service may send before it closes (the facts: an UNAUTHORIZED error frame). */
const REFUSAL_FRAME = /UNAUTHORIZED/;

/**
 * Basic credentials of the suite's user that are not valid (each with what it is): a wrong API key;
 * an empty one (the API key is the password, and the suite's user has a non-empty one: a server
 * that reads an empty password as "no key to check" serves anyone who knows a username); the
 * user's key under another username (the second user's when its own key differs, else a name of
 * no user: the key is the password of its own username, and a server that looks the key up alone
 * serves anyone who holds one, under any name).
 */
export function wrongCredentials(ctx: CloudContext): ReadonlyArray<readonly [Credentials, string]> {
  const { user, key } = ctx.api.credentials!;
  const second = ctx.api2?.credentials;
  // With the same key the second user's name and this key would be its valid credentials.
  const otherUser = second && second.key !== key ? second.user : `${user}-other`;
  return [
    [{ user, key: `${key}-wrong` }, 'with a wrong API key'],
    ...(key === '' ? [] : ([[{ user, key: '' }, 'with an empty API key']] as const)),
    ...(otherUser === user ? [] : ([[{ user: otherUser, key }, `as ${otherUser} with the API key of ${user}`]] as const)),
  ];
}

/**
 * The callers the Stream API must refuse: none, and each of wrongCredentials ("the same header"
 * as the REST API, so the same credentials are not valid).
 */
export function refusedCallers(ctx: CloudContext): ReadonlyArray<readonly [string, CloudContext['api']]> {
  return [['without credentials', ctx.api.as(null)], ...wrongCredentials(ctx).map(([credentials, what]) => [what, ctx.api.as(credentials)] as const)];
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
