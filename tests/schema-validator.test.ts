import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { SchemaValidator } from '../harness/schema/validator.ts';

function fixtureDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'schemas-'));
  mkdirSync(path.join(dir, 'engine/1.22'), { recursive: true });
  writeFileSync(
    path.join(dir, 'engine/1.22/state.json'),
    JSON.stringify({
      type: 'object',
      required: ['Running'],
      properties: { Running: { type: 'boolean' }, VendorRootDir: { type: 'string' } },
    }),
  );
  writeFileSync(
    path.join(dir, 'engine/1.22/inspect.json'),
    JSON.stringify({
      type: 'object',
      required: ['State'],
      properties: { Id: { type: 'string' }, State: { $ref: 'state.json' } },
    }),
  );
  return dir;
}

describe('SchemaValidator', () => {
  const validator = new SchemaValidator('docker', fixtureDir());

  test('a conforming value has no findings', () => {
    expect(validator.validate('engine/1.22', 'inspect', { Id: 'x', State: { Running: true } })).toEqual([]);
  });
  test('a wrong type and a missing documented field are problems, with JSON pointers', () => {
    const findings = validator.validate('engine/1.22', 'inspect', { Id: 1, State: {} });
    expect(findings.map((f) => [f.kind, f.pointer])).toEqual([
      ['problem', '/Id'],
      ['problem', '/State/Running'],
    ]);
  });
  test('undocumented fields are reported as extras, through $refs', () => {
    const findings = validator.validate('engine/1.22', 'inspect', { State: { Running: false, Foo: 1 }, Bar: 2 });
    expect(findings.map((f) => [f.kind, f.pointer]).sort()).toEqual([
      ['extra', '/Bar'],
      ['extra', '/State/Foo'],
    ]);
  });
  test('vendor identifiers are spelled by the profile', () => {
    const docker = validator.schema('engine/1.22', 'state') as { properties: Record<string, unknown> };
    expect(Object.keys(docker.properties)).toContain('DockerRootDir');
    const neutral = new SchemaValidator('neutral', fixtureDir()).schema('engine/1.22', 'state') as { properties: Record<string, unknown> };
    expect(Object.keys(neutral.properties)).toContain('VendorRootDir');
  });
});
