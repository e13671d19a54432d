/**
 * The one hook each reference target has for mutants: given the catalog endpoint and API version
 * a request is for, `activeMutation` answers what the mutant does to that exchange, or undefined
 * when it is another endpoint's. The references call the returned functions at the few places an
 * exchange passes through (the query, the request body, the status, the JSON answer, the error
 * text); what each operator does is decided here, once, from the mutant's data.
 */
import { isJsonObject, type JsonObject } from '../protocol/json-value.ts';
import {
  anotherId,
  changeAt,
  copyJson,
  isZeroValue,
  ofAnotherType,
  otherFractionDigits,
  readPlace,
  removePlace,
  writePlace,
  zeroOfType,
  zeroTimeLike,
  type Place,
} from './json-path.ts';
import { streamMutation, transportMutation, type StreamMutation, type TransportMutation } from './apply-stream.ts';
import { cloudMutation, type CloudDecisions } from './apply-cloud.ts';
import { isCloudSpec } from './cloud-spec.ts';
import type { AnswerOp, CellOp, MutationSpec, ReferenceForm } from './types.ts';

/** What the mutant does to one exchange with its endpoint. Each function is the identity where the mutant does not act. */
export interface ActiveMutation {
  /** The status the answer goes out with. */
  status(status: number): number;
  /** A JSON answer (or one object of a JSON stream) of the given status, as it goes out. */
  answer(status: number, body: unknown): unknown;
  /** An error message, as it goes out. */
  errorText(status: number, text: string): string;
  /** The query as the endpoint reads it (`spell` gives a documented name in the target's spelling). */
  query(params: URLSearchParams, spell: (name: string) => string): void;
  /** The request headers as the endpoint reads them (lower-case names, as Node gives them). */
  requestHeaders(headers: Record<string, unknown>): void;
  /** The answer with this status goes out without this header (the documented name; the reference spells it). */
  headerWithheld?: { status: number; header: string };
  /** The JSON request body as the endpoint reads it. */
  requestBody(body: unknown): unknown;
  /** How long the answer waits before it is handled. */
  delayMs: number;
  /** When set, the request is answered with this bodiless status and not applied (the handler never runs). */
  answerWithoutApplying?: number;
  /** A stream operator's changes to a stream answer (apply-stream.ts). */
  stream?: StreamMutation;
  /** A removed object is still found by the endpoint, and answered as if it existed. */
  answersRemoved?: boolean;
  /** A refused request (4xx) still applies what it asked: takes the name, leaves the tag. */
  refusalApplied?: boolean;
  /** The endpoint does not find an object its path names this way, and answers as if it did not exist. */
  unresolved?: ReferenceForm;
  /** A state-cell operator: what the operation does instead when the container is in `state`. */
  cell?: { state: string; op: CellOp };
  /** A legal transport operator's variation of the answer's bytes (apply-stream.ts). */
  transport?: TransportMutation;
  /** The cloud reference's decisions inside the call (state tables, actions, namespaces), as the mutant has them. */
  cloud?: CloudDecisions;
}

/** What `answer` returns for a JSON stream object the mutant leaves out (an event not emitted). */
export const LEFT_OUT = undefined;

const IDENTITY: ActiveMutation = {
  status: (s) => s,
  answer: (_s, body) => body,
  errorText: (_s, text) => text,
  query: () => {},
  requestHeaders: () => {},
  requestBody: (body) => body,
  delayMs: 0,
};

/**
 * The named faults of the reference a mutant switches on for its whole run: an operator of the
 * parametrised fault families (`field-ignored:<Field>`), whose effect shows after the exchange.
 */
export function faultsOf(spec: MutationSpec | undefined): string[] {
  return spec?.kind === 'fault' ? [spec.fault] : [];
}

/** The mutant's effect on an exchange with `endpoint` in API `version`, or undefined where it has none. */
export function activeMutation(spec: MutationSpec | undefined, endpoint: string, version: string): ActiveMutation | undefined {
  if (!spec || spec.endpoint !== endpoint || spec.version !== version) return undefined;
  if (isCloudSpec(spec)) return cloudMutation(spec, IDENTITY);
  switch (spec.kind) {
    case 'answer':
      return { ...IDENTITY, answer: (status, body) => (status === spec.status ? answerChanged(body, spec.path, spec.op) : body) };
    case 'status':
      return { ...IDENTITY, status: (status) => (status === spec.from ? spec.to : status) };
    case 'query-ignored':
      return { ...IDENTITY, query: (params, spell) => params.delete(spell(spec.param)) };
    case 'query-default':
      return { ...IDENTITY, query: (params, spell) => withDefault(params, spell(spec.param), spec.value) };
    case 'boolean-misread':
      return { ...IDENTITY, query: (params, spell) => misreadBoolean(params, spell(spec.param), spec.spelling, spec.readAs) };
    case 'filter-key-ignored':
      return { ...IDENTITY, query: (params) => withoutFilterKey(params, spec.key) };
    case 'body-field':
      return { ...IDENTITY, requestBody: (body) => bodyChanged(body, spec.path, spec.op) };
    case 'fault':
      return undefined;
    case 'not-applied':
      return { ...IDENTITY, answerWithoutApplying: spec.status };
    case 'event':
      return { ...IDENTITY, answer: (_status, body) => eventChanged(body, spec) };
    case 'legal':
      return legalMutation(spec);
    case 'stream':
      return { ...IDENTITY, stream: streamMutation(spec.op) };
    case 'deleted-still-answered':
      return { ...IDENTITY, answersRemoved: true };
    case 'refused-leaves-object':
      return { ...IDENTITY, refusalApplied: true };
    case 'reference-unresolved':
      return { ...IDENTITY, unresolved: spec.form };
    case 'container-cell':
      return { ...IDENTITY, cell: { state: spec.state, op: spec.op } };
    case 'header-withheld':
      return { ...IDENTITY, headerWithheld: { status: spec.status, header: spec.header } };
    case 'header-ignored':
      return { ...IDENTITY, requestHeaders: (headers) => delete headers[spec.header.toLowerCase()] };
  }
}

/** The parameter, where the client left it out, taken as another value than its stated default. */
function withDefault(params: URLSearchParams, name: string, value: string): void {
  if (!params.has(name)) params.set(name, value);
}

function answerChanged(body: unknown, path: readonly string[], op: AnswerOp): unknown {
  if (body === undefined || typeof body !== 'object' || body === null) return body;
  return changeAt(copyJson(body), path, (place) => ANSWER_CHANGES[op](place));
}

const setTo =
  (f: (value: unknown) => unknown) =>
  (place: Place): void =>
    writePlace(place, f(readPlace(place)));
const onList =
  (f: (list: unknown[]) => unknown[]) =>
  (place: Place): void => {
    const value = readPlace(place);
    if (Array.isArray(value)) writePlace(place, f(value));
  };

const ANSWER_CHANGES: Record<AnswerOp, (place: Place) => void> = {
  'field-absent': removePlace,
  'field-absent-when-zero': (place) => {
    if (isZeroValue(readPlace(place))) removePlace(place);
  },
  'wrong-type': setTo(ofAnotherType),
  null: setTo(() => null),
  'seconds-as-milliseconds': setTo((v) => (typeof v === 'number' ? v * 1000 : v)),
  sentinel: setTo((v) => (typeof v !== 'number' ? v : v === 0 ? -1 : 0)),
  'boolean-negated': setTo((v) => (typeof v === 'boolean' ? !v : v)),
  'zero-time': setTo(zeroTimeLike),
  'other-id': setTo(anotherId),
  'name-for-id': setTo((v) => (typeof v === 'string' ? 'conformance-a-name-not-an-id' : v)),
  'enum-case': setTo((v) => (typeof v !== 'string' ? v : v === v.toUpperCase() ? v.toLowerCase() : v.toUpperCase())),
  'list-empty': onList(() => []),
  'list-one': onList((list) => list.slice(0, 1)),
  'list-duplicated': onList((list) => (list.length ? [...list, copyJson(list[0])] : list)),
  'list-reversed': onList((list) => [...list].reverse()),
};

/**
 * An event of the kind (1.22: Type and Action; 1.18: status) left out of the stream, or sent
 * under another name.
 */
function eventChanged(body: unknown, spec: Extract<MutationSpec, { kind: 'event' }>): unknown {
  if (!isJsonObject(body)) return body;
  const typed = typeof body.Type === 'string';
  const matches = typed ? body.Type === spec.type && (body.Action === spec.action || body.status === spec.action) : body.status === spec.action;
  if (!matches) return body;
  if (spec.op === 'not-emitted') return LEFT_OUT;
  const renamed = `renamed-${spec.action}`;
  return { ...body, ...(typeof body.status === 'string' ? { status: renamed } : {}), ...(typed ? { Action: renamed } : {}) };
}

function misreadBoolean(params: URLSearchParams, name: string, spelling: string, readAs: string): void {
  if (params.get(name) === spelling) params.set(name, readAs);
}

/** The `filters` parameter without one documented key (a target that does not know that filter). */
function withoutFilterKey(params: URLSearchParams, key: string): void {
  const raw = params.get('filters');
  if (raw === null) return;
  try {
    const filters = JSON.parse(raw) as unknown;
    if (!isJsonObject(filters) || !Object.hasOwn(filters, key)) return;
    delete filters[key];
    params.set('filters', JSON.stringify(filters));
  } catch {
    // not JSON: the endpoint's own answer to it is what the checks see
  }
}

function bodyChanged(body: unknown, path: readonly string[], op: 'not-stored' | 'default'): unknown {
  if (!isJsonObject(body)) return body;
  return changeAt(copyJson(body), path, op === 'not-stored' ? removePlace : setTo(zeroOfType));
}

/** The key every documented object gets under `legal/extra-field`: the specs allow fields they do not list. */
export const EXTRA_FIELD = 'ConformanceUndocumentedField';
/** The text every error gets under `legal/error-reworded`: the specs fix codes, not error texts. */
export const REWORDED_ERROR = 'the conformance suite reworded this error: the specs fix the code, not the text';
/** The added latency of `legal/latency`, in milliseconds. */
export const LEGAL_LATENCY_MS = 150;

function legalMutation(spec: Extract<MutationSpec, { kind: 'legal' }>): ActiveMutation {
  const ofStatus = (status: number): boolean => spec.status === undefined || spec.status === status;
  const answering = (f: (body: unknown) => unknown): ActiveMutation => ({
    ...IDENTITY,
    answer: (status, body) => (ofStatus(status) && body !== null && typeof body === 'object' ? f(copyJson(body)) : body),
  });
  switch (spec.op) {
    case 'keys-reordered':
      return answering(keysReversed);
    case 'extra-field':
      return answering((body) => (spec.paths ?? [[]]).reduce((acc, path) => changeAt(acc, path, setTo(withExtraField)), body));
    case 'list-reordered':
      return answering((body) =>
        (spec.paths ?? [[]]).reduce(
          (acc, path) =>
            changeAt(
              acc,
              path,
              onList((l) => [...l].reverse()),
            ),
          body,
        ),
      );
    case 'list-envelope':
      return answering(resultsEnvelope);
    case 'fraction-digits':
      return answering(timesRewritten);
    case 'error-reworded':
      return { ...IDENTITY, errorText: (status, text) => (status >= 400 ? REWORDED_ERROR : text), answer: (s, b) => rewordedBody(s, b) };
    case 'latency':
      return { ...IDENTITY, delayMs: LEGAL_LATENCY_MS };
    case 'header-case':
    case 'content-length':
    case 'chunked':
    case 'byte-at-a-time':
      return { ...IDENTITY, transport: transportMutation(spec.op) };
  }
}

function keysReversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keysReversed);
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .reverse()
      .map((k) => [k, keysReversed(value[k])]),
  );
}

/** The facts' {meta, objects} as Django REST framework's {count, next, previous, results}: the same objects and links. */
function resultsEnvelope(value: unknown): unknown {
  if (!isJsonObject(value) || !Array.isArray(value.objects)) return value;
  const meta = isJsonObject(value.meta) ? value.meta : {};
  return { count: meta.total_count ?? value.objects.length, next: meta.next ?? null, previous: meta.previous ?? null, results: value.objects };
}

function withExtraField(value: unknown): unknown {
  return isJsonObject(value) ? { ...value, [EXTRA_FIELD]: true } : value;
}

function timesRewritten(value: unknown): unknown {
  if (typeof value === 'string') return otherFractionDigits(value);
  if (Array.isArray(value)) return value.map(timesRewritten);
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, timesRewritten(v)]));
}

/** An error body's message (`message` of the engine, `error` of the cloud) reworded. */
function rewordedBody(status: number, body: unknown): unknown {
  if (status < 400 || !isJsonObject(body)) return body;
  const out: JsonObject = { ...body };
  for (const key of ['message', 'error']) if (typeof out[key] === 'string') out[key] = REWORDED_ERROR;
  return out;
}
