/**
 * The network list's `id=` and `name=` filters match "all or part" of the ID or name. Every reading
 * of "part" agrees that the whole value and a leading part match (the daemon of API 1.22 matches an
 * id by its prefix) and that a value that is no part of it does not; a part inside (not leading)
 * matches under the substring reading only, so the checks observe it and never fail it.
 *
 * Several values of one key combine as alternatives or all required (support/filter-values.ts: the
 * spec does not say which); several keys all apply.
 */
import { describeReadings, fittingReadings, keysWithSeveralValues, readingsOf, type KeyReadings, type ValuesReading } from './filter-values.ts';
import { PREDEFINED_NETWORKS, type Network } from './resources.ts';

export type PartMatch = 'matches' | 'inner' | 'none';

/** How `value` stands to `text` (a network's ID or name) under the readings of "all or part". */
export function partMatch(text: string, value: string): PartMatch {
  if (text.startsWith(value)) return 'matches';
  return text.includes(value) ? 'inner' : 'none';
}

const RANK: Record<PartMatch, number> = { none: 0, inner: 1, matches: 2 };

/** The best of several matches: values as alternatives. */
export function bestMatch(matches: PartMatch[]): PartMatch {
  return matches.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'none');
}

/** The worst of several matches: values all required, and several keys (they all apply). */
export function worstMatch(matches: PartMatch[]): PartMatch {
  return matches.reduce((a, b) => (RANK[b] < RANK[a] ? b : a), 'matches');
}

/** The values of one key under a reading: the best of their matches as alternatives, the worst when all are required. */
export function valuesMatch(reading: ValuesReading, matches: PartMatch[]): PartMatch {
  return reading === 'any' ? bestMatch(matches) : worstMatch(matches);
}

export type NetworkFilters = Record<string, string[]>;

/** How a filter map admits a network, each key's values read as `readings` says (alternatives where it says nothing). */
export function admits(filters: NetworkFilters, n: Network, readings: KeyReadings = {}): PartMatch {
  const predefined = (PREDEFINED_NETWORKS as readonly string[]).includes(n.Name);
  const key = (name: string, test: (v: string) => PartMatch): PartMatch =>
    filters[name]?.length ? valuesMatch(readings[name] ?? 'any', filters[name]!.map(test)) : 'matches';
  return worstMatch([
    key('id', (v) => partMatch(n.Id, v)),
    key('name', (v) => partMatch(n.Name, v)),
    key('type', (v) => ((v === 'builtin') === predefined ? 'matches' : 'none')),
  ]);
}

/** How a list answer departs from one reading: networks it admits wholly or by a leading part but left out, and networks it admits by no part but listed. */
export interface ListDepartures {
  missing: string[];
  stray: string[];
}

export function departures(filters: NetworkFilters, known: Network[], listed: ReadonlySet<string>, readings: KeyReadings): ListDepartures {
  return {
    missing: known.filter((n) => admits(filters, n, readings) === 'matches' && !listed.has(n.Name)).map((n) => n.Name),
    stray: known.filter((n) => admits(filters, n, readings) === 'none' && listed.has(n.Name)).map((n) => n.Name),
  };
}

/** What a list answer (the names of the known networks it listed) says of the readings of several values of one key. */
export interface ReadingsFit {
  /** The readings (one per key with several values) the answer fits. */
  fitting: KeyReadings[];
  /** Where it fits none: how it departs from each reading. */
  why?: string;
}

export function readingsFit(filters: NetworkFilters, known: Network[], listed: ReadonlySet<string>): ReadingsFit {
  const keys = keysWithSeveralValues(filters);
  const clean = (r: KeyReadings): boolean => {
    const d = departures(filters, known, listed, r);
    return d.missing.length === 0 && d.stray.length === 0;
  };
  const fitting = fittingReadings(keys, clean);
  if (fitting.length) return { fitting };
  const departed = (r: KeyReadings): string => {
    const d = departures(filters, known, listed, r);
    const left = `left out ${JSON.stringify(d.missing)} (the filters admit them, wholly or by a leading part)`;
    return `${left}, listed ${JSON.stringify(d.stray)} (the filters do not admit them)`;
  };
  if (!keys.length) return { fitting, why: departed({}) };
  const each = readingsOf(keys).map((r) => `${describeReadings(r)}: ${departed(r)}`);
  return { fitting, why: `no reading of the values of one key fits: ${each.join('; ')}` };
}
