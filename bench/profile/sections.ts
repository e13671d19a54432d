/**
 * Which spec-section file a check belongs to: the same section lists the suite entry files
 * register (suites/<suite>/<section>.test.ts runs the checks of its section), read here only to
 * place each result of a report in its file.
 */
import type { EngineVersion } from '../../harness/catalog/types.ts';

/** check id → `<suite>/<section>`, per suite (`engine-1.18`, `engine-1.22`, `cloud`). */
export type FilePlaces = Map<string, Map<string, string>>;

export async function filePlaces(): Promise<FilePlaces> {
  const { ENGINE_SECTIONS } = await import('../../suites/engine/all-checks.ts');
  const { checksForVersion } = await import('../../suites/engine/support/check.ts');
  const { CLOUD_SECTIONS } = await import('../../suites/cloud/all-checks.ts');
  const places: FilePlaces = new Map();
  for (const version of ['1.18', '1.22'] as EngineVersion[]) {
    const suite = `engine-${version}`;
    const ids = new Map<string, string>();
    for (const [section, checks] of Object.entries(ENGINE_SECTIONS)) {
      for (const check of checksForVersion(checks, version)) ids.set(check.id, `${suite}/${section}`);
    }
    places.set(suite, ids);
  }
  const cloud = new Map<string, string>();
  for (const [section, checks] of Object.entries(CLOUD_SECTIONS)) for (const check of checks) cloud.set(check.id, `cloud/${section}`);
  places.set('cloud', cloud);
  return places;
}

/** The file of a result; a check no section lists (the run-level observed-exchange checks) goes to `<suite>/(other)`. */
export function fileOf(places: FilePlaces, suite: string, id: string): string {
  return places.get(suite)?.get(id) ?? `${suite}/(other)`;
}
