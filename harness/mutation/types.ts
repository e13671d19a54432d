/**
 * Mutants as data. A mutant is one operator applied at one site of the catalog: a field of a
 * documented answer, a query parameter, a request body field, a documented status code. The
 * generator (generate.ts) derives every mutant from the catalog and the schemas; the reference
 * targets apply one through their single hook (apply.ts), whatever the operator.
 */
import type { SuiteName } from '../catalog/types.ts';
import type { CloudMutationSpec } from './cloud-spec.ts';

/** A path into a JSON value: property names, `[]` for every item of an array, `{}` for every value of a map. */
export type JsonPath = readonly string[];

/** What an answer operator does to the value at its path. */
export type AnswerOp =
  | 'field-absent'
  | 'field-absent-when-zero'
  | 'wrong-type'
  | 'null'
  | 'seconds-as-milliseconds'
  | 'sentinel'
  | 'boolean-negated'
  | 'zero-time'
  | 'other-id'
  | 'name-for-id'
  | 'enum-case'
  | 'list-empty'
  | 'list-one'
  | 'list-duplicated'
  | 'list-reversed';

/** What a legal operator does: a variation the specs allow, which must change no verdict. */
export type LegalOp = 'keys-reordered' | 'extra-field' | 'list-reordered' | 'list-envelope' | 'error-reworded' | 'fraction-digits' | 'latency' | TransportOp;

/** A legal variation of the HTTP transport (HTTP allows each; no verdict may change). */
export type TransportOp = 'header-case' | 'content-length' | 'chunked' | 'byte-at-a-time';

/** How a request path names its object: by identifier, or by name (an image's name or tag reference). */
export type ReferenceForm = 'id' | 'name';

/**
 * What a state-cell operator does to one operation in one source state of the engine's table:
 * answers success without the transition, refuses it, or (a 304 "no change" row) applies it anyway.
 */
export type CellOp = 'not-applied' | 'refused' | 'applied';

/** What a stream operator does to a stream answer (frames, JSON stream, hijack, WebSocket). */
export type StreamOp =
  | 'size-little-endian'
  | 'type-swapped'
  | 'type-undocumented'
  | 'reserved-nonzero'
  | 'last-frame-lost'
  | 'headers-withheld'
  | 'never-ends'
  | 'ends-early'
  | 'wrong-content-type'
  | 'upgrade-header-missing'
  | 'status-200-for-101';

/**
 * What the reference applies. Every kind names the endpoint (catalog id) and the API version it
 * applies to; requests to other endpoints or versions pass untouched.
 */
export type MutationSpec =
  | { kind: 'answer'; endpoint: string; version: string; status: number; path: JsonPath; op: AnswerOp }
  | { kind: 'status'; endpoint: string; version: string; from: number; to: number }
  | { kind: 'query-ignored'; endpoint: string; version: string; param: string }
  | { kind: 'query-default'; endpoint: string; version: string; param: string; value: string }
  | { kind: 'boolean-misread'; endpoint: string; version: string; param: string; spelling: string; readAs: string }
  | { kind: 'filter-key-ignored'; endpoint: string; version: string; key: string }
  | { kind: 'body-field'; endpoint: string; version: string; path: JsonPath; op: 'not-stored' | 'default' }
  | { kind: 'fault'; endpoint: string; version: string; fault: string }
  | { kind: 'not-applied'; endpoint: string; version: string; status: number }
  | { kind: 'event'; endpoint: string; version: string; type: string; action: string; op: 'not-emitted' | 'renamed' }
  | { kind: 'legal'; endpoint: string; version: string; status?: number; op: LegalOp; paths?: readonly JsonPath[] }
  | { kind: 'stream'; endpoint: string; version: string; op: StreamOp }
  | { kind: 'deleted-still-answered'; endpoint: string; version: string }
  | { kind: 'refused-leaves-object'; endpoint: string; version: string }
  | { kind: 'reference-unresolved'; endpoint: string; version: string; form: ReferenceForm }
  | { kind: 'container-cell'; endpoint: string; version: string; state: string; op: CellOp }
  | { kind: 'header-withheld'; endpoint: string; version: string; status: number; header: string }
  | { kind: 'header-ignored'; endpoint: string; version: string; header: string }
  | CloudMutationSpec;

/** Where a mutant sits: the atom of the catalog it breaks. */
export interface Site {
  suite: SuiteName;
  endpoint: string;
  /** A readable name of the atom: `200 [].Created`, `?all`, `body HostConfig.Memory`, `status 404`. */
  atom: string;
}

/** Stryker's statuses (mutation-testing-report-schema), as this engine uses them. */
export type MutantStatus = 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'RuntimeError' | 'Ignored' | 'Pending';

export interface Mutant {
  /** Stable: `<suite>:<operator>@<endpoint> <atom>`. */
  id: string;
  /** `family/operator`: `answer/field-absent`, `legal/keys-reordered`. */
  operator: string;
  site: Site;
  spec: MutationSpec;
  /** The requirements the atom belongs to, first the most specific. */
  requirements: string[];
  /**
   * A legal mutant: the specs allow the variation (a legal operator, or a fault operator at a site
   * catalog/mutation/allowed/ declares allowed), so no verdict may change.
   */
  legal: boolean;
  description: string;
}

/** The outcome of one mutant's run. */
export interface MutantResult {
  id: string;
  status: MutantStatus;
  /** The checks (or observed results) whose verdict changed: the killers, or for a legal mutant the false failures. */
  killedBy: string[];
  /** The checks that exchanged with the site in the baseline run. */
  coveredBy: string[];
  /** The checks that passed in the baseline and could not verify their rule under the mutant (skipped). */
  unverifiedBy?: string[];
  testsCompleted: number;
  /** Why: the killer's message, the equivalence reason, the time-out. */
  statusReason?: string;
  durationMs: number;
}
