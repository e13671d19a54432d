/**
 * The cloud reference keeps its state tables as code (a switch per resource reads better than a
 * lookup in the catalog); the spec's tables live in catalog/cloud/state-tables.json, which the
 * suites read. Both must say the same: every state, and in each the operations allowed, the
 * catalog's reading of an ambiguous cell included.
 */
import { describe, expect, test } from 'vitest';
import { loadStateTables, type StateTable as CatalogTable } from '../../../catalog/cloud/state-tables.ts';
import { CANCELABLE_ACTION_STATES, TERMINAL_ACTION_STATES, type ActionState } from '../../../reference/cloud/actions/action.ts';
import { CONTAINER_OPS } from '../../../reference/cloud/state/container.ts';
import { NODE_OPS } from '../../../reference/cloud/state/node.ts';
import { NODE_CLUSTER_OPS } from '../../../reference/cloud/state/nodecluster.ts';
import { SERVICE_OPS } from '../../../reference/cloud/state/service.ts';
import { STACK_OPS } from '../../../reference/cloud/state/stack.ts';

type ReferenceTable = Readonly<Record<string, readonly string[]>>;

const ACTION_STATES: readonly ActionState[] = ['Pending', 'In progress', 'Canceling', 'Canceled', 'Success', 'Failed'];

/** Actions keep two lists rather than a table: cancel while cancelable, retry once ended. */
const ACTION_OPS: ReferenceTable = Object.fromEntries(
  ACTION_STATES.map((state) => [
    state,
    [...(CANCELABLE_ACTION_STATES.includes(state) ? ['cancel'] : []), ...(TERMINAL_ACTION_STATES.includes(state) ? ['retry'] : [])],
  ]),
);

const REFERENCE: Record<string, ReferenceTable> = {
  action: ACTION_OPS,
  service: SERVICE_OPS,
  stack: STACK_OPS,
  container: CONTAINER_OPS,
  node: NODE_OPS,
  nodecluster: NODE_CLUSTER_OPS,
};

/** What the catalog says each state allows, among the operations its table names. */
function catalogAllows(table: CatalogTable): Record<string, string[]> {
  return Object.fromEntries(
    table.states.map((row) => {
      const decided = (table.ambiguous ?? []).filter((c) => c.state === row.state && c.decision === 'allows').map((c) => c.operation);
      return [row.state, [...new Set([...row.allowed, ...decided])].sort()];
    }),
  );
}

/** The reference's table, restricted to the operations the catalog's table names. */
function referenceAllows(table: ReferenceTable, operations: readonly string[]): Record<string, string[]> {
  return Object.fromEntries(Object.entries(table).map(([state, ops]) => [state, ops.filter((op) => operations.includes(op)).sort()]));
}

describe('the cloud reference allows what the catalog state tables allow', () => {
  const tables = loadStateTables();
  test('every catalog table with operations has a reference table', () => {
    const withOps = tables.filter((t) => Object.keys(t.operations).length).map((t) => t.resource);
    expect(withOps.sort()).toEqual(Object.keys(REFERENCE).sort());
  });

  test.each(Object.keys(REFERENCE))('%s: the same states, and in each the same operations', (resource) => {
    const table = tables.find((t) => t.resource === resource)!;
    expect(referenceAllows(REFERENCE[resource]!, Object.keys(table.operations))).toEqual(catalogAllows(table));
  });
});
