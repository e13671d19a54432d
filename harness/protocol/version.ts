/**
 * The version prefix of request paths (`/v1.22/containers/json`) and version ordering.
 * The spec writes versions as `<major>.<minor>`; anything else after `/v` is malformed.
 */
import { quote, violation, type Decoded } from './diagnostic.ts';

export interface ApiVersion {
  major: number;
  minor: number;
}

export interface VersionedPath {
  /** As written: '1.22'. */
  version: string;
  parsed: ApiVersion;
  /** The path after the prefix: empty, or starting with '/' (or '?' / '#' when only a query or fragment follows). */
  rest: string;
}

const VERSION = /^(\d+)\.(\d+)$/;
const PREFIX = /^\/v([^/?#]*)(.*)$/s;

export function parseVersion(text: string): Decoded<ApiVersion> {
  const match = VERSION.exec(text);
  if (!match) return { diagnostics: [violation('malformed-version', `${quote(text)} is not a version of the form <major>.<minor> (such as 1.22)`)] };
  return { value: { major: Number(match[1]), minor: Number(match[2]) }, diagnostics: [] };
}

export function formatVersion(version: ApiVersion): string {
  return `${version.major}.${version.minor}`;
}

export function parseVersionedPath(path: string): Decoded<VersionedPath> {
  const match = PREFIX.exec(path);
  if (!match) {
    return { diagnostics: [violation('missing-version-prefix', `${quote(path)} does not start with a version prefix /v<major>.<minor>/`, 0)] };
  }
  const [, version = '', rest = ''] = match;
  const parsed = parseVersion(version);
  if (!parsed.value) {
    return { diagnostics: parsed.diagnostics.map((d) => ({ ...d, message: `in ${quote(path)}: ${d.message}`, offset: 2 })) };
  }
  return { value: { version, parsed: parsed.value, rest }, diagnostics: [] };
}

/** `/v1.22` + `/containers/json`; `rest` gets a leading '/' when it lacks one. */
export function formatVersionedPath(version: string | ApiVersion, rest: string): string {
  const text = typeof version === 'string' ? version : formatVersion(version);
  const tail = rest === '' || rest.startsWith('/') || rest.startsWith('?') ? rest : `/${rest}`;
  return `/v${text}${tail}`;
}

/** Negative when a < b, zero when equal, positive when a > b, comparing major then minor numerically. */
export function compareVersions(a: string | ApiVersion, b: string | ApiVersion): number {
  const x = toVersion(a);
  const y = toVersion(b);
  return Math.sign(x.major - y.major || x.minor - y.minor);
}

/** Unparseable strings sort before every version (major and minor -1), so comparing never throws. */
function toVersion(version: string | ApiVersion): ApiVersion {
  if (typeof version !== 'string') return version;
  return parseVersion(version).value ?? { major: -1, minor: -1 };
}
