import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { validate } from '../../harness/mutation/validate-report.ts';
import { MutantDeclarations } from '../../harness/mutation/declarations.ts';
import { mutate } from '../../harness/mutation/mutate.ts';
import { cloudCheck, type CloudCheck } from '../../suites/cloud/support/check.ts';

const PROVIDERS = '/api/infra/v1/provider/';
const RULE = 'cloud/provider/list/filter-name';

/** Reads the provider list and verifies only that it answers 200: no field of it is looked at. */
const statusOnly: CloudCheck = cloudCheck({
  id: 'test/provider-list-answers',
  title: 'the provider list answers 200',
  requirements: [RULE],
  async run(ctx) {
    ctx.expectStatus(await ctx.api.get(PROVIDERS), 200, `GET ${PROVIDERS}`);
  },
});

/** Stricter than the spec: the provider objects' keys in one order (JSON objects are unordered). */
const keyOrder: CloudCheck = cloudCheck({
  id: 'test/provider-key-order',
  title: 'the provider keys come in the order the reference writes them',
  requirements: [RULE],
  async run(ctx) {
    const first = (await ctx.api.get(PROVIDERS)).json<{ objects: Array<Record<string, unknown>> }>().objects[0]!;
    ctx.expect(Object.keys(first)[0] === 'resource_uri', `the first key is ${Object.keys(first)[0]}`);
  },
});

/** Fails the first time it runs after the baseline, as a check timed out behind a loaded machine would. */
function failingOnce(): CloudCheck {
  let runs = 0;
  return cloudCheck({
    id: 'test/provider-list-once-slow',
    title: 'the provider list answers 200 (and once, not in time)',
    requirements: [RULE],
    async run(ctx) {
      runs += 1;
      ctx.expectStatus(await ctx.api.get(PROVIDERS), 200, `GET ${PROVIDERS}`);
      ctx.expect(runs !== 2, `GET ${PROVIDERS}: timed out`);
    },
  });
}

/**
 * Verifies the provider list holds no duplicate, but the first time it meets one it ends
 * unverified instead, as a check whose state came and went behind a loaded machine would. With
 * `always`, every time.
 */
function unverifiedOnce(always = false): CloudCheck {
  let skipped = false;
  return cloudCheck({
    id: 'test/provider-list-no-duplicate',
    title: 'the provider list names each provider once',
    requirements: [RULE],
    async run(ctx) {
      const names = (await ctx.api.get(PROVIDERS)).json<{ objects: Array<{ name: string }> }>().objects.map((p) => p.name);
      const duplicate = new Set(names).size !== names.length;
      if (duplicate && (always || !skipped)) {
        skipped = true;
        ctx.unverified('the list could not be read in time');
      }
      ctx.expect(!duplicate, `the list names a provider twice: ${names.join(', ')}`);
    },
  });
}

/** The operators' mutants of the provider list, each run with `checks` alone; the report's directory beside the outcome. */
async function run(checks: CloudCheck[], operators: string[]) {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'mutation-test-'));
  const outcome = await mutate({
    suites: ['cloud'],
    selection: { operators, sites: ['cloud/provider/list '] },
    jobs: 1,
    slots: 4,
    reportDir,
    log: () => {},
    checksOf: async () => checks,
    equivalents: new MutantDeclarations([]),
  });
  return { ...outcome, reportDir };
}

describe('conformance mutate', () => {
  test('a mutant no check catches is reported as a survivor, in the report and on its page', async () => {
    const { report, exitCode } = await run([statusOnly], ['answer/list-duplicated']);
    const mutants = Object.values(report.files).flatMap((f) => f.mutants);
    const survivor = mutants.find((m) => m.id === 'cloud:answer/list-duplicated@cloud/provider/list 200 objects');
    expect(survivor?.status).toBe('Survived');
    expect(survivor?.coveredBy).toEqual(['test/provider-list-answers']);
    expect(report.conformance.suites.cloud?.survived).toBeGreaterThan(0);
    expect(validate(report)).toEqual([]);
    expect(exitCode).toBe(0);
  });

  test('a mutant that left its check unverified has the check run again alone, and is killed when it detects it then', async () => {
    const { report } = await run([unverifiedOnce()], ['answer/list-duplicated']);
    const mutant = Object.values(report.files)
      .flatMap((f) => f.mutants)
      .find((m) => m.id === 'cloud:answer/list-duplicated@cloud/provider/list 200 objects');
    expect(mutant?.status).toBe('Killed');
    expect(mutant?.killedBy).toEqual(['test/provider-list-no-duplicate']);
  });

  test('a mutant whose check stays unverified survives, and its reason says the check could not verify', async () => {
    const { report } = await run([unverifiedOnce(true)], ['answer/list-duplicated']);
    const mutant = Object.values(report.files)
      .flatMap((f) => f.mutants)
      .find((m) => m.id === 'cloud:answer/list-duplicated@cloud/provider/list 200 objects');
    expect(mutant?.status).toBe('Survived');
    expect(mutant?.statusReason).toMatch(
      /unverified under the mutant: test\/provider-list-no-duplicate: skipped: unverified: the list could not be read in time/,
    );
  });

  test('a legal variation that makes a check fail is a false failure and fails the run', async () => {
    const { report, exitCode, failures, reportDir } = await run([keyOrder], ['legal/keys-reordered']);
    expect(report.conformance.falseFailures.map((f) => f.id)).toEqual(['cloud:legal/keys-reordered@cloud/provider/list 200 keys-reordered']);
    expect(failures[0]).toMatch(/false failure: .*test\/provider-key-order/);
    expect(exitCode).toBe(1);
    expect(readFileSync(path.join(reportDir, 'index.html'), 'utf8')).toContain('cloud:legal/keys-reordered@cloud/provider/list 200 keys-reordered');
  });

  test('a legal variation whose check fails once and passes when run again is no false failure, and is said', async () => {
    const { report, exitCode } = await run([failingOnce()], ['legal/keys-reordered']);
    const mutant = Object.values(report.files)
      .flatMap((f) => f.mutants)
      .find((m) => m.id === 'cloud:legal/keys-reordered@cloud/provider/list 200 keys-reordered');
    expect(report.conformance.falseFailures).toEqual([]);
    expect(mutant?.status).toBe('Survived');
    expect(mutant?.statusReason).toMatch(/failed once under the variation and passed when run again.*test\/provider-list-once-slow/);
    expect(exitCode).toBe(0);
  });

  test('the same legal variation changes no verdict of a check that reads no key order', async () => {
    const { report, exitCode } = await run([statusOnly], ['legal/*']);
    expect(report.conformance.legal.generated).toBeGreaterThan(0);
    expect(report.conformance.falseFailures).toEqual([]);
    expect(exitCode).toBe(0);
  });
});
