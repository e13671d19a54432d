/** The accounts of the reference service: a username, its API key and its organizations. */
export interface CloudUser {
  username: string;
  apiKey: string;
  organizations: string[];
}

export const DEFAULT_ORGANIZATION = 'conformance-org';

export const DEFAULT_USERS: CloudUser[] = [
  { username: 'conformance', apiKey: 'conformance', organizations: [DEFAULT_ORGANIZATION] },
  { username: 'conformance2', apiKey: 'conformance2', organizations: [DEFAULT_ORGANIZATION] },
];

/** Checks a users file's content: a JSON array of {username, apiKey, organizations}. */
export function parseUsers(value: unknown): CloudUser[] {
  if (!Array.isArray(value) || value.length === 0) throw new Error('users: expected a non-empty JSON array');
  return value.map((u, i) => {
    const user = u as Partial<CloudUser>;
    if (typeof user.username !== 'string' || !user.username) throw new Error(`users[${i}]: username must be a non-empty string`);
    if (typeof user.apiKey !== 'string' || !user.apiKey) throw new Error(`users[${i}]: apiKey must be a non-empty string`);
    const orgs = user.organizations ?? [];
    if (!Array.isArray(orgs) || orgs.some((o) => typeof o !== 'string')) throw new Error(`users[${i}]: organizations must be a list of strings`);
    return { username: user.username, apiKey: user.apiKey, organizations: orgs };
  });
}

/** The namespaces a user may address: their own and their organizations'. */
export function namespacesOf(user: CloudUser): string[] {
  return [user.username, ...user.organizations];
}

/** The value of an `Authorization` header for the user (what VENDOR_AUTH holds). */
export function basicAuthorization(user: CloudUser): string {
  return `Basic ${Buffer.from(`${user.username}:${user.apiKey}`).toString('base64')}`;
}
