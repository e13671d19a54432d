/**
 * What a reference target is given to take part in mutation testing: one object, set per server.
 * It answers, per exchange, what the mutant does to it (apply.ts), and sees every exchange as the
 * target answered it, which is how the baseline run learns which check reaches which atom.
 */
import { spell } from '../profile.ts';
import { activeMutation, faultsOf, type ActiveMutation } from './apply.ts';
import type { WireShape } from './apply-stream.ts';
import { cloudReaches } from './apply-cloud.ts';
import { isCloudSpec } from './cloud-spec.ts';
import type { MutationSpec, ReferenceForm } from './types.ts';

/** One exchange with a catalog endpoint, as the target saw and answered it (before any mutation). */
export interface ObservedExchange {
  endpoint: string;
  version: string;
  query: string;
  requestBody?: unknown;
  status: number;
  /** The JSON answers: one for a JSON body, each object of a JSON stream. */
  answers: unknown[];
  errorText?: string;
  /** How the answer went out: its length, a take-over, a stream (for the stream and transport operators). */
  wire?: WireShape;
  /** How the request path named the object the endpoint found: by its identifier or by its name. */
  addressedBy?: ReferenceForm;
  /** The names of the request headers the client sent, lower-case. */
  requestHeaders?: string[];
  /** The state of the container the operation acted on, when it was looked at (the state-cell operators). */
  objectState?: string;
}

export interface MutationHook {
  /** What the mutant does to an exchange with this endpoint, or undefined where it does nothing. */
  activeFor(endpoint: string, version: string): ActiveMutation | undefined;
  /** Named faults of the reference the mutant switches on for its run. */
  readonly faults: readonly string[];
  /** Called once per exchange with a catalog endpoint, when its answer is complete. */
  observe?(exchange: ObservedExchange): void;
}

/** The hook of one mutant. */
export function mutantHook(spec: MutationSpec): MutationHook {
  return { activeFor: (endpoint, version) => activeMutation(spec, endpoint, version), faults: faultsOf(spec) };
}

/** The hook of the baseline: no mutation, every exchange handed to `observe`. */
export function observingHook(observe: (exchange: ObservedExchange) => void): MutationHook {
  return { activeFor: () => undefined, faults: [], observe };
}

/**
 * Whether the mutant changes anything in an exchange the target made: the status, an answer, the
 * error text, the query or the request body as the endpoint reads it, or the answer's timing.
 * A check none of whose exchanges the mutant changes cannot be the one that kills it.
 */
export function mutantReaches(spec: MutationSpec, exchange: ObservedExchange): boolean {
  if (isCloudSpec(spec)) return cloudReaches(spec, exchange);
  if (spec.kind === 'fault') return spec.endpoint === exchange.endpoint && spec.version === exchange.version && sentField(exchange, spec.fault);
  const active = activeMutation(spec, exchange.endpoint, exchange.version);
  if (!active) return false;
  if (active.answersRemoved) return exchange.status === 404;
  if (active.refusalApplied) return exchange.status >= 400 && exchange.status < 500;
  if (active.unresolved) return exchange.addressedBy === active.unresolved;
  if (active.cell) return exchange.objectState === active.cell.state;
  if (active.headerWithheld) return exchange.status === active.headerWithheld.status;
  if (spec.kind === 'header-ignored') return Boolean(exchange.requestHeaders?.includes(spec.header.toLowerCase()));
  const onTheWire = active.stream ?? active.transport;
  if (onTheWire) return onTheWire.reaches(exchange.wire ?? {});
  if (active.delayMs > 0 || active.answerWithoutApplying !== undefined || active.status(exchange.status) !== exchange.status) return true;
  if (exchange.answers.some((a) => !sameJson(active.answer(exchange.status, a), a))) return true;
  if (exchange.errorText !== undefined && active.errorText(exchange.status, exchange.errorText) !== exchange.errorText) return true;
  const query = new URLSearchParams(exchange.query);
  // The references run with the real spellings (the docker profile), as the mutants are generated.
  active.query(query, (name) => spell(name, exchange.endpoint.startsWith('cloud/') ? 'cloud' : 'engine', 'docker'));
  if (query.toString() !== new URLSearchParams(exchange.query).toString()) return true;
  return exchange.requestBody !== undefined && !sameJson(active.requestBody(exchange.requestBody), exchange.requestBody);
}

/** A `field-ignored:<Field>` fault reaches the creates that sent that field (top level or HostConfig). */
function sentField(exchange: ObservedExchange, fault: string): boolean {
  const field = fault.slice(fault.indexOf(':') + 1);
  const body = exchange.requestBody as Record<string, unknown> | undefined;
  const hostConfig = body?.HostConfig as Record<string, unknown> | undefined;
  return Boolean(body && (field in body || (hostConfig && field in hostConfig)));
}

const sameJson = (a: unknown, b: unknown): boolean => stringify(a) === stringify(b);
const stringify = (value: unknown): string => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? '';
