import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { SchemaValidator } from '../../../harness/schema/validator.ts';
import { filterRequirements, stateRequirements } from '../../../catalog/cloud/derived-requirements.ts';
import { loadStateTables, stateSlug } from '../../../catalog/cloud/state-tables.ts';
import { DERIVED_FILES, serialise } from '../../../catalog/cloud/write-derived.ts';
import { endpoints, requirements } from './cloud-catalog.ts';

const tables = loadStateTables();
const ids = new Set(requirements.map((r) => r.id));

/** Where each resource's state enum lives in the schemas. */
const STATE_ENUMS: Record<string, [string, string]> = {
  action: ['action', 'ActionState'],
  nodecluster: ['node-cluster', 'NodeClusterState'],
  node: ['node', 'NodeState'],
  stack: ['stack', 'StackState'],
  service: ['service', 'ServiceState'],
  container: ['container', 'ContainerState'],
};

describe('requirements derived from the state tables and the filters', () => {
  test('requirements/states.json and filters.json are what the generators produce (run catalog/cloud/write-derived.ts)', () => {
    expect(readFileSync(DERIVED_FILES.states, 'utf8')).toBe(serialise(stateRequirements(tables)));
    expect(readFileSync(DERIVED_FILES.filters, 'utf8')).toBe(serialise(filterRequirements(endpoints)));
  });

  test('each state table lists exactly the states of its resource schema', () => {
    const validator = new SchemaValidator('neutral');
    for (const table of tables) {
      const [schema, def] = STATE_ENUMS[table.resource]!;
      const states = (validator.schema('cloud/v1', schema).$defs as Record<string, { enum: string[] }>)[def]!.enum;
      expect(
        table.states.map((s) => s.state),
        table.resource,
      ).toEqual(states);
    }
  });

  test('every (state, operation) cell has one requirement: allows for allowed operations, rejects for the others', () => {
    for (const table of tables) {
      for (const row of table.states) {
        for (const op of Object.keys(table.operations)) {
          const ambiguous = table.ambiguous?.find((a) => a.state === row.state && a.operation === op);
          const verdict = ambiguous ? ambiguous.decision : row.allowed.includes(op) ? 'allows' : 'rejects';
          const id = `cloud/states/${table.resource}/${stateSlug(row.state)}-${verdict}-${op}`;
          expect(ids.has(id), id).toBe(true);
        }
      }
    }
  });

  test('the contract examples exist with the expected verdicts', () => {
    for (const id of [
      'cloud/states/service/stopped-allows-start',
      'cloud/states/service/starting-rejects-stop',
      'cloud/states/action/in-progress-allows-cancel',
      'cloud/states/action/failed-allows-retry',
      'cloud/states/node/unreachable-allows-health-check',
      'cloud/states/nodecluster/init-allows-deploy',
      'cloud/states/container/running-rejects-start',
      'cloud/states/stack/not-running-allows-start',
    ]) {
      expect(ids.has(id), id).toBe(true);
    }
  });

  test('operations and allowed lists name endpoints of the catalog', () => {
    const endpointIds = new Set(endpoints.map((e) => e.id));
    for (const table of tables) {
      expect(
        Object.values(table.operations).filter((e) => !endpointIds.has(e)),
        table.resource,
      ).toEqual([]);
      expect(
        table.states.flatMap((s) => s.allowed).filter((op) => !(op in table.operations)),
        table.resource,
      ).toEqual([]);
    }
  });

  test('a generated cell reads as its verdict', () => {
    const [allows] = stateRequirements([{ resource: 'r', section: 's', operations: { go: 'cloud/r/go' }, states: [{ state: 'Idle Now', allowed: ['go'] }] }]);
    expect(allows).toMatchObject({ id: 'cloud/states/r/idle-now-allows-go', level: 'required', endpoint: 'cloud/r/go' });
    const [rejects] = stateRequirements([
      { resource: 'r', section: 's', operations: { go: 'cloud/r/go' }, states: [{ state: 'Busy', allowed: [], transitional: true }] },
    ]);
    expect(rejects?.id).toBe('cloud/states/r/busy-rejects-go');
    expect(rejects?.statement).toMatch(/transitional.*refused.*changes nothing/);
  });
});
