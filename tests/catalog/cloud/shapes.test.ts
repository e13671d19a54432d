import { existsSync, readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { describe, expect, test } from 'vitest';
import { endpoints, requirements } from './cloud-catalog.ts';

/**
 * The shared shape schemas (schemas/catalog/*.json, written for the engine catalog) close every
 * object; the cloud data adds extension fields the loader keeps. They are checked here, then
 * stripped before validating against the shared schemas. `list` is a ResponseSpec field of
 * harness/catalog/types.ts that schemas/catalog/endpoint.json does not declare yet.
 */
const RESPONSE_EXTENSIONS = { fromFacts: 'boolean', schemaFromFacts: 'boolean', list: 'boolean', headers: 'object' } as const;
const QUERY_EXTENSIONS = { fromFacts: 'boolean' } as const;

function shapeSchema(name: 'endpoint' | 'requirement'): ValidateFunction | undefined {
  const url = new URL(`../../../schemas/catalog/${name}.json`, import.meta.url);
  if (!existsSync(url)) return undefined;
  return new Ajv2020({ allErrors: true, strict: false, allowUnionTypes: true }).compile(JSON.parse(readFileSync(url, 'utf8')) as object);
}

function without<T extends object>(value: T, keys: readonly string[]): T {
  return Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k))) as T;
}

function stripExtensions(endpoint: (typeof endpoints)[number]): unknown {
  return {
    ...endpoint,
    query: endpoint.query.map((q) => without(q, Object.keys(QUERY_EXTENSIONS))),
    responses: endpoint.responses.map((r) => without(r, Object.keys(RESPONSE_EXTENSIONS))),
  };
}

function breaches(validate: ValidateFunction, items: ReadonlyArray<{ id: string }>, prepare: (item: never) => unknown = (i) => i): string[] {
  return items.flatMap((item) =>
    validate(prepare(item as never)) ? [] : [`${item.id}: ${(validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('; ')}`],
  );
}

describe('cloud catalog entries have the shared shapes', () => {
  const endpointSchema = shapeSchema('endpoint');
  const requirementSchema = shapeSchema('requirement');

  test.skipIf(!endpointSchema)('every endpoint matches schemas/catalog/endpoint.json (cloud extensions aside)', () => {
    expect(breaches(endpointSchema!, endpoints, stripExtensions)).toEqual([]);
  });

  test.skipIf(!requirementSchema)('every requirement matches schemas/catalog/requirement.json', () => {
    expect(breaches(requirementSchema!, requirements)).toEqual([]);
  });

  test('extension fields have their types', () => {
    const wrong = endpoints.flatMap((e) => [
      ...e.responses.flatMap((r) =>
        Object.entries(RESPONSE_EXTENSIONS)
          .filter(([k, type]) => k in r && typeof (r as unknown as Record<string, unknown>)[k] !== type)
          .map(([k]) => `${e.id} ${r.status} ${k}`),
      ),
      ...e.query.flatMap((q) =>
        Object.entries(QUERY_EXTENSIONS)
          .filter(([k, type]) => k in q && typeof (q as unknown as Record<string, unknown>)[k] !== type)
          .map(([k]) => `${e.id} ?${q.name} ${k}`),
      ),
      ...e.responses.filter((r) => r.headers && !r.headers.every((h) => typeof h === 'string')).map((r) => `${e.id} ${r.status} headers`),
    ]);
    expect(wrong).toEqual([]);
  });

  test('the fields the harness reads are present whatever the shape schemas say', () => {
    const incomplete = endpoints.filter(
      (e) =>
        !e.id ||
        !e.section ||
        !e.method ||
        !e.path ||
        !e.summary ||
        !Array.isArray(e.query) ||
        e.responses.length === 0 ||
        e.responses.some((r) => !Number.isInteger(r.status) || !r.meaning),
    );
    expect(incomplete.map((e) => e.id)).toEqual([]);
    const bad = requirements.filter((r) => !r.id || !r.section || r.statement.length < 10 || !['required', 'recommended', 'informational'].includes(r.level));
    expect(bad.map((r) => r.id)).toEqual([]);
  });
});
