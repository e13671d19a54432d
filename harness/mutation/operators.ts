/**
 * The operators: each one realistic way an implementation breaks one atom (or, for the legal
 * family, one variation the specs allow). An operator is data, a name and a description, plus the
 * rule of which atoms it applies to; generate.ts applies every operator at every atom it fits.
 * Operators are never chosen per check: an operator that no check catches is a survivor to show.
 */
import type { QueryParam, ResponseSpec } from '../catalog/types.ts';
import { TRANSPORT_OPERATORS } from './apply-stream.ts';
import type { SchemaField } from './schema-fields.ts';
import type { AnswerOp, LegalOp } from './types.ts';

export interface AnswerOperator {
  op: AnswerOp;
  description: string;
  /** Whether the operator applies to the field (an answer field, or the answer itself at path []). */
  fits(field: SchemaField): boolean;
}

const has = (field: SchemaField, type: string): boolean => field.types.includes(type);
const scalar = (field: SchemaField): boolean => ['string', 'number', 'boolean'].some((t) => has(field, t));
const isField = (field: SchemaField): boolean => field.path.length > 0 && field.path.at(-1) !== '[]';

export const ANSWER_OPERATORS: readonly AnswerOperator[] = [
  { op: 'field-absent', description: 'the field is left out of the answer', fits: (f) => isField(f) && f.path.at(-1) !== '{}' },
  {
    op: 'field-absent-when-zero',
    description: 'the field is left out when its value is zero, empty or null (omitempty)',
    // Only where the schema admits a zero value: elsewhere no conforming answer carries one to leave out.
    fits: (f) => isField(f) && f.path.at(-1) !== '{}' && f.zeroAllowed && (scalar(f) || has(f, 'array') || f.map),
  },
  { op: 'wrong-type', description: 'the value is written as another JSON type', fits: (f) => isField(f) && f.types.length > 0 && !has(f, 'null') },
  { op: 'null', description: 'the value is null', fits: (f) => isField(f) && f.types.length > 0 && !has(f, 'null') },
  {
    op: 'seconds-as-milliseconds',
    description: 'a time stated in seconds is written in milliseconds',
    fits: (f) => f.time === 'unix-seconds',
  },
  {
    op: 'sentinel',
    description: 'a number is written with the other sentinel (0 for -1 and for any other value, -1 for 0)',
    fits: (f) => isField(f) && has(f, 'number') && f.time === undefined,
  },
  { op: 'boolean-negated', description: 'a boolean is written as its opposite (a flag read or stored inverted)', fits: (f) => isField(f) && has(f, 'boolean') },
  { op: 'zero-time', description: 'a time is the zero time (never set)', fits: (f) => f.time !== undefined },
  { op: 'other-id', description: "an identifier is another object's", fits: (f) => f.id && has(f, 'string') },
  { op: 'name-for-id', description: 'a name is written where an identifier is stated', fits: (f) => f.id && has(f, 'string') },
  {
    op: 'enum-case',
    description: 'an enumerated value is written in another case',
    fits: (f) => Boolean(f.enum?.some((v) => typeof v === 'string' && v.toUpperCase() !== v.toLowerCase())),
  },
  { op: 'list-empty', description: 'the list is empty', fits: (f) => has(f, 'array') },
  { op: 'list-one', description: 'the list holds its first item only', fits: (f) => has(f, 'array') },
  { op: 'list-duplicated', description: 'the list holds its first item twice', fits: (f) => has(f, 'array') },
  { op: 'list-reversed', description: 'the list is in the reverse of its stated order', fits: (f) => has(f, 'array') && f.ordered },
];

/** Every documented code answered as each other documented code of its endpoint, as 500, and 2xx swapped. */
export function statusTargets(from: number, documented: readonly number[]): number[] {
  const swaps: Record<number, number[]> = { 200: [201, 204], 201: [200], 204: [200] };
  const targets = [...documented.filter((s) => s !== from), ...(from === 500 ? [] : [500]), ...(swaps[from] ?? [])];
  return [...new Set(targets)].filter((s) => s !== 101);
}

/**
 * The spellings of a boolean query parameter each spec documents, and what each one is misread as:
 * the engine's overview documents 1/True/true and 0/False/false; the cloud spec writes only
 * true and false.
 */
export const BOOLEAN_MISREADINGS: Readonly<Record<'engine' | 'cloud', ReadonlyArray<{ spelling: string; readAs: string }>>> = {
  engine: [
    { spelling: '1', readAs: '0' },
    { spelling: 'true', readAs: 'false' },
    { spelling: 'True', readAs: 'false' },
    { spelling: '0', readAs: '1' },
    { spelling: 'false', readAs: 'true' },
    { spelling: 'False', readAs: 'true' },
  ],
  cloud: [
    { spelling: 'true', readAs: 'false' },
    { spelling: 'false', readAs: 'true' },
  ],
};

/**
 * The documented keys of a `filters` parameter in one API version: the `key=` words of its
 * description, without those after a `(1.22)` mark in another version, and without the words of a
 * key's value form (`label=key=value` names one key, `label`).
 */
export function filterKeys(param: QueryParam, version: string): string[] {
  if (param.type !== 'filters') return [];
  const marked = /\((\d+\.\d+)\)/.exec(param.description);
  const text = marked && marked[1] !== version ? param.description.slice(0, marked.index) : param.description;
  return [...new Set([...text.matchAll(/(?<![=a-z_.-])([a-z][a-z_.-]*)=/g)].map((m) => m[1]!))];
}

/** A time after any run: a `since` default (0, unfiltered) replaced by it filters everything out. */
const FAR_FUTURE_SECONDS = 4_102_444_800;

/**
 * Another value of a query parameter's type than the default its catalog entry states: what a
 * target that misremembers the default takes when the client leaves the parameter out. Booleans
 * are negated (spelled as the API's overview writes them), numbers become 1 (2 where the default
 * is 1), a timestamp a time after the run, a signal another signal, an enumerated string another
 * member, a string documented as "all or a number" a number, any other string another text.
 */
export function otherDefault(param: QueryParam, api: 'engine' | 'cloud'): string | undefined {
  const stated = param.default;
  if (stated === undefined || stated === null || param.fromFacts) return undefined;
  if (param.type === 'boolean') return api === 'engine' ? (stated ? '0' : '1') : String(!stated);
  if (param.type === 'timestamp') return String(FAR_FUTURE_SECONDS);
  if (param.type === 'integer') return String(stated === 1 ? 2 : 1);
  if (param.type === 'signal') return stated === 'SIGTERM' ? 'SIGKILL' : 'SIGTERM';
  if (param.enum) return param.enum.find((v) => v !== stated);
  if (/\ba number\b/.test(param.description)) return '1';
  return typeof stated === 'string' ? `${stated}-conformance-default-replaced` : undefined;
}

export const LEGAL_OPERATORS: Record<LegalOp, string> = {
  'keys-reordered': 'the keys of every object of the answer in another order',
  'extra-field': 'an undocumented field added to every documented object of the answer',
  'list-reordered': 'the list answered in another order (the spec states none)',
  'list-envelope': 'the list answered in another envelope, {count, next, previous, results} (the spec does not show it)',
  'error-reworded': 'every error answered with another text (the code unchanged)',
  'fraction-digits': 'timestamps written with another number of fractional digits (the same instant)',
  latency: 'every answer of the endpoint 150 ms later',
  ...TRANSPORT_OPERATORS,
};

/**
 * A response whose JSON the answer operators rewrite: a shape the spec states. A shape from the
 * facts (and the error body of a code only the facts give) is observed by the suite, never failed.
 */
export function mutableAnswer(response: ResponseSpec): boolean {
  return Boolean(response.schema) && !response.schemaFromFacts && !(response.fromFacts && response.status >= 400);
}
