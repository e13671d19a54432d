import { describe, expect, test } from 'vitest';
import { SchemaValidator } from '../../../harness/schema/validator.ts';
import { VENDOR_PROFILES } from '../../../harness/profile.ts';
import { CONTRACT_SCHEMA_NAMES, DEFINITION_ONLY_SCHEMAS } from './contract-names.ts';

const validators = Object.fromEntries(VENDOR_PROFILES.map((p) => [p, new SchemaValidator(p)]));
const neutral = validators.neutral;
const names = neutral.names('cloud/v1');

/** Every object in a schema, with its JSON pointer, to look for keywords anywhere. */
function* walk(node: unknown, pointer = ''): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* walk(item, `${pointer}/${i}`);
  } else if (node && typeof node === 'object') {
    yield [pointer, node as Record<string, unknown>];
    for (const [key, value] of Object.entries(node)) yield* walk(value, `${pointer}/${key}`);
  }
}

describe('cloud v1 schema files', () => {
  test('every schema name of the contract has a file, and nothing else but the shared definitions', () => {
    expect(names).toEqual([...CONTRACT_SCHEMA_NAMES, ...DEFINITION_ONLY_SCHEMAS].sort());
  });

  test.each(names)('%s is a 2020-12 schema with a title and a description quoting its source', (name) => {
    const schema = neutral.schema('cloud/v1', name);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(typeof schema.title).toBe('string');
    expect(schema.description).toMatch(/^Spec: /);
  });

  test.each(VENDOR_PROFILES.flatMap((p) => names.map((n) => [p, n] as const)))('%s profile: %s compiles', (profile, name) => {
    expect(() => validators[profile].validate('cloud/v1', name, {})).not.toThrow();
  });

  test('no documented object is closed with additionalProperties: false', () => {
    const closed = names.flatMap((name) =>
      [...walk(neutral.schema('cloud/v1', name))].filter(([, node]) => node.additionalProperties === false).map(([p]) => `${name}${p}`),
    );
    expect(closed).toEqual([]);
  });

  test('every $ref names an existing file', () => {
    const missing = names.flatMap((name) =>
      [...walk(neutral.schema('cloud/v1', name))]
        .map(([, node]) => node.$ref)
        .filter((ref): ref is string => typeof ref === 'string' && !ref.startsWith('#'))
        .map((ref) => ref.split('#')[0].replace(/\.json$/, ''))
        .filter((file) => !names.includes(file)),
    );
    expect(missing).toEqual([]);
  });

  test('the docker profile respells the vendor identifiers', () => {
    const docker = validators.docker;
    const node = docker.schema('cloud/v1', 'node') as { properties: Record<string, unknown> };
    expect(Object.keys(node.properties)).toEqual(expect.arrayContaining(['docker_version', 'docker_execdriver', 'docker_graphdriver']));
    const registry = docker.schema('cloud/v1', 'registry') as { required: string[] };
    expect(registry.required).toContain('is_docker_registry');
    expect(
      docker.validate('cloud/v1', 'registry', {
        resource_uri: '/api/repo/v1/registry/quay.io/',
        name: 'Quay',
        host: 'quay.io',
        is_vendor_registry: false,
        is_ssl: true,
        port: 443,
      }),
    ).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'problem', pointer: '/is_docker_registry' })]));
  });
});
