/**
 * Declared equivalent mutants: mutants no conforming-or-not difference can show, each with one
 * line of reason a reviewer can check (catalog/mutation/equivalents/, one file per concern). A declaration names a
 * mutant id, or a pattern of ids with `*`; a declaration that matches no generated mutant is
 * stale and reported, so the file cannot hide what it no longer describes.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CATALOG_DIR } from '../catalog/load.ts';
import { escapeRegExp } from '../escape-regexp.ts';
import type { Mutant } from './types.ts';

export interface EquivalentDeclaration {
  mutant: string;
  reason: string;
}

export const EQUIVALENTS_DIR = path.join(CATALOG_DIR, 'mutation', 'equivalents');

export class Equivalents {
  private readonly patterns: Array<EquivalentDeclaration & { test: RegExp }>;

  constructor(declarations: readonly EquivalentDeclaration[]) {
    this.patterns = declarations.map((d) => {
      if (!d.reason?.trim()) throw new Error(`equivalent mutant ${d.mutant}: a declaration needs its reason`);
      return { ...d, test: new RegExp(`^${d.mutant.split('*').map(escapeRegExp).join('.*')}$`) };
    });
  }

  /** Every `*.json` file of the directory, each an array of declarations. */
  static load(dir: string = EQUIVALENTS_DIR): Equivalents {
    const files = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .sort()
      : [];
    return new Equivalents(files.flatMap((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as EquivalentDeclaration[]));
  }

  reasonFor(mutant: Mutant): string | undefined {
    return this.patterns.find((p) => p.test.test(mutant.id))?.reason;
  }

  /** Declarations that match none of the mutants (of the suites generated). */
  stale(mutants: readonly Mutant[]): string[] {
    return this.patterns.filter((p) => !mutants.some((m) => p.test.test(m.id))).map((p) => p.mutant);
  }
}
