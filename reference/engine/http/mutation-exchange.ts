/**
 * The engine reference's one hook for mutation testing (harness/mutation/hook.ts): for a request
 * to a catalog endpoint, the mutant's changes to its query, request body, status, JSON answers and
 * error text, and the exchange as the daemon answered it, handed to the hook's observer.
 */
import type http from 'node:http';
import type { StreamMutation, WireShape } from '../../../harness/mutation/apply-stream.ts';
import type { MutationHook, ObservedExchange } from '../../../harness/mutation/hook.ts';
import type { CellOp, ReferenceForm, TransportOp } from '../../../harness/mutation/types.ts';
import { RawJson } from './json.ts';
import { hasLength, varyTransport } from '../../shared/transport-variation.ts';

/** What the daemon's answer helpers pass their values through while a hook is set. */
export interface ExchangeMutation {
  answer(status: number, value: unknown): unknown;
  requestBody(value: unknown): unknown;
  errorText(status: number, text: string): string;
  delayMs: number;
  /** Answers the request with this bodiless status without applying it; undefined: the handler runs. */
  answerWithoutApplying?: number;
  /** A stream operator's changes (stream-mutation.ts applies them). */
  stream?: StreamMutation;
  /** A legal transport operator (transport-variation.ts applies it). */
  transport?: TransportOp;
  /** A removed object is still answered by this endpoint (`operation/deleted-still-answered`). */
  answersRemoved?: boolean;
  /** A refused rename or tag still applies what it asked (`operation/refused-leaves-object`). */
  refusalApplied?: boolean;
  /**
   * Records how the request path named the object the endpoint found (by identifier or by name);
   * false when the mutant leaves that form unresolved (`request/*-unresolved`), so the endpoint
   * answers as for a missing object.
   */
  resolves(form: ReferenceForm): boolean;
  /**
   * Records the state of the container the operation acts on, and answers what a state-cell
   * mutant (`state/cell-*`) makes the operation do in that state; undefined: what the spec states.
   */
  cell(state: string): CellOp | undefined;
  /** Records how the answer goes out (a stream, framed, a take-over) for the baseline's observer. */
  noteWire(shape: WireShape): void;
}

/** Codes whose answers carry no body (RFC 9110): a status mutant that swaps to one sends none. */
const BODILESS: ReadonlySet<number> = new Set([204, 304]);

/**
 * Drops the body's length from an answer swapped to a bodiless code: Node sends no body with a
 * 204 or 304, and a Content-Length kept from the original answer would make the exchange malformed
 * HTTP, which any client rejects whatever the check judges.
 */
function withoutBody(res: http.ServerResponse, rest: unknown[]): void {
  withoutHeader(res, rest, 'content-length');
}

/** Leaves a header out of an answer, whether set before `writeHead` or passed to it. */
function withoutHeader(res: http.ServerResponse, rest: unknown[], name: string): void {
  res.removeHeader(name);
  for (const arg of rest) {
    if (arg && typeof arg === 'object' && !Array.isArray(arg)) {
      for (const key of Object.keys(arg)) if (key.toLowerCase() === name.toLowerCase()) delete (arg as Record<string, unknown>)[key];
    }
  }
}

/** A JSON answer as plain data (an event is serialized already: its text is read back). */
const plain = (value: unknown): unknown => (value instanceof RawJson ? JSON.parse(value.text) : value);

/**
 * Starts the hook's part in one exchange: the query is changed in place, the status through
 * `res.writeHead`; the returned functions change the rest. Undefined when no hook is set.
 */
export function mutationExchange(
  hook: MutationHook | undefined,
  endpoint: string,
  version: string,
  req: http.IncomingMessage,
  url: URL,
  res: http.ServerResponse,
  spell: (name: string) => string,
): ExchangeMutation | undefined {
  if (!hook) return undefined;
  const active = hook.activeFor(endpoint, version);
  const observed: ObservedExchange | undefined = hook.observe
    ? { endpoint, version, query: url.searchParams.toString(), requestHeaders: Object.keys(req.headers), status: 0, answers: [] }
    : undefined;
  if (observed) res.once('close', () => hook.observe?.({ ...observed, status: observed.status || res.statusCode }));
  active?.query(url.searchParams, spell);
  active?.requestHeaders(req.headers);
  if (active || observed) {
    const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => http.ServerResponse;
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      if (observed) {
        observed.status = status;
        observed.wire = { ...observed.wire, lengthDelimited: hasLength(res, rest) };
      }
      const sent = active ? active.status(status) : status;
      if (sent !== status && BODILESS.has(sent)) withoutBody(res, rest);
      if (active?.headerWithheld?.status === status) withoutHeader(res, rest, spell(active.headerWithheld.header));
      return writeHead(sent, ...rest);
    }) as typeof res.writeHead;
  }
  if (active?.transport) varyTransport(res, active.transport.op);
  if (active?.stream?.headersWithheld) res.flushHeaders = () => {};
  return {
    answer(status, value) {
      const data = plain(value);
      observed?.answers.push(data);
      const sent = active ? active.answer(status, data) : data;
      // Unchanged, the value goes out as written (an event's exact int64 timeNano included).
      return sent === data ? value : sent;
    },
    requestBody(value) {
      if (observed) observed.requestBody = value;
      return active ? active.requestBody(value) : value;
    },
    errorText(status, text) {
      if (observed) observed.errorText = text;
      return active ? active.errorText(status, text) : text;
    },
    noteWire(shape) {
      if (observed) observed.wire = { ...observed.wire, ...shape };
    },
    resolves(form) {
      if (observed) observed.addressedBy = form;
      return active?.unresolved !== form;
    },
    cell(state) {
      if (observed) observed.objectState = state;
      return active?.cell?.state === state ? active.cell.op : undefined;
    },
    ...(active?.stream ? { stream: active.stream } : {}),
    ...(active?.answersRemoved ? { answersRemoved: true } : {}),
    ...(active?.refusalApplied ? { refusalApplied: true } : {}),
    ...(active?.transport ? { transport: active.transport.op } : {}),
    delayMs: active?.delayMs ?? 0,
    ...(active?.answerWithoutApplying !== undefined ? { answerWithoutApplying: active.answerWithoutApplying } : {}),
  };
}
