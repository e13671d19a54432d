import { readFileSync } from 'node:fs';

/** One row of a state table of the cloud spec: a state and the operations allowed in it. */
export interface StateRow {
  state: string;
  allowed: string[];
  /** A state the resource passes through while work runs in the background: reachable only briefly. */
  transitional?: boolean;
  /** Why no black-box check can reach this state: its cells carry it as their uncoveredReason. */
  unreachable?: string;
  note?: string;
}

/** A row/operation pair on which the spec contradicts itself, and the reading chosen. */
export interface AmbiguousCell {
  state: string;
  operation: string;
  decision: 'allows' | 'rejects';
  level: 'recommended' | 'informational';
  reason: string;
}

/** A state table of the spec (States and transitions), as data: catalog/cloud/state-tables.json. */
export interface StateTable {
  /** The resource as it appears in ids: 'service', 'nodecluster'. */
  resource: string;
  section: string;
  /** Every operation named in the table, with the catalog endpoint that performs it. */
  operations: Record<string, string>;
  /** Operations of the resource that no row of the table mentions, with why that matters. */
  outsideTable?: Record<string, string>;
  ambiguous?: AmbiguousCell[];
  states: StateRow[];
}

export const STATE_TABLES_FILE = new URL('./state-tables.json', import.meta.url);

export function loadStateTables(file: URL = STATE_TABLES_FILE): StateTable[] {
  return JSON.parse(readFileSync(file, 'utf8')) as StateTable[];
}

/** 'Partly running' → 'partly-running', as the state appears in requirement ids. */
export function stateSlug(state: string): string {
  return state.toLowerCase().replace(/\s+/g, '-');
}

/** The states of a resource that are not transitional: where its background work has ended. */
export function settledStates(resource: string, tables: readonly StateTable[] = loadStateTables()): string[] {
  const table = tables.find((t) => t.resource === resource);
  if (!table) throw new Error(`no state table for ${resource} in catalog/cloud/state-tables.json`);
  return table.states.filter((row) => !row.transitional).map((row) => row.state);
}
