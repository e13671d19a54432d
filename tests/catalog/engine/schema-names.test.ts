import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { SCHEMAS_DIR } from '../../../harness/schema/validator.ts';
import { endpoints, responseVersions } from './engine-catalog.ts';

interface SchemaUse {
  where: string;
  schema: string;
  versions: string[];
}

/** Schemas the catalog cannot attach to a body because they describe a header (Endpoint has no header field). */
const HEADER_SCHEMAS: SchemaUse[] = [
  { where: 'X-Vendor-Container-Path-Stat header (archive HEAD/GET)', schema: 'archive-path-stat', versions: ['1.22'] },
  { where: 'X-Registry-Auth header (pull, push)', schema: 'auth-config', versions: ['1.18', '1.22'] },
  { where: 'X-Registry-Config header (build)', schema: 'registry-config', versions: ['1.18', '1.22'] },
];

function schemaUses(): SchemaUse[] {
  return endpoints.flatMap((e) => {
    const body = e.requestBody?.schema ? [{ where: `${e.id} request body`, schema: e.requestBody.schema, versions: e.requestBody.versions ?? e.versions }] : [];
    const responses = e.responses.flatMap((r) => (r.schema ? [{ where: `${e.id} ${r.status}`, schema: r.schema, versions: responseVersions(e, r) }] : []));
    return [...body, ...responses];
  });
}

describe('every schema name the engine catalog references exists for each version where it is used', () => {
  test('the catalog references schemas at all', () => {
    expect(schemaUses().length).toBeGreaterThan(30);
  });

  test('schemas/engine/<version>/<name>.json exists', () => {
    const missing = [...schemaUses(), ...HEADER_SCHEMAS].flatMap((use) =>
      use.versions
        .filter((v) => !existsSync(path.join(SCHEMAS_DIR, 'engine', v, `${use.schema}.json`)))
        .map((v) => `engine/${v}/${use.schema}.json (${use.where})`),
    );
    expect([...new Set(missing)].sort()).toEqual([]);
  });
});
