import { describe, expect, test } from 'vitest';
import { applyExpectations, expectationsFromReport, parseExpectations, type ExpectationsFile } from '../../harness/report/expectations.ts';
import type { Report, ResultEntry } from '../../harness/report/report.ts';
import { verdictOf } from '../../harness/report/verdict.ts';
import { markdownSummary } from '../../harness/report/formats/markdown.ts';
import { parseRunArgs } from '../../harness/cli/run-args.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bareReport } from '../report/support/synthetic-report.ts';

const result = (id: string, outcome: ResultEntry['outcome']): ResultEntry => ({
  id,
  suite: 'engine-1.22',
  title: id,
  requirements: [id],
  endpoint: null,
  outcome,
  message: `${id} message`,
  durationMs: 1,
});
const report = (results: ResultEntry[], options?: Report['options']): Report =>
  bareReport(results, { target: { url: 'u', product: 'Docker', version: '20.10', embedded: false }, ...(options ? { options } : {}) });

const recorded: ExpectationsFile = {
  recordedWith: { suites: ['engine-1.22'], vendorProfile: 'docker', registry: '127.0.0.1:5000' },
  expectations: [
    { id: 'push', outcome: 'failed', reason: 'progress objects lack a status' },
    { id: 'fixed', outcome: 'failed', reason: 'fixed since' },
  ],
};

describe('expectations recorded with options', () => {
  test('update records the options of the run it is made from', () => {
    const data = expectationsFromReport(report([result('push', 'failed')], { vendorProfile: 'docker', registry: '127.0.0.1:5000' }));
    expect(data.recordedWith).toEqual({ suites: ['engine-1.22'], vendorProfile: 'docker', registry: '127.0.0.1:5000', seed: 1 });
    expect(parseExpectations(JSON.parse(JSON.stringify(data)))).toEqual(data);
  });

  test('a check skipped for want of the recorded --registry is not run here, never stale: the strict gate passes', () => {
    const run = report([result('push', 'skipped'), result('fixed', 'failed')], { vendorProfile: 'docker' });
    const gate = applyExpectations(run, 'docker.json', recorded, true);
    expect(gate.stale).toEqual([]);
    expect(gate.notRunHere).toEqual([
      { ...recorded.expectations[0], actual: ['skipped'], because: 'this run has no --registry (recorded with 127.0.0.1:5000)' },
    ]);
    const verdict = verdictOf({ ...run, expectations: gate });
    expect(verdict.exitCode).toBe(0);
    expect(verdict.reasons).toContain('not run here: push (expected failed, is skipped): this run has no --registry (recorded with 127.0.0.1:5000)');
    expect(markdownSummary({ ...run, expectations: gate })).toContain('0 stale, 1 not run here.');
  });

  test('a repository check skipped for want of the recorded --cloud-repository is not run here', () => {
    const withRepository: ExpectationsFile = {
      recordedWith: { vendorProfile: 'docker', cloudRepositories: ['quay.io/org/app'] },
      expectations: [{ id: 'repo', outcome: 'failed', reason: 'in_use stays true' }],
    };
    const made = expectationsFromReport(report([result('repo', 'failed')], { vendorProfile: 'docker', cloudRepositories: ['quay.io/org/app'] }));
    expect(made.recordedWith).toMatchObject({ cloudRepositories: ['quay.io/org/app'] });
    expect(parseExpectations(JSON.parse(JSON.stringify(made)))).toEqual(made);
    const gate = applyExpectations(report([result('repo', 'skipped')], { vendorProfile: 'docker' }), 'cloud.json', withRepository, true);
    expect(gate.stale).toEqual([]);
    expect(gate.notRunHere?.[0]?.because).toBe('this run has no --cloud-repository (recorded with quay.io/org/app)');
    expect(() => parseExpectations({ recordedWith: { cloudRepositories: 'quay.io/org/app' }, expectations: [] })).toThrow(/recordedWith.cloudRepositories/);
  });

  test('with the recorded options a skip is stale as before, and so is a pass', () => {
    const run = report([result('push', 'skipped'), result('fixed', 'passed')], { vendorProfile: 'docker', registry: '127.0.0.1:5000' });
    const gate = applyExpectations(run, 'docker.json', recorded, true);
    expect(gate.stale.map((s) => [s.id, s.actual])).toEqual([
      ['push', ['skipped']],
      ['fixed', ['passed']],
    ]);
    expect(gate.notRunHere).toBeUndefined();
  });

  test('a file without recordedWith, or a report without options, judges as before', () => {
    const { recordedWith: _, ...old } = recorded;
    expect(applyExpectations(report([result('push', 'skipped')], { vendorProfile: 'docker' }), 'f', old, true).stale).toHaveLength(1);
    expect(applyExpectations(report([result('push', 'skipped')]), 'f', recorded, true).stale).toHaveLength(1);
  });

  test('a malformed recordedWith is refused with what is wrong', () => {
    expect(() => parseExpectations({ recordedWith: { registry: 5000 }, expectations: [] })).toThrow(/recordedWith.registry must be a host:port string/);
    expect(() => parseExpectations({ recordedWith: { suites: ['engine-9'] }, expectations: [] })).toThrow(/recordedWith.suites/);
  });

  test('a gate run takes the recorded seed and concurrency unless its command line sets them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'recorded-options-'));
    try {
      const file = path.join(dir, 'expectations.json');
      writeFileSync(file, JSON.stringify({ ...recorded, recordedWith: { ...recorded.recordedWith, seed: 42, concurrency: 1 } }));
      const args = ['--target', 'tcp://127.0.0.1:1', '--report-dir', dir, '--expectations', file];
      expect(parseRunArgs(args, [])).toMatchObject({ seed: 42, concurrency: 1 });
      expect(parseRunArgs([...args, '--seed', '5', '--concurrency', '4'], [])).toMatchObject({ seed: 5, concurrency: 4 });
      expect(parseRunArgs(['--target', 'tcp://127.0.0.1:1', '--report-dir', dir], [])).not.toHaveProperty('concurrency');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
