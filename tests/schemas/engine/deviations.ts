import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SchemaValidator } from '../../../harness/schema/validator.ts';
import { setOf, type EngineVersion } from './support.ts';
import { escapeRegExp } from '../../../harness/escape-regexp.ts';

/** The captures come from the real daemon, so they are read with its (docker) spellings. */
export const dockerValidator = new SchemaValidator('docker');

export const CAPTURES_DIR = fileURLToPath(new URL('./captures/', import.meta.url));

/** A row of captures/DEVIATIONS.md: a finding the schemas report on the real daemon's captures. */
export interface DeviationRow {
  version: EngineVersion;
  capture: RegExp;
  finding: RegExp;
  text: string;
}

export interface CaptureFinding {
  file: string;
  message: string;
}

/** `*` stands for one pointer segment in a finding, for anything in a capture name. */
function glob(pattern: string, star: string): RegExp {
  return new RegExp(`^${pattern.split('*').map(escapeRegExp).join(star)}$`);
}

export function readDeviationRows(): DeviationRow[] {
  const text = readFileSync(path.join(CAPTURES_DIR, 'DEVIATIONS.md'), 'utf8');
  return text.split('\n').flatMap((line) => {
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/^`|`$/g, ''));
    if (cells.length < 5 || (cells[1] !== '1.18' && cells[1] !== '1.22')) return [];
    return [
      { version: cells[1] as EngineVersion, capture: glob(cells[2], '.*'), finding: glob(cells[3], '[^/]+'), text: `${cells[1]} ${cells[2]} ${cells[3]}` },
    ];
  });
}

/** The schema a capture file is for: 'container-inspect.2.json' → 'container-inspect'. */
export function schemaOfCapture(file: string): string {
  return file.replace(/\.[^.]+\.(json|txt)$/, '');
}

export function captureFiles(version: EngineVersion): string[] {
  return readdirSync(path.join(CAPTURES_DIR, version))
    .filter((f) => /\.(json|txt)$/.test(f))
    .sort();
}

/** The problems the schemas report on one capture; a body that is not JSON is one finding. */
export function captureProblems(version: EngineVersion, file: string): CaptureFinding[] {
  const raw = readFileSync(path.join(CAPTURES_DIR, version, file), 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [{ file, message: '/: not JSON' }];
  }
  return dockerValidator
    .validate(setOf(version), schemaOfCapture(file), value)
    .filter((f) => f.kind === 'problem')
    .map((f) => ({ file, message: f.message }));
}
