import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { RequirementIndex } from '../../harness/catalog/load.ts';
import { CheckContext } from '../../harness/check/context.ts';
import { judgeForSuite } from '../../harness/judge/suite-judge.ts';
import { readList, readPage } from '../../harness/protocol/cloud-lists.ts';
import { SchemaValidator } from '../../harness/schema/validator.ts';
import { arbitraryFor, root } from '../schemas/cloud/schema-arbitrary.ts';

const REGIONS = '/api/infra/v1/region/';
const json = { 'content-type': 'application/json' };
const schemas = new SchemaValidator('docker');
const cloud = judgeForSuite('cloud', schemas, RequirementIndex.load(), 'docker');
const judged = (body: unknown) => cloud.judge('GET', REGIONS, { status: 200, headers: json, body: Buffer.from(JSON.stringify(body)) });

/** The facts' envelope and Django REST framework's, around the same objects. */
const facts = (objects: unknown[], next: string | null = null) => ({
  meta: { limit: 25, next, offset: 0, previous: null, total_count: objects.length },
  objects,
});
const drf = (objects: unknown[], next: string | null = null) => ({ count: objects.length, next, previous: null, results: objects });

describe('a cloud list read whatever its envelope (the spec: "not shown")', () => {
  test("a bare array, the facts' {meta, objects} and a {count, next, results} give the same objects", () => {
    const objects = [{ name: 'a' }, { name: 'b' }];
    expect(readList(objects)).toEqual({ objects, next: undefined });
    expect(readList(facts(objects))).toEqual({ objects, next: undefined });
    expect(readList(drf(objects))).toEqual({ objects, next: undefined });
    expect(readList(drf([]))).toEqual({ objects: [], next: undefined });
    expect(readList({ data: objects, links: { self: '/x' } })).toEqual({ objects, next: undefined });
  });

  test("the next page: meta.next of the facts' envelope, a top-level next of another, a full URL read as its path", () => {
    expect(readPage(JSON.stringify(facts([], '/api/infra/v1/region/?limit=25&offset=25')))?.next).toBe('/api/infra/v1/region/?limit=100&offset=25');
    expect(readPage(JSON.stringify(drf([{ name: 'a' }], 'https://cloud.example/api/infra/v1/region/?page=2')))?.next).toBe('/api/infra/v1/region/?page=2');
    expect(readPage(JSON.stringify({ results: [], meta: { next: '/api/x/?page=2' } }))?.next).toBeUndefined();
  });

  test('an object whose list cannot be told is unidentified (not a breach); a value with no array at all is no list', () => {
    expect(readList({ codes: ['a'], names: ['b'] })).toMatchObject({ unidentified: expect.stringContaining('none of objects') });
    expect(readList({ results: [{ a: 1 }], included: [{ b: 2 }] })).toMatchObject({ unidentified: expect.stringContaining('results, included') });
    // The facts' envelope with its list left out, null or of another type: the answer holds no list.
    for (const objects of [undefined, null, 'x', 3]) expect(readList({ meta: { total_count: 0 }, objects })).toBeUndefined();
    expect(readList({ count: 0 })).toBeUndefined();
    expect(readList({ results: [{ a: 1 }], warnings: ['x'] })).toEqual({ objects: [{ a: 1 }], next: undefined });
    expect(readList('regions')).toBeUndefined();
    expect(readList(null)).toBeUndefined();
    expect(readPage('{"count": 1}')).toBeUndefined();
  });

  test('the judge: the same objects in either envelope give the same findings', () => {
    const region = arbitraryFor(root('region'));
    const broken = fc.constantFrom<unknown>({ name: 5 }, { resource_uri: 7, available: 'yes' }, {});
    fc.assert(
      fc.property(fc.array(fc.oneof({ weight: 4, arbitrary: region }, { weight: 1, arbitrary: broken }), { maxLength: 4 }), (objects) => {
        const rules = (body: unknown) => judged(body).findings.map((f) => [f.rule, f.requirement, f.message.replace(/^.*?: /, '')]);
        expect(rules(drf(objects))).toEqual(rules(facts(objects)));
        expect(rules(objects)).toEqual(rules(facts(objects)));
      }),
      { numRuns: 40 },
    );
  });

  test('the judge observes a list it cannot tell instead of finding a breach; an answer that holds no list is still one', () => {
    const ctx = new CheckContext({ seed: 1, schemas, timeoutMs: 1000, judge: cloud });
    ctx.judgeAnswer('GET', REGIONS, { status: 200, headers: json, body: Buffer.from(JSON.stringify({ codes: ['a'], names: ['b'] })) });
    expect(ctx.exchanges.findings).toEqual([]);
    expect(ctx.observations.join('\n')).toContain('none of objects');
    expect(judged({ meta: { total_count: 0 } }).findings).toMatchObject([{ rule: 'shape-documented' }]);
    expect(judged({ results: [{ name: 1 }], also: [{ name: 2 }] }).findings).toEqual([]);
    expect(judged('regions').findings).toMatchObject([{ rule: 'shape-documented' }]);
    expect(judged(drf([{ name: 5 }])).findings).toMatchObject([{ rule: 'shape-documented' }]);
  });
});
