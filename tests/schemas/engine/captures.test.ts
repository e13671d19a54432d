import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { CAPTURES_DIR, captureFiles, captureProblems, dockerValidator, readDeviationRows, schemaOfCapture } from './deviations.ts';
import { VERSIONS, setOf, validator } from './support.ts';

const rows = readDeviationRows();

describe.each(VERSIONS)('real daemon captures at /v%s/', (version) => {
  const files = captureFiles(version);
  const versionRows = rows.filter((row) => row.version === version);
  const problems = files.flatMap((file) => captureProblems(version, file));
  const explains = (row: (typeof rows)[number], p: { file: string; message: string }) => row.capture.test(p.file) && row.finding.test(p.message);

  test('there are captures, each named after a schema of this version', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.map(schemaOfCapture).filter((name) => !validator.has(setOf(version), name))).toEqual([]);
  });

  test('every problem on a capture is a deviation recorded in DEVIATIONS.md (no schema bug left unexplained)', () => {
    const unexplained = problems.filter((p) => !versionRows.some((row) => explains(row, p)));
    expect(unexplained).toEqual([]);
  });

  test('every recorded deviation is still found on the captures (no stale row)', () => {
    const stale = versionRows.filter((row) => !problems.some((p) => explains(row, p)));
    expect(stale.map((row) => row.text)).toEqual([]);
  });
});

test('the 1.22 captures that have no recorded deviation pass their schema without a problem', () => {
  const clean = captureFiles('1.22')
    .filter((file) => captureProblems('1.22', file).length === 0)
    .map(schemaOfCapture);
  expect(new Set(clean)).toEqual(
    new Set([
      'archive-path-stat',
      'build-stream-object',
      'commit-response',
      'container-changes',
      'container-create-response',
      'container-top',
      'container-wait',
      'event',
      'image-delete-response',
      'image-history',
      'image-inspect',
      'network-create-request',
      'network-create-response',
      'progress-object',
      'volume',
    ]),
  );
});

test('1.18: the daemon answers with 1.22 types, and the 1.18 schemas say so (Debug is a boolean)', () => {
  const info = JSON.parse(readFileSync(path.join(CAPTURES_DIR, '1.18/info.1.json'), 'utf8')) as Record<string, unknown>;
  expect(typeof info.Debug).toBe('boolean');
  const pointers = dockerValidator.validate('engine/1.18', 'info', info).map((f) => f.pointer);
  expect(pointers).toEqual(expect.arrayContaining(['/Debug', '/IPv4Forwarding', '/MemoryLimit', '/SwapLimit']));
  expect(dockerValidator.validate('engine/1.22', 'info', info).map((f) => f.pointer)).not.toContain('/Debug');
});
