#!/usr/bin/env node
/**
 * Runs the suites of an API once per blind fault (catalog/<api>/blind-faults.json, or with
 * `--batch N` catalog/<api>/blind-faults-N.json) on the embedded
 * reference and lists what each fault made fail: caught (a check naming the fault's requirement
 * failed), caught elsewhere (only other checks failed) or missed. The measure behind
 * tests/embedded/teeth/blind.ts and tests/embedded/cloud-teeth/blind.ts.
 *
 *   node scripts/blind-faults-caught.mjs engine|cloud [--batch N] [FAULT-REGEX]
 * writes reports/blind-<api>[-N]/summary.json and one report directory per fault.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
const batchAt = args.indexOf('--batch');
const batch = batchAt >= 0 ? args.splice(batchAt, 2)[1] : undefined;
const [api, only] = args;
if ((api !== 'engine' && api !== 'cloud') || (batchAt >= 0 && !/^\d+$/.test(batch ?? ''))) {
  console.error('usage: node scripts/blind-faults-caught.mjs engine|cloud [--batch N] [FAULT-REGEX]');
  process.exit(2);
}
const catalog = `catalog/${api}/blind-faults${batch ? `-${batch}` : ''}.json`;
const faults = JSON.parse(readFileSync(catalog, 'utf8')).filter((f) => !only || new RegExp(only).test(f.fault));
const suites = api === 'engine' ? ['--suite', 'engine-1.18', '--suite', 'engine-1.22'] : ['--suite', 'cloud'];
const out = `reports/blind-${api}${batch ? `-${batch}` : ''}`;
mkdirSync(out, { recursive: true });
const NOT_PASSED = new Set(['failed', 'warning', 'error']);

function failing(reportDir) {
  const report = JSON.parse(readFileSync(`${reportDir}/report.json`, 'utf8'));
  return report.results
    .filter((c) => NOT_PASSED.has(c.outcome))
    .map((c) => ({ id: c.id, suite: c.suite, outcome: c.outcome, names: (c.breaches ?? []).flatMap((b) => b.requirements ?? []) }));
}

const summary = [];
for (const fault of faults) {
  const dir = `${out}/${fault.fault}`;
  try {
    execFileSync(process.execPath, ['bin/conformance.mjs', 'run', ...suites, '--fault', fault.fault, '--report-dir', dir, '--format', 'json'], {
      stdio: 'ignore',
    });
  } catch {
    // exit 1 is the fault caught; the report says which checks
  }
  const checks = failing(dir);
  const named = checks.some((c) => c.names.includes(fault.requirement) || c.id.startsWith(fault.requirement));
  const verdict = checks.length === 0 ? 'missed' : named ? 'caught' : 'caught elsewhere';
  summary.push({ fault: fault.fault, requirement: fault.requirement, verdict, checks });
  console.log(
    `${verdict}\t${fault.fault}\t${checks.length} check(s)\t${checks
      .slice(0, 3)
      .map((c) => c.id)
      .join(' ')}`,
  );
  writeFileSync(`${out}/summary.json`, `${JSON.stringify(summary, null, 2)}\n`);
}
const count = (v) => summary.filter((s) => s.verdict === v).length;
console.log(`${api}: ${summary.length} blind faults: ${count('caught')} caught, ${count('caught elsewhere')} caught elsewhere, ${count('missed')} missed`);
