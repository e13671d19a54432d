import type { TranscriptEntry } from '../../check/outcome.ts';
import { escapeRegExp } from '../../escape-regexp.ts';
import type { WordPart } from './shell-quote.ts';

/** Ids a target makes up: engine ids (64 hex digits) and the cloud API's uuids. */
const ID_TOKEN = /[0-9a-f]{64}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** The engine's short form of an id: its first 12 digits. */
const SHORT = 12;

/** Where in an answer an id was read: a JSON path into its body, or a header. */
export type CaptureSource = { body: Array<string | number> } | { header: string };

/** An id the target made up in one answer and a later request names: the script reads it from its own answer. */
export interface Capture {
  variable: string;
  token: string;
  /** The index of the exchange whose answer carries it. */
  exchange: number;
  source: CaptureSource;
  /** A later request names it by its 12-digit prefix: the script keeps that too. */
  short?: string;
}

const requestText = (e: TranscriptEntry): string => [e.request.path, e.request.body ?? '', ...Object.values(e.request.headers)].join('\n');

/** An answer that carries an id: where the script can read it. */
interface Sighting {
  exchange: number;
  source: CaptureSource;
}

/**
 * The ids to capture: each one first seen in an answer (not sent by the check before: that is an id
 * it made up) and named by a later request, in full or by its short form. It is read from the
 * latest answer before that request, one naming it outside a list if there is one: an answer
 * that showed it earlier may not show it yet when replayed (the containers a service's start
 * answers with, before they are created).
 */
export function capturesOf(entries: readonly TranscriptEntry[]): Capture[] {
  const sent = new Set<string>();
  const sightings = new Map<string, Sighting[]>();
  entries.forEach((entry, i) => {
    for (const token of requestText(entry).match(ID_TOKEN) ?? []) sent.add(token);
    for (const [token, source] of answerTokens(entry)) {
      if (sent.has(token) && !sightings.has(token)) continue;
      sightings.set(token, [...(sightings.get(token) ?? []), { exchange: i, source }]);
    }
  });
  const captures: Capture[] = [];
  for (const [token, seen] of sightings) {
    const use = firstUse(entries, token, seen[0]!.exchange);
    if (!use) continue;
    const before = seen.filter((s) => s.exchange < use.exchange);
    const { exchange, source } = before.findLast((s) => !inList(s.source)) ?? before.at(-1)!;
    const variable = `ID${captures.length + 1}`;
    captures.push({ variable, token, exchange, source, ...(use.short ? { short: `${variable}_SHORT` } : {}) });
  }
  return captures;
}

/** The first request after `after` that names the token, and whether any names it by its short form. */
function firstUse(entries: readonly TranscriptEntry[], token: string, after: number): { exchange: number; short: boolean } | undefined {
  const shortForm = token.length === 64 ? new RegExp(`\\b${token.slice(0, SHORT)}\\b`) : undefined;
  let exchange: number | undefined;
  let short = false;
  for (let i = after + 1; i < entries.length; i++) {
    const text = requestText(entries[i]!);
    const full = text.includes(token);
    const byShort = shortForm?.test(text.replaceAll(token, '')) ?? false;
    if ((full || byShort) && exchange === undefined) exchange = i;
    short ||= byShort;
  }
  return exchange === undefined ? undefined : { exchange, short };
}

const inList = (source: CaptureSource): boolean => 'body' in source && source.body.some((key) => typeof key === 'number');

/** The ids an answer carries, each with where it was read. */
function answerTokens(entry: TranscriptEntry): Array<[string, CaptureSource]> {
  const out: Array<[string, CaptureSource]> = [];
  for (const [name, value] of Object.entries(entry.response?.headers ?? {})) {
    for (const token of value.match(ID_TOKEN) ?? []) out.push([token, { header: name }]);
  }
  const body = entry.response?.body;
  const parsed = body === undefined ? undefined : parseJson(body);
  for (const token of body?.match(ID_TOKEN) ?? []) {
    const path = parsed === undefined ? undefined : pathTo(parsed, token);
    if (path) out.push([token, { body: path }]);
  }
  return out;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The path of the first string in a JSON value that holds the token. */
function pathTo(value: unknown, token: string): Array<string | number> | undefined {
  if (typeof value === 'string') return value.includes(token) ? [] : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const rest = pathTo(child, token);
    if (rest) return [key, ...rest];
  }
  return undefined;
}

/** Text of a request with the captured ids (those read before `exchange`) as variables. */
export function withCaptures(text: string, captures: readonly Capture[], exchange: number): WordPart[] {
  const known = captures.filter((c) => c.exchange < exchange);
  if (!known.length) return [text];
  const byText = new Map<string, string>();
  for (const c of known) {
    byText.set(c.token, c.variable);
    if (c.short) byText.set(c.token.slice(0, SHORT), c.short);
  }
  const pattern = new RegExp(
    [...byText.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'g',
  );
  const parts: WordPart[] = [];
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    parts.push(text.slice(at, m.index), { variable: byText.get(m[0])! });
    at = m.index + m[0].length;
  }
  parts.push(text.slice(at));
  return parts;
}
