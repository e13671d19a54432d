/**
 * The network list's `id=` and `name=` filters match "all or part" of the ID or name. Every reading
 * of "part" agrees that the whole value and a leading part match (the daemon of API 1.22 matches an
 * id by its prefix) and that a value that is no part of it does not; a part inside (not leading)
 * matches under the substring reading only, so the checks observe it and never fail it.
 */
export type PartMatch = 'matches' | 'inner' | 'none';

/** How `value` stands to `text` (a network's ID or name) under the readings of "all or part". */
export function partMatch(text: string, value: string): PartMatch {
  if (text.startsWith(value)) return 'matches';
  return text.includes(value) ? 'inner' : 'none';
}

const RANK: Record<PartMatch, number> = { none: 0, inner: 1, matches: 2 };

/** Several values of one key: a network the best of them admits (values are alternatives). */
export function bestMatch(matches: PartMatch[]): PartMatch {
  return matches.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'none');
}

/** Several keys: a network every key admits (keys all apply), so the worst of them. */
export function worstMatch(matches: PartMatch[]): PartMatch {
  return matches.reduce((a, b) => (RANK[b] < RANK[a] ? b : a), 'matches');
}
