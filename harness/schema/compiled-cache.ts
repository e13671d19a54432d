/**
 * Validators compiled once, kept on disk. Compiling a schema set with ajv cost each vitest worker
 * of a run ~1 s of CPU (issue 14); ajv's standalone code of the whole set is written once, under
 * a key of everything that shapes it (the schemas as given, ajv's and ajv-formats' versions), and
 * each later process only evaluates it. The code is the one ajv would evaluate itself: the same
 * validators, the same errors.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { storeCacheEntry } from '../disk-cache.ts';
import { makeAjv } from './ajv.ts';

/** Resolves what the generated code requires (ajv's runtime helpers, ajv-formats' formats) as this module does. */
const requireHere = createRequire(import.meta.url);

/** Bumped when the way the code is generated or loaded changes. */
const CACHE_FORMAT = 1;

export const SCHEMA_CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/conformance-schemas/', import.meta.url));

/** One schema of a set, as it is added to ajv. */
export interface SchemaSource {
  name: string;
  id: string;
  schema: Record<string, unknown>;
}

/** A set of schemas compiled together (their $refs reach each other), named for its cache file: `cloud-v1-docker-open`. */
export interface SchemaBundle {
  label: string;
  sources: readonly SchemaSource[];
}

/** The validators of a bundle by schema name, from the cached code (generated and stored first when there is none). */
export function cachedValidators(bundle: SchemaBundle, dir: string = SCHEMA_CACHE_DIR): Map<string, ValidateFunction> {
  const exports = evaluate(cachedCode(bundle, dir));
  return new Map(bundle.sources.map((s) => [s.name, exports[s.name] as ValidateFunction]));
}

/** Generates and stores a bundle's code unless it is stored already (a run does it once, before its workers start). */
export function ensureCached(bundle: SchemaBundle, dir: string = SCHEMA_CACHE_DIR): void {
  cachedCode(bundle, dir);
}

function cachedCode(bundle: SchemaBundle, dir: string): string {
  const file = path.join(dir, `${bundle.label}-${keyOf(bundle)}.cjs`);
  try {
    return readFileSync(file, 'utf8');
  } catch {
    const code = generate(bundle.sources);
    // Older keys of the label are removed; without a writable directory the code is used from memory.
    storeCacheEntry(file, code, (name) => name.startsWith(`${bundle.label}-`) && name.endsWith('.cjs'));
    return code;
  }
}

function keyOf(bundle: SchemaBundle): string {
  const versions = [requireHere('ajv/package.json').version, requireHere('ajv-formats/package.json').version];
  return createHash('sha256')
    .update(JSON.stringify([CACHE_FORMAT, versions, bundle.sources]))
    .digest('hex')
    .slice(0, 24);
}

function generate(sources: readonly SchemaSource[]): string {
  const ajv = makeAjv({ source: true });
  for (const s of sources) ajv.addSchema({ ...s.schema, $id: s.id });
  const standaloneCode = (requireHere('ajv/dist/standalone/index.js') as typeof import('ajv/dist/standalone/index.js')).default;
  return standaloneCode(ajv, Object.fromEntries(sources.map((s) => [s.name, s.id])));
}

function evaluate(code: string): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  new Function('require', 'module', 'exports', code)(requireHere, module, module.exports);
  return module.exports;
}
