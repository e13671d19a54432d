import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, test } from 'vitest';
import { openApiDocument } from '../../harness/catalog/openapi.ts';
import { loadEndpoints } from '../../harness/catalog/load.ts';
import { apiOfSuite, apiVersionOfSuite, SUITES } from '../../harness/catalog/types.ts';

/** Every $ref of the document, and whether its JSON pointer resolves inside the document. */
function danglingRefs(doc: unknown): string[] {
  const refs: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string') refs.push(v);
        else walk(v);
      }
    }
  };
  walk(doc);
  const resolve = (ref: string) =>
    ref
      .slice(2)
      .split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((n, key) => (n as Record<string, unknown> | undefined)?.[key], doc);
  return [...new Set(refs)].filter((ref) => !ref.startsWith('#/') || resolve(ref) === undefined);
}

describe.each(SUITES)('the OpenAPI 3.1 export of %s', (suite) => {
  const doc = openApiDocument(suite);

  test('validates against the OpenAPI 3.1 schema', async () => {
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  test('every $ref resolves inside the document, and every catalog endpoint has an operation', () => {
    expect(danglingRefs(doc)).toEqual([]);
    const operationIds = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((item) =>
      Object.values(item).map((op) => op.operationId.replace(/_ns$/, '')),
    );
    const version = apiVersionOfSuite(suite);
    const endpoints = loadEndpoints(apiOfSuite(suite)).filter((e) => e.versions.includes(version));
    expect(endpoints.length).toBeGreaterThan(0);
    expect(new Set(operationIds)).toEqual(new Set(endpoints.map((e) => e.id.replace(/[^a-zA-Z0-9]+/g, '_'))));
  });
});

test('the validator has teeth: a response without a description is invalid', async () => {
  const doc = openApiDocument('engine-1.22') as { paths: Record<string, Record<string, { responses: Record<string, object> }>> };
  doc.paths['/_ping']!.get!.responses['200'] = {};
  expect((await new Validator().validate(doc as never)).valid).toBe(false);
});
