import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { ANSWER_OPERATORS } from '../../harness/mutation/operators.ts';
import { SchemaFields } from '../../harness/mutation/schema-fields.ts';

test('field-absent-when-zero sits only where the schema admits a zero value', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'schema-fields-'));
  const properties = {
    uuid: { type: 'string', format: 'uuid' },
    name: { type: 'string', minLength: 1 },
    nickname: { type: 'string' },
    port: { type: 'integer', minimum: 1 },
    count: { type: 'integer', minimum: 0 },
    state: { enum: ['Running', 'Stopped'] },
    tags: { type: 'array', minItems: 1, items: { type: 'string' } },
    roles: { type: 'array', items: { type: 'string' } },
    note: { type: ['string', 'null'], pattern: '^x' },
  };
  writeFileSync(path.join(dir, 'thing.json'), JSON.stringify({ type: 'object', properties }));
  const omitempty = ANSWER_OPERATORS.find((o) => o.op === 'field-absent-when-zero')!;
  const fitting = new SchemaFields(dir)
    .fields('thing')
    .filter((f) => omitempty.fits(f))
    .map((f) => f.path.join('.'));
  expect(fitting.sort()).toEqual(['count', 'nickname', 'note', 'roles']);
});
