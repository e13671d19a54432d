import { mkdtempSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { cachedValidators } from '../harness/schema/compiled-cache.ts';
import { SCHEMAS_DIR, SchemaValidator, type SchemaSet } from '../harness/schema/validator.ts';

function schemaDir(stateSchema: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'schemas-'));
  mkdirSync(path.join(dir, 'engine/1.22'), { recursive: true });
  writeFileSync(path.join(dir, 'engine/1.22/state.json'), JSON.stringify(stateSchema));
  writeFileSync(
    path.join(dir, 'engine/1.22/inspect.json'),
    JSON.stringify({
      type: 'object',
      required: ['State'],
      properties: { Id: { type: 'string' }, Created: { type: 'string', format: 'date-time' }, State: { $ref: 'state.json' } },
    }),
  );
  return dir;
}

const STATE = { type: 'object', required: ['Running'], properties: { Running: { type: 'boolean' } } };
const cacheDir = (): string => mkdtempSync(path.join(tmpdir(), 'schema-cache-'));

const VALUES: unknown[] = [
  { Id: 'x', State: { Running: true } },
  { Id: 1, State: {} },
  { State: { Running: false, Foo: 1 }, Bar: 2 },
  { Created: 'yesterday', State: { Running: 'no' } },
  { Created: '2015-01-01T00:00:00Z', State: { Running: true } },
  [],
  null,
];

describe('validators from the compiled cache', () => {
  test('find what ajv compiling each schema itself finds, open and closed, across $refs and formats', () => {
    const dir = schemaDir(STATE);
    const compiled = new SchemaValidator('docker', dir);
    const cached = new SchemaValidator('docker', dir, cacheDir());
    for (const value of VALUES) {
      expect(cached.validate('engine/1.22', 'inspect', value)).toEqual(compiled.validate('engine/1.22', 'inspect', value));
      expect(cached.problems('engine/1.22', 'state', value)).toEqual(compiled.problems('engine/1.22', 'state', value));
    }
  });

  // Compiles every schema of every set: past the unit layer's 30 s with both real daemons' runs beside it.
  test("the project's schemas: the same findings for each schema of each set", { timeout: 120_000 }, () => {
    const compiled = new SchemaValidator('docker');
    const cached = new SchemaValidator('docker', SCHEMAS_DIR, cacheDir());
    for (const set of ['engine/1.18', 'engine/1.22', 'cloud/v1'] as SchemaSet[]) {
      for (const name of compiled.names(set)) {
        for (const value of [{}, { Id: 1, name: 2, state: null, uuid: 'x' }, []]) {
          expect(cached.validate(set, name, value)).toEqual(compiled.validate(set, name, value));
        }
      }
    }
  });

  test('are stored once per content: the same schemas reuse the file, a changed schema adds one beside it (the newest kept)', () => {
    const cache = cacheDir();
    new SchemaValidator('docker', schemaDir(STATE), cache).problems('engine/1.22', 'inspect', {});
    const first = readdirSync(cache).filter((f) => f.startsWith('engine-1.22-docker-open-'));
    expect(first).toHaveLength(1);
    new SchemaValidator('docker', schemaDir(STATE), cache).problems('engine/1.22', 'inspect', {});
    expect(readdirSync(cache).filter((f) => f.startsWith('engine-1.22-docker-open-'))).toEqual(first);
    const changed = new SchemaValidator('docker', schemaDir({ ...STATE, required: [] }), cache);
    expect(changed.problems('engine/1.22', 'inspect', { State: {} })).toEqual([]);
    const now = readdirSync(cache).filter((f) => f.startsWith('engine-1.22-docker-open-'));
    expect(now).toHaveLength(2);
    expect(now).toEqual(expect.arrayContaining(first));
  });

  test('work from memory when the cache cannot be written', () => {
    // A regular file where the directory would go: nothing can be created under it (even as root).
    const cache = path.join(cacheDir(), 'file');
    writeFileSync(cache, '');
    const dir = schemaDir(STATE);
    const validators = cachedValidators(
      { label: 'test', sources: [{ name: 'state', id: 'https://conformance.invalid/state.json', schema: STATE }] },
      path.join(cache, 'sub'),
    );
    expect(validators.get('state')!({ Running: true })).toBe(true);
    expect(validators.get('state')!({})).toBe(false);
    expect(new SchemaValidator('docker', dir, path.join(cache, 'sub')).problems('engine/1.22', 'inspect', { State: {} })).toHaveLength(1);
  });
});
