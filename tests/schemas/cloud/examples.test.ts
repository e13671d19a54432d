import { describe, expect, test } from 'vitest';
import { SchemaValidator } from '../../../harness/schema/validator.ts';
import { examples } from './examples/requests-and-streams.ts';
import { service } from './examples/resources.ts';
import { CONTRACT_SCHEMA_NAMES } from './contract-names.ts';
import { negativeCases } from './negatives.ts';

const validator = new SchemaValidator('neutral');

const positives = Object.entries(examples).flatMap(([name, values]) => values.map((value, i) => [`${name}[${i}]`, name, value] as const));

describe('cloud v1 schemas accept realistic objects built from the spec', () => {
  test('every contract schema has at least one valid example and one broken one', () => {
    const broken = new Set(negativeCases.map((c) => c.schema));
    expect(CONTRACT_SCHEMA_NAMES.filter((n) => !examples[n]?.length)).toEqual([]);
    expect(CONTRACT_SCHEMA_NAMES.filter((n) => !broken.has(n))).toEqual([]);
  });

  test.each(positives)('%s has no findings', (_label, name, value) => {
    expect(validator.validate('cloud/v1', name, value)).toEqual([]);
  });
});

describe('cloud v1 schemas reject broken objects', () => {
  test.each(negativeCases.map((c) => [`${c.schema}: ${c.label}`, c] as const))('%s', (_label, c) => {
    const findings = validator.validate('cloud/v1', c.schema, c.value);
    expect(findings.filter((f) => f.kind === 'problem').map((f) => f.pointer)).toContain(c.pointer);
  });
});

describe('undocumented fields are observations, not problems', () => {
  test('an extra field on a service and on a nested port is reported as extra only', () => {
    const value = { ...service, trigger_uri: '/api/app/v1/service/x/trigger/', container_ports: [{ ...service.container_ports[0], note: 'x' }] };
    const findings = validator.validate('cloud/v1', 'service', value);
    expect(findings.map((f) => [f.kind, f.pointer]).sort()).toEqual([
      ['extra', '/container_ports/0/note'],
      ['extra', '/trigger_uri'],
    ]);
  });

  test('the conditional parts of the event schema do not invent extras', () => {
    for (const event of examples['stream-event'] ?? []) expect(validator.validate('cloud/v1', 'stream-event', event)).toEqual([]);
    const withExtra = { type: 'error', data: { errorMessage: 'UNAUTHORIZED', code: 401 } };
    expect(validator.validate('cloud/v1', 'stream-event', withExtra)).toEqual([expect.objectContaining({ kind: 'extra', pointer: '/data/code' })]);
  });
});
