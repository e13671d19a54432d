/**
 * Headers whose values are secrets: credentials never reach a report. The cloud API also accepts
 * credentials in the query (?user=&token=), so query values are redacted by name too.
 */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'x-registry-auth', 'x-registry-config', 'cookie', 'set-cookie']);
const SECRET_QUERY = new Set(['token', 'apikey', 'api_key', 'password', 'key']);

export const REDACTED = '[redacted]';

/**
 * Headers with their secrets redacted. A secret value the run named (`named`: the Authorization of
 * --auth, --auth2) says whose it was, `[redacted: --auth]`, so that a replay can send it again.
 */
export function redactHeaders(headers: Record<string, string | string[] | undefined>, named?: ReadonlyMap<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? redactedAs(named?.get(text)) : text;
  }
  return out;
}

function redactedAs(label: string | undefined): string {
  return label === undefined ? REDACTED : `[redacted: ${label}]`;
}

/** The name a redacted value carries (`--auth` of `[redacted: --auth]`), undefined for a bare or unredacted one. */
export function redactedLabel(value: string): string | undefined {
  return /^\[redacted: (.+)\]$/.exec(value)?.[1];
}

/** Whether a header value is redacted (named or not). */
export function isRedacted(value: string): boolean {
  return value === REDACTED || redactedLabel(value) !== undefined;
}

export function redactPath(pathWithQuery: string): string {
  const q = pathWithQuery.indexOf('?');
  if (q < 0) return pathWithQuery;
  const params = new URLSearchParams(pathWithQuery.slice(q + 1));
  let changed = false;
  for (const name of [...params.keys()]) {
    if (SECRET_QUERY.has(name.toLowerCase())) {
      params.set(name, REDACTED);
      changed = true;
    }
  }
  return changed ? `${pathWithQuery.slice(0, q)}?${params.toString()}` : pathWithQuery;
}

/** Redacts secrets that a body may carry (auth request bodies, credential fields). */
export function redactBody(text: string): string {
  return text.replace(/("(?:password|registrytoken|identitytoken|auth|token)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, `$1"${REDACTED}"`);
}
