import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checks of the spec section an entry file is named after (suites/engine-1.22/containers.test.ts
 * → the `containers` section): one list of sections drives every entry file, and a file named
 * after no section fails to load instead of silently running nothing.
 */
export function sectionChecks<T>(sections: Record<string, T[]>, entryFile: string): T[] {
  const section = sectionOf(entryFile);
  const checks = sections[section];
  if (!checks) throw new Error(`${entryFile}: no section '${section}' (sections: ${Object.keys(sections).join(', ')})`);
  return checks;
}

/** The spec section an entry file is named after. */
export function sectionOf(entryFile: string): string {
  return path.basename(fileURLToPath(entryFile), '.test.ts');
}
