/**
 * The query encoder the suites use. Booleans are sent as the spec's canonical `1`/`0` unless the
 * caller spells them itself (boolean-spelling checks pass the string they want on the wire).
 */
export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;
export type Query = Record<string, QueryValue>;

export function encodeQuery(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else if (typeof value === 'boolean') params.append(name, value ? '1' : '0');
    else params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
