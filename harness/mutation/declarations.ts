/**
 * Declared mutants, each with one line of reason a reviewer can check, one file per concern:
 * - equivalent (catalog/mutation/equivalents/): a mutant no conforming-or-not difference can show
 *   (its site is never reached, or it changes nothing the answer carries); it is not run.
 * - allowed (catalog/mutation/allowed/): a fault operator whose change at this site is a variation
 *   the spec's words allow; it is run as a legal mutant, so no verdict may change.
 * A declaration names a mutant id, or a pattern of ids with `*`; one that matches no generated
 * mutant is stale (tests/mutation/declarations.test.ts), so a file cannot hide what it no longer
 * describes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOG_DIR } from '../catalog/load.ts';
import { escapeRegExp } from '../escape-regexp.ts';

export interface MutantDeclaration {
  mutant: string;
  reason: string;
}

export const EQUIVALENTS_DIR = path.join(CATALOG_DIR, 'mutation', 'equivalents');
export const ALLOWED_DIR = path.join(CATALOG_DIR, 'mutation', 'allowed');

export class MutantDeclarations {
  private readonly patterns: Array<MutantDeclaration & { test: RegExp }>;

  constructor(declarations: readonly MutantDeclaration[]) {
    this.patterns = declarations.map((d) => {
      if (!d.reason?.trim()) throw new Error(`declared mutant ${d.mutant}: a declaration needs its reason`);
      return { ...d, test: new RegExp(`^${d.mutant.split('*').map(escapeRegExp).join('.*')}$`) };
    });
  }

  /** Every `*.json` file of the directory, each an array of declarations. */
  static load(dir: string): MutantDeclarations {
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .sort()
      : [];
    return new MutantDeclarations(files.flatMap((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as MutantDeclaration[]));
  }

  reasonFor(id: string): string | undefined {
    return this.patterns.find((p) => p.test.test(id))?.reason;
  }

  /** Declarations that match none of the ids (of the suites generated). */
  stale(ids: readonly string[]): string[] {
    return this.patterns.filter((p) => !ids.some((id) => p.test.test(id))).map((p) => p.mutant);
  }
}

let allowed: MutantDeclarations | undefined;

/** The allowed declarations, read once per process. */
export function allowedVariations(): MutantDeclarations {
  allowed ??= MutantDeclarations.load(ALLOWED_DIR);
  return allowed;
}
