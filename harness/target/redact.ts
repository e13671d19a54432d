/**
 * Headers whose values are secrets: credentials never reach a report. The cloud API also accepts
 * credentials in the query (?user=&token=), so query values are redacted by name too.
 */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'x-registry-auth', 'x-registry-config', 'cookie', 'set-cookie']);
const SECRET_QUERY = new Set(['token', 'apikey', 'api_key', 'password', 'key']);

export const REDACTED = '[redacted]';

export function redactHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
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
