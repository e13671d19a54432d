/**
 * Credentials for the in-memory registry. A repository on a registry host (`host:port/name`) is
 * private: push and pull need the account's credentials, from X-Registry-Auth (pull, push) or the
 * host's entry of X-Registry-Config (build). Repositories without a host (the official index, e.g.
 * busybox) are public. Wrong or missing credentials are refused, so a client (or a conformance
 * check) can tell whether the daemon passed the credentials it was given.
 */
import type { FaultSet } from '../faults.ts';
import { normalizeRepo, registryHost } from './reference.ts';

/** The registry's one account (the embedded run's --registry-auth default) and its token. */
export const REGISTRY_ACCOUNT = { username: 'conformance', password: 'conformance' } as const;
export const REGISTRY_TOKEN = 'conformance-token';

/** Private repositories of the official index (no registry host): `conformance/private…`, push and pull need the account. */
export const PRIVATE_OFFICIAL_REPO = 'conformance/private';

/** The X-Registry-Config key of the official index: the spec requires the https:// prefix and /v1/ suffix. */
export const OFFICIAL_REGISTRY_KEY = 'https://index.docker.io/v1/';

/** What the daemon sends the registry for one request: an AuthConfig, or nothing. */
export type Credentials = Record<string, unknown> | undefined;

function decodeJson(header: string | string[] | undefined): unknown {
  if (typeof header !== 'string' || !header) return undefined;
  try {
    return JSON.parse(Buffer.from(header.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The AuthConfig of X-Registry-Auth (pull, push); nothing under `registry-auth-ignored`. */
export function credentialsOfAuth(header: string | string[] | undefined, faults: FaultSet): Credentials {
  if (faults.has('registry-auth-ignored')) return undefined;
  const value = decodeJson(header);
  if (!isObject(value)) return undefined;
  // Under `blind30-auth-token-read-as-identitytoken` the token is read from the later API's `identitytoken` key: a {registrytoken} passes none.
  if (faults.has('blind30-auth-token-read-as-identitytoken')) return { ...value, registrytoken: value.identitytoken };
  return value;
}

/**
 * The credentials X-Registry-Config holds for a registry host (build): the entry keyed by the
 * host (`host:port`, or the domain alone for port 443), a URL form of it also accepted. The
 * official index (host '') is keyed `https://index.docker.io/v1/` exactly.
 */
export function credentialsOfConfig(header: string | string[] | undefined, host: string, faults: FaultSet): Credentials {
  if (faults.has('build-registry-config-ignored')) return undefined;
  if (faults.has('registry-config-standard-base64') && typeof header === 'string' && /[-_]/.test(header)) return undefined;
  const map = decodeJson(header);
  if (!isObject(map)) return undefined;
  const bare = (key: string) => key.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  const official = faults.has('official-registry-key-unrecognized') ? 'index.docker.io' : OFFICIAL_REGISTRY_KEY;
  // Under `blind9-registry-config-url-key-unmatched` a private registry's key is compared as written: a URL form matches nothing.
  const hostKey = (key: string) => (faults.has('blind9-registry-config-url-key-unmatched') ? key : bare(key));
  const matches = (key: string) => (host ? hostKey(key) === host || hostKey(key) === host.replace(/:443$/, '') : key === official);
  const entry = Object.entries(map).find(([key]) => matches(key));
  return entry && isObject(entry[1]) ? entry[1] : undefined;
}

/** True when the repository is public or the credentials are the account's (or its token). */
export function mayAccess(repo: string, creds: Credentials): boolean {
  if (!registryHost(repo) && !normalizeRepo(repo).startsWith(PRIVATE_OFFICIAL_REPO)) return true;
  if (!creds) return false;
  if (creds.registrytoken !== undefined) return creds.registrytoken === REGISTRY_TOKEN;
  return creds.username === REGISTRY_ACCOUNT.username && creds.password === REGISTRY_ACCOUNT.password;
}
