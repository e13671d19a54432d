/**
 * Boolean query values. The spec: `1`, `True`, `true` mean true; `0`, `False`, `false` mean false.
 * Anything else is outside the spec (real daemons read `""`, `0`, `no`, `false`, `none` in any
 * case as false and everything else as true, facts: `daemonReadsBoolean` models that).
 */
import { quote, violation, type Decoded } from './diagnostic.ts';

export const DOCUMENTED_TRUE_SPELLINGS = ['1', 'True', 'true'] as const;
export const DOCUMENTED_FALSE_SPELLINGS = ['0', 'False', 'false'] as const;
export const DOCUMENTED_BOOLEAN_SPELLINGS: readonly string[] = [...DOCUMENTED_TRUE_SPELLINGS, ...DOCUMENTED_FALSE_SPELLINGS];

const TRUE_SET: ReadonlySet<string> = new Set(DOCUMENTED_TRUE_SPELLINGS);
const FALSE_SET: ReadonlySet<string> = new Set(DOCUMENTED_FALSE_SPELLINGS);
const DAEMON_FALSE: ReadonlySet<string> = new Set(['', '0', 'no', 'false', 'none']);

export function parseBoolean(raw: string): Decoded<boolean> {
  if (TRUE_SET.has(raw)) return { value: true, diagnostics: [] };
  if (FALSE_SET.has(raw)) return { value: false, diagnostics: [] };
  return {
    diagnostics: [violation('not-a-documented-boolean', `${quote(raw)} is not a documented boolean spelling (${DOCUMENTED_BOOLEAN_SPELLINGS.join(', ')})`)],
  };
}

/** The canonical spelling (`1`/`0`, as the suites send), or a chosen documented spelling. */
export function encodeBoolean(value: boolean, style: 'digit' | 'lower' | 'capitalized' = 'digit'): string {
  const index = style === 'digit' ? 0 : style === 'capitalized' ? 1 : 2;
  return (value ? DOCUMENTED_TRUE_SPELLINGS : DOCUMENTED_FALSE_SPELLINGS)[index];
}

/** How a real daemon reads the value (facts), for explaining what a target did with an undocumented spelling. */
export function daemonReadsBoolean(raw: string): boolean {
  return !DAEMON_FALSE.has(raw.toLowerCase());
}

export type BooleanStyle = 'digit' | 'lower' | 'capitalized';

/**
 * The query of `pathWithQuery` with each of `params` sent as `1`/`0` spelled in `style` instead
 * (`true`/`false` or `True`/`False`), and each parameter of `absent` the query lacks added with
 * that value (its documented default) in the same style; every other byte of the path is kept.
 */
export function respellBooleans(pathWithQuery: string, params: readonly string[], style: BooleanStyle, absent: Readonly<Record<string, boolean>> = {}): string {
  const at = pathWithQuery.indexOf('?');
  const [path, search] = at < 0 ? [pathWithQuery, ''] : [pathWithQuery.slice(0, at), pathWithQuery.slice(at + 1)];
  const names = new Set(params);
  const sent = new Set<string>();
  const query = (search ? search.split('&') : []).map((pair) => {
    const [raw, value] = pair.split('=', 2) as [string, string | undefined];
    const name = decodeURIComponent(raw);
    sent.add(name);
    if (!names.has(name) || (value !== '1' && value !== '0')) return pair;
    return `${raw}=${encodeBoolean(value === '1', style)}`;
  });
  for (const [name, value] of Object.entries(absent)) if (!sent.has(name)) query.push(`${encodeURIComponent(name)}=${encodeBoolean(value, style)}`);
  return query.length ? `${path}?${query.join('&')}` : path;
}
