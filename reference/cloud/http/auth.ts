/**
 * HTTP Basic authentication with the API key as password; the Stream API also takes
 * `?user=<name>&token=<apikey>` (one client sends no header).
 */
import type { CloudUser } from '../users.ts';

/**
 * `anyKey`: the fault blind-auth-key-unchecked (the user is found by name, whatever the key);
 * `emptyKey`: blind5-auth-empty-key-accepted (an empty key is taken as "no key to check");
 * `keyOnly`: blind6-auth-key-of-any-user (the key is looked up alone; its owner is the caller).
 */
export function userFromBasic(
  header: string | undefined,
  users: readonly CloudUser[],
  anyKey = false,
  emptyKey = false,
  keyOnly = false,
): CloudUser | undefined {
  const m = /^Basic\s+(\S+)\s*$/i.exec(header ?? '');
  if (!m?.[1]) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const username = decoded.slice(0, colon);
  const key = decoded.slice(colon + 1);
  if (keyOnly && key !== '') return users.find((u) => u.apiKey === key);
  return anyKey || (emptyKey && key === '') ? users.find((u) => u.username === username) : findUser(users, username, key);
}

export function userFromQuery(query: URLSearchParams, users: readonly CloudUser[]): CloudUser | undefined {
  const name = query.get('user');
  const token = query.get('token');
  return name && token ? findUser(users, name, token) : undefined;
}

function findUser(users: readonly CloudUser[], username: string, apiKey: string): CloudUser | undefined {
  return users.find((u) => u.username === username && u.apiKey === apiKey);
}
