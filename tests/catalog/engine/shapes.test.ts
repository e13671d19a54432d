import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { endpoints, requirements } from './engine-catalog.ts';

function compile(name: 'endpoint' | 'requirement'): ValidateFunction {
  const url = new URL(`../../../schemas/catalog/${name}.json`, import.meta.url);
  const schema = JSON.parse(readFileSync(url, 'utf8')) as Record<string, unknown>;
  return new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);
}

const validateEndpoint = compile('endpoint');
const validateRequirement = compile('requirement');

/** Every item that breaks the schema, with ajv's reasons, so a failure names what to fix. */
function breaches(validate: ValidateFunction, items: ReadonlyArray<{ id: string }>): string[] {
  return items.flatMap((item) => {
    const valid: boolean = validate(item);
    return valid ? [] : [`${item.id}: ${(validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('; ')}`];
  });
}

const goodEndpoint = {
  id: 'engine/x/y',
  number: 1,
  section: 'Endpoints > X',
  method: 'GET',
  path: '/x/{id}/y',
  versions: ['1.22'],
  summary: 'Do a thing',
  query: [{ name: 'all', type: 'boolean', default: false, description: 'all of them' }],
  responses: [{ status: 200, meaning: 'ok', schema: 'x-list', jsonStream: true }],
};
const goodRequirement = {
  id: 'engine/x/y/200-ok',
  section: 'Endpoints > X',
  statement: '200 with the thing.',
  versions: ['1.18'],
  level: 'required',
};

describe('engine catalog data matches the Endpoint and Requirement shapes', () => {
  test('the catalog is not empty', () => {
    expect(endpoints.length).toBeGreaterThan(0);
    expect(requirements.length).toBeGreaterThan(0);
  });
  test('every endpoint matches schemas/catalog/endpoint.json', () => {
    expect(breaches(validateEndpoint, endpoints)).toEqual([]);
  });
  test('every requirement matches schemas/catalog/requirement.json', () => {
    expect(breaches(validateRequirement, requirements)).toEqual([]);
  });
});

describe('the shape schemas reject malformed entries', () => {
  test('well-formed samples pass', () => {
    expect(validateEndpoint(goodEndpoint)).toBe(true);
    expect(validateRequirement(goodRequirement)).toBe(true);
  });
  test.each([
    ['no responses', { ...goodEndpoint, responses: undefined }],
    ['an unknown method', { ...goodEndpoint, method: 'FETCH' }],
    ['a query type outside QueryType', { ...goodEndpoint, query: [{ name: 'x', type: 'list', description: 'xx' }] }],
    ['a status that is not an HTTP code', { ...goodEndpoint, responses: [{ status: 42, meaning: 'x' }] }],
    ['a jsonStream without a schema', { ...goodEndpoint, responses: [{ status: 200, meaning: 'ok', jsonStream: true }] }],
    ['an unknown field', { ...goodEndpoint, tags: ['x'] }],
    ['a version the specs do not have', { ...goodEndpoint, versions: ['1.19'] }],
  ])('an endpoint with %s fails', (_label, sample) => {
    expect(validateEndpoint(JSON.parse(JSON.stringify(sample)))).toBe(false);
  });
  test.each([
    ['no statement', { ...goodRequirement, statement: undefined }],
    ['an unknown level', { ...goodRequirement, level: 'must' }],
    ['no versions', { ...goodRequirement, versions: [] }],
    ['an id with capitals or spaces', { ...goodRequirement, id: 'engine/Start It' }],
    ['an unknown field', { ...goodRequirement, note: 'x' }],
  ])('a requirement with %s fails', (_label, sample) => {
    expect(validateRequirement(JSON.parse(JSON.stringify(sample)))).toBe(false);
  });
});
