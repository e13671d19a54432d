import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { engineVersionOf, type SuiteName } from '../catalog/types.ts';
import { spellDeep, type ProfileApi, type VendorProfileName } from '../profile.ts';
import { makeAjv } from './ajv.ts';
import { cachedValidators, ensureCached, SCHEMA_CACHE_DIR, type SchemaBundle } from './compiled-cache.ts';

export const SCHEMAS_DIR = fileURLToPath(new URL('../../schemas/', import.meta.url));

/**
 * A schema finding. `problem` is a breach of the schema (a wrong type, a missing documented
 * field); `extra` is a property the spec does not document: allowed (clients ignore them) and
 * reported as an observation only.
 */
export interface SchemaFinding {
  kind: 'problem' | 'extra';
  /** JSON Pointer into the validated value: /State/Running */
  pointer: string;
  message: string;
}

/** Schema sets are addressed as '<api>/<version>': 'engine/1.18', 'engine/1.22', 'cloud/v1'. */
export type SchemaSet = 'engine/1.18' | 'engine/1.22' | 'cloud/v1';

/** The schema set a suite's answers are validated against: engine-1.22 → 'engine/1.22', cloud → 'cloud/v1'. */
export function schemaSetOfSuite(suite: SuiteName): SchemaSet {
  return suite === 'cloud' ? 'cloud/v1' : `engine/${engineVersionOf(suite)}`;
}

const SHARED = new Map<VendorProfileName, SchemaValidator>();

/** As written (extra properties allowed), or closed (see closeObjects). */
type Variant = 'open' | 'closed';
const VARIANTS: readonly Variant[] = ['open', 'closed'];

/**
 * Each schema is compiled once per variant on first use: as written (extra properties allowed),
 * and "closed" (every object schema that lists properties gets unevaluatedProperties: false) so the
 * extra properties can be named as observations. Without a cache directory, one ajv instance per
 * variant compiles each schema itself; with one, each (set, variant) comes whole from the code
 * cached there (compiled-cache.ts).
 */
export class SchemaValidator {
  private readonly cache = new Map<string, ValidateFunction>();
  private ajvOpen?: ReturnType<typeof makeAjv>;
  private ajvClosed?: ReturnType<typeof makeAjv>;
  private readonly loaded = new Set<string>();
  private readonly bundles = new Map<string, Map<string, ValidateFunction>>();

  constructor(
    private readonly profile: VendorProfileName = 'docker',
    private readonly dir: string = SCHEMAS_DIR,
    private readonly cacheDir?: string,
  ) {}

  /**
   * One validator per profile for the whole process: the suite files of a run share their worker,
   * and compiling the schemas again for each file costs ~0.3 s of CPU per file. Its validators
   * come from the cache shared by the workers and the runs.
   */
  static shared(profile: VendorProfileName): SchemaValidator {
    let validator = SHARED.get(profile);
    if (!validator) {
      validator = new SchemaValidator(profile, SCHEMAS_DIR, SCHEMA_CACHE_DIR);
      SHARED.set(profile, validator);
    }
    return validator;
  }

  /** Compiles the sets into the cache unless they are there: a run does it before its workers start, rather than each of them. */
  static prepareShared(profile: VendorProfileName, sets: readonly SchemaSet[]): void {
    const validator = new SchemaValidator(profile, SCHEMAS_DIR, SCHEMA_CACHE_DIR);
    for (const set of sets) for (const variant of VARIANTS) ensureCached(validator.bundle(set, variant), SCHEMA_CACHE_DIR);
  }

  /** The names of the schemas in a set (file names without .json). */
  names(set: SchemaSet): string[] {
    const dir = path.join(this.dir, set);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .sort();
  }

  has(set: SchemaSet, name: string): boolean {
    return existsSync(path.join(this.dir, set, `${name}.json`));
  }

  /** The schema as the profile spells it. */
  schema(set: SchemaSet, name: string): Record<string, unknown> {
    const raw = JSON.parse(readFileSync(path.join(this.dir, set, `${name}.json`), 'utf8')) as Record<string, unknown>;
    return spellDeep(raw, apiOf(set), this.profile);
  }

  validate(set: SchemaSet, name: string, value: unknown): SchemaFinding[] {
    const findings = this.problems(set, name, value);
    if (findings.length > 0) return findings;
    const closed = this.compiled(set, name, 'closed');
    if (closed(value)) return findings;
    for (const err of closed.errors ?? []) {
      if (err.keyword === 'unevaluatedProperties') findings.push(toFinding('extra', err));
    }
    return dedupe(findings);
  }

  /** The breaches only, without the closed pass that names undocumented fields. */
  problems(set: SchemaSet, name: string, value: unknown): SchemaFinding[] {
    const open = this.compiled(set, name, 'open');
    if (open(value)) return [];
    return dedupe((open.errors ?? []).map((err) => toFinding('problem', err)));
  }

  /** Each variant is compiled on first use: the judge of every answer needs the open one only. */
  private compiled(set: SchemaSet, name: string, variant: Variant): ValidateFunction {
    const key = `${variant}:${set}/${name}`;
    let fn = this.cache.get(key);
    if (!fn) {
      fn = this.cacheDir ? this.fromCache(set, name, variant, this.cacheDir) : this.ajvOf(set, variant).getSchema(schemaId(set, name));
      if (!fn) throw new Error(`no schema ${set}/${name} (looked in ${path.join(this.dir, set)})`);
      this.cache.set(key, fn);
    }
    return fn;
  }

  private fromCache(set: SchemaSet, name: string, variant: Variant, cacheDir: string): ValidateFunction | undefined {
    const key = `${variant}:${set}`;
    let validators = this.bundles.get(key);
    if (!validators) {
      validators = cachedValidators(this.bundle(set, variant), cacheDir);
      this.bundles.set(key, validators);
    }
    return validators.get(name);
  }

  /** Every schema of a set in one variant, as added to ajv: compiled together, so cross-file $refs resolve. */
  private bundle(set: SchemaSet, variant: Variant): SchemaBundle {
    const sources = this.names(set).map((name) => {
      const schema = this.schema(set, name);
      return { name, id: schemaId(set, name), schema: variant === 'open' ? schema : closeObjects(schema) };
    });
    return { label: `${set.replace('/', '-')}-${this.profile}-${variant}`, sources };
  }

  /** The ajv instance of a variant, with every schema of the set added. */
  private ajvOf(set: SchemaSet, variant: Variant): ReturnType<typeof makeAjv> {
    this.ajvOpen ??= makeAjv();
    this.ajvClosed ??= makeAjv();
    if (!this.loaded.has(set)) {
      this.loaded.add(set);
      for (const name of this.names(set)) {
        const schema = this.schema(set, name);
        const id = schemaId(set, name);
        this.ajvOpen.addSchema({ ...schema, $id: id });
        this.ajvClosed.addSchema({ ...closeObjects(schema), $id: id });
      }
    }
    return variant === 'open' ? this.ajvOpen : this.ajvClosed;
  }
}

/** The $id under which a schema is registered; files refer to each other as "<name>.json". */
export function schemaId(set: SchemaSet, name: string): string {
  return `https://conformance.invalid/schemas/${set}/${name}.json`;
}

function apiOf(set: SchemaSet): ProfileApi {
  return set.startsWith('cloud') ? 'cloud' : 'engine';
}

/** Deep copy of a schema in which every object schema with `properties` is closed. */
export function closeObjects(schema: unknown): Record<string, unknown> {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      // Property names and example values are data, not sub-schemas.
      out[key] =
        key === 'properties' || key === '$defs' || key === 'patternProperties'
          ? Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, walk(v)]))
          : key === 'examples' || key === 'enum' || key === 'const' || key === 'default'
            ? value
            : walk(value);
    }
    if ('properties' in out && !('additionalProperties' in out) && !('unevaluatedProperties' in out)) {
      out.unevaluatedProperties = false;
    }
    return out;
  };
  return walk(schema) as Record<string, unknown>;
}

function toFinding(kind: SchemaFinding['kind'], err: ErrorObject): SchemaFinding {
  if (err.keyword === 'unevaluatedProperties' || err.keyword === 'additionalProperties') {
    const prop =
      (err.params as { unevaluatedProperty?: string; additionalProperty?: string }).unevaluatedProperty ??
      (err.params as { additionalProperty?: string }).additionalProperty;
    const pointer = `${err.instancePath}/${prop}`;
    return { kind, pointer, message: kind === 'extra' ? `${pointer}: a field the spec does not document` : `${pointer}: not allowed` };
  }
  if (err.keyword === 'required') {
    const prop = (err.params as { missingProperty: string }).missingProperty;
    return { kind, pointer: `${err.instancePath}/${prop}`, message: `${err.instancePath}/${prop}: documented field is missing` };
  }
  return { kind, pointer: err.instancePath || '/', message: `${err.instancePath || '/'}: ${err.message ?? err.keyword}` };
}

function dedupe(findings: SchemaFinding[]): SchemaFinding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    if (seen.has(f.message)) return false;
    seen.add(f.message);
    return true;
  });
}
