import { SchemaValidator, type SchemaFinding, type SchemaSet } from '../../../harness/schema/validator.ts';

export type EngineVersion = '1.18' | '1.22';
export const VERSIONS: readonly EngineVersion[] = ['1.18', '1.22'];

/** Valid example values per schema name, for one version. */
export type ExampleSet = Record<string, unknown[]>;

/** One validator for all engine schema tests: compiling is the slow part, so it is shared. */
export const validator = new SchemaValidator('neutral');

export function setOf(version: EngineVersion): SchemaSet {
  return `engine/${version}`;
}

export function findings(version: EngineVersion, name: string, value: unknown): SchemaFinding[] {
  return validator.validate(setOf(version), name, value);
}

/** The pointers of the problems (not the extras) the validator reports. */
export function problemPointers(version: EngineVersion, name: string, value: unknown): string[] {
  return findings(version, name, value)
    .filter((f) => f.kind === 'problem')
    .map((f) => f.pointer);
}

export function clone<T>(value: T): T {
  return structuredClone(value);
}
