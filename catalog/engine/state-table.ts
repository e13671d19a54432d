import { readFileSync } from 'node:fs';

/** A container state as the engine's inspect State.Status (1.22) and list filter name it. */
export type ContainerState = 'created' | 'running' | 'paused' | 'restarting' | 'exited' | 'dead';

/**
 * One row of the engine spec's table of stated operation effects: the operation (a catalog
 * endpoint), the source states its condition names, and the result: the state the container is
 * in after the success answer, or `unchanged` (the 304 "no change" rows).
 */
export interface EngineStateRow {
  requirement: string;
  endpoint: string;
  from: ContainerState[];
  result: ContainerState | 'unchanged';
}

export interface EngineStateTable {
  section: string;
  note: string;
  rows: EngineStateRow[];
}

export const ENGINE_STATE_TABLE_FILE = new URL('./state-table.json', import.meta.url);

export function loadEngineStateTable(file: URL = ENGINE_STATE_TABLE_FILE): EngineStateTable {
  return JSON.parse(readFileSync(file, 'utf8')) as EngineStateTable;
}
