/**
 * Reproducing a result: every result that did not pass carries the command that re-runs its check
 * and a curl script of its exchanges. The script of a failure, run against a reference served with
 * the same fault (`conformance serve engine|cloud --fault NAME`), sees the answers the report
 * recorded, and removes what it created; against a reference without the fault it does not.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { grepOfChecks } from '../../harness/check/register.ts';
import type { Report, ResultEntry } from '../../harness/report/report.ts';
import { reproduceCommand } from '../../harness/report/reproduce/command.ts';
import { reproContext } from '../../harness/report/reproduce/index.ts';
import { reproduceScript } from '../../harness/report/reproduce/script.ts';
import { validateReport } from '../../harness/report/validate-report.ts';
import { parseRunArgs } from '../../harness/cli/run-args.ts';
import { HttpTransport } from '../../harness/target/http-transport.ts';
import { parseTargetUrl } from '../../harness/target/endpoint.ts';
import { runCli, runProcess } from '../support/run-cli.ts';

const BIN = fileURLToPath(new URL('../../bin/conformance.mjs', import.meta.url));
const servers: ChildProcess[] = [];
afterAll(() => {
  for (const s of servers.splice(0)) s.kill();
});

/** `conformance serve API --listen unix://… [--fault F]`: answers its URL once it listens. */
async function serve(api: 'engine' | 'cloud', faults: string[]): Promise<string> {
  const socket = path.join(mkdtempSync(path.join(tmpdir(), 'conformance-repro-')), `${api}.sock`);
  const child = spawn(process.execPath, [BIN, 'serve', api, '--listen', `unix://${socket}`, ...faults.flatMap((f) => ['--fault', f])], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  servers.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('unix://') && resolve());
    child.on('exit', (code) => reject(new Error(`conformance serve ${api} exited ${code}`)));
  });
  return `unix://${socket}`;
}

/** Runs a result's script against a target; answers its exit status and what it printed. */
async function replay(result: ResultEntry, target: string, env: Record<string, string> = {}) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'conformance-script-')), 'reproduce.sh');
  writeFileSync(file, result.reproduce!.script);
  return runProcess('sh', [file], { env: { ...process.env, CONFORMANCE_TARGET: target, ...env }, timeoutMs: 60_000 });
}

/** The status the script printed for exchange n. */
const statusOf = (stdout: string, n: number) => new RegExp(`^${n} \\S+ \\S+ -> (\\d{3}) `, 'm').exec(stdout)?.[1];

/** The run of one check against a faulted embedded reference, and its failed result. */
async function failedRun(args: string[], check: string): Promise<{ report: Report; failure: ResultEntry; dir: string }> {
  const run = await runCli([...args, '--grep', grepOfChecks([check]), '--seed', '7', '--workers', '1', '-q'], 120_000);
  const report = run.report!;
  expect(report, run.stderr).toBeDefined();
  expect(validateReport(report)).toEqual([]);
  const failure = report.results.find((r) => r.id === check)!;
  expect(failure.outcome).toBe('failed');
  return { report, failure, dir: run.reportDir };
}

/** Every result that did not pass has its reproduction, in report.json and junit.xml. */
function expectEveryReproduction(report: Report, dir: string): void {
  for (const r of report.results) expect(Boolean(r.reproduce), `${r.id} ${r.outcome}`).toBe(r.outcome !== 'passed');
  const junit = readFileSync(path.join(dir, 'junit.xml'), 'utf8');
  expect(junit).toContain('<system-out>reproduce: conformance run --target embedded');
  expect(readFileSync(path.join(dir, 'report.html'), 'utf8')).toContain('"reproduce":{"command":"conformance run');
}

describe('the reproduction of a failure', () => {
  test('engine: the script sees the faulted answer again, removes what it created, and tells a fixed target apart', async () => {
    const check = 'engine/containers/start/304-already-started';
    const fault = 'start-running-returns-204';
    const { report, failure, dir } = await failedRun(['--suite', 'engine-1.22', '--fault', fault], check);
    expectEveryReproduction(report, dir);
    expect(failure.reproduce!.command).toBe(`conformance run --target embedded --suite engine-1.22 --grep '^(?:${check}): ' --seed 7 --fault ${fault}`);
    // The breach: the second start of the running container, which the fault answers 204.
    const breach =
      failure.transcript!.map((e) => e.request.path).lastIndexOf(failure.transcript!.find((e) => e.request.path.endsWith('/start'))!.request.path) + 1;
    expect(failure.transcript![breach - 1]!.response!.status).toBe(204);

    const faulted = await serve('engine', [fault]);
    const again = await replay(failure, faulted);
    expect(again.status, again.stdout + again.stderr).toBe(0);
    expect(statusOf(again.stdout, breach)).toBe('204');
    // Nothing of the run's id is left on the target.
    const left = new HttpTransport(parseTargetUrl(faulted), { timeoutMs: 5000, maxBodyBytes: 1 << 20 });
    try {
      expect((await left.request({ method: 'GET', path: '/v1.22/containers/json', query: { all: '1' } })).json()).toEqual([]);
      expect((await left.request({ method: 'GET', path: '/v1.22/images/json' })).text()).not.toContain(`conformance-${report.runId}`);
    } finally {
      await left.close();
    }

    const fixed = await replay(failure, await serve('engine', []));
    expect(fixed.status).toBe(1);
    expect(statusOf(fixed.stdout, breach)).toBe('304');
  }, 180_000);

  test('cloud: the script logs in with $CONFORMANCE_AUTH, reads the uuid from its own answer and sees the faulted answer again', async () => {
    const check = 'cloud/actions/async-202-in-progress';
    const fault = 'async-returns-200';
    const { report, failure, dir } = await failedRun(['--suite', 'cloud', '--fault', fault], check);
    expectEveryReproduction(report, dir);
    // The reference's own users are its defaults; no Authorization value is in the report.
    expect(failure.reproduce!.script).not.toMatch(/Basic [A-Za-z0-9+/=]{8,}/);
    expect(failure.reproduce!.script).toContain('-u "$CONFORMANCE_AUTH"');
    const target = await serve('cloud', [fault]);
    const again = await replay(failure, target, { CONFORMANCE_AUTH: 'conformance:conformance' });
    // The check's own removal at its end may meet the deployment still under way (409) or over:
    // the script's exit status counts it; the breach is the deploy's answer.
    expect(again.stderr).toBe('');
    const async = failure.transcript!.findIndex((e) => e.request.path.endsWith('/deploy/')) + 1;
    expect(statusOf(again.stdout, async)).toBe('200');
    const fixed = await replay(failure, await serve('cloud', []));
    expect(statusOf(fixed.stdout, async)).toBe('202');
  }, 180_000);
});

describe('the command of a reproduction', () => {
  test('carries the options that shape the run, credentials as shell variables, never in clear', () => {
    const options = parseRunArgs(
      [
        '--target',
        'https://cloud.example:8443',
        '--suite',
        'cloud',
        '--auth',
        'alice:s3cret',
        '--auth2',
        'bob:hunter2',
        '--namespace',
        'acme org',
        '--seed',
        '42',
        '--timeout-ms',
        '2500',
        '--report-dir',
        mkdtempSync(path.join(tmpdir(), 'conformance-args-')),
      ],
      [],
    );
    if (options === 'help') throw new Error('help');
    const command = reproduceCommand(reproContext(options, 'abc123', { url: options.target }), 'cloud', "cloud/service/o'brien");
    expect(command).toBe(
      "conformance run --target https://cloud.example:8443 --suite cloud --grep '^(?:cloud/service/o'\\''brien): ' --seed 42 " +
        `--timeout-ms 2500 --auth "$CONFORMANCE_AUTH" --auth2 "$CONFORMANCE_AUTH2" --namespace 'acme org'`,
    );
    expect(command).not.toMatch(/s3cret|hunter2|alice|bob/);
  });

  test('a TLS target: the command names the certificate files, the script presents them to curl over https', () => {
    const ca = path.join(mkdtempSync(path.join(tmpdir(), 'conformance-tls-')), 'ca.pem');
    writeFileSync(ca, '');
    const dir = mkdtempSync(path.join(tmpdir(), 'conformance-args-'));
    const options = parseRunArgs(['--target', 'tcp://engine.example:2376', '--tls-ca', ca, '--suite', 'engine-1.22', '--report-dir', dir], []);
    if (options === 'help') throw new Error('help');
    const ctx = reproContext(options, 'abc123', { url: 'https://engine.example:2376', tls: { ca } });
    expect(reproduceCommand(ctx, 'engine-1.22', 'engine/system/ping/200-ok')).toContain(`--tls-ca ${ca}`);
    const script = reproduceScript(ctx, 'engine-1.22', 'ping', []);
    expect(script).toContain('TARGET=${CONFORMANCE_TARGET:-https://engine.example:2376}');
    expect(script).toContain(`CONFORMANCE_TLS_CA=\${CONFORMANCE_TLS_CA:-${ca}}`);
  });
});
