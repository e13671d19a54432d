import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { RUN_LABEL } from '../../harness/fixtures/labels.ts';
import { validateReport } from '../../harness/report/validate-report.ts';
import { parseTargetUrl } from '../../harness/target/endpoint.ts';
import { HttpTransport } from '../../harness/target/http-transport.ts';
import { startEngineServer } from '../../reference/engine/index.ts';
import { HAVE_SCRIPT, interruptInTerminal, type TerminalRun } from '../support/run-in-terminal.ts';

// Ctrl-C in a terminal signals the whole foreground process group: the command, and with it
// (before the run had a process group of its own) vitest's workers and the esbuild services,
// which died mid-run: a crash, a hang, or a report blaming the harness. And npm and npx pass the
// terminal's SIGINT on once more. Through each way a user starts a run, ^C must end it within
// 5 s, exit 3, with the partial report and nothing left behind.
// npx runs a bin through `sh -c`; dash (Debian's /bin/sh), once the command it waits for has
// ended, ends itself by the SIGINT it got too, whatever the command's exit code, and npx then
// exits 130. The project's .npmrc names bash as the script shell, which waits and passes the
// code on; `npm start` execs the command and needs no such shell.
const WAYS = [
  ['node bin/conformance.mjs', 'node bin/conformance.mjs run --suite engine-1.22 --report-dir REPORT_DIR'],
  ['npx conformance', 'npx --no-install conformance run --suite engine-1.22 --report-dir REPORT_DIR'],
  ['npm start', 'npm start --silent -- --suite engine-1.22 --report-dir REPORT_DIR'],
].filter(([way]) => way !== 'npx conformance' || existsSync('/bin/bash'));

/** The terminal shows some checks finished: the run is under way. */
const CHECKS_FINISHED = /(^|\r)[1-9]\d*\/\d+ checks/m;

describe.skipIf(!HAVE_SCRIPT)('Ctrl-C typed in a terminal', () => {
  test.each(WAYS)(
    'through %s: exit 3 within 5 s, the partial report, no harness errors, nothing left behind',
    async (_way, command) => {
      expectInterrupted(await interruptInTerminal(command, CHECKS_FINISHED));
    },
    300_000,
  );

  test('against a reference engine served apart from the run: nothing that carries the run id is left on it', async () => {
    const server = await startEngineServer({ listen: `unix://${path.join(mkdtempSync(path.join(tmpdir(), 'tty-engine-')), 'engine.sock')}` });
    try {
      const run = await interruptInTerminal(`node bin/conformance.mjs run --target ${server.url} --suite engine-1.22 --report-dir REPORT_DIR`, CHECKS_FINISHED);
      expectInterrupted(run);
      const runId = run.report!.runId;
      expect(await carryingRunId(server.url, runId)).toEqual([]);
      // The look has teeth: a volume named after the run is seen.
      const api = engineApi(server.url);
      expect((await api.request({ method: 'POST', path: '/v1.22/volumes/create', json: { Name: `conformance-${runId}-probe` } })).status).toBe(201);
      await api.close();
      expect(await carryingRunId(server.url, runId)).toEqual([`volume conformance-${runId}-probe`]);
    } finally {
      await server.close();
    }
  }, 300_000);
});

function expectInterrupted(run: TerminalRun): void {
  expect(run.afterInterruptMs, run.screen).toBeLessThan(5000);
  expect(run.status, run.screen).toBe(3);
  const report = run.report!;
  expect(report, run.screen).toBeDefined();
  expect(validateReport(report)).toEqual([]);
  expect(report.summary.total).toBeGreaterThan(0);
  // Only the interruption: a worker that died would be listed too; and nothing left behind.
  expect(report.harnessErrors).toEqual(['interrupted by SIGINT: the report holds the checks that finished']);
  expect(report.leftovers ?? []).toEqual([]);
  // A check cut short by the interruption is not an outcome (it used to end "verified nothing").
  expect(report.summary.failed + report.summary.errors, JSON.stringify(report.results.filter((r) => r.outcome === 'error'))).toBe(0);
  expect(run.screen).not.toMatch(/unhandled|Worker|internal error/i);
}

const engineApi = (url: string): HttpTransport => new HttpTransport(parseTargetUrl(url), { timeoutMs: 10_000, maxBodyBytes: 16 * 1024 * 1024 });

/** Containers labelled with the run id, and images, volumes and networks named after it. */
async function carryingRunId(url: string, runId: string): Promise<string[]> {
  const api = engineApi(url);
  const list = async <T>(p: string, query: Record<string, string> = {}): Promise<T> =>
    (await api.request({ method: 'GET', path: `/v1.22${p}`, query })).json<T>();
  const marker = `conformance-${runId}`;
  const containers = await list<{ Id: string }[]>('/containers/json', { all: '1', filters: JSON.stringify({ label: [`${RUN_LABEL}=${runId}`] }) });
  const images = await list<{ RepoTags?: string[] | null }[]>('/images/json');
  const volumes = (await list<{ Volumes?: { Name: string }[] | null }>('/volumes')).Volumes ?? [];
  const networks = await list<{ Name: string }[]>('/networks');
  await api.close();
  return [
    ...containers.map((c) => `container ${c.Id}`),
    ...images
      .flatMap((i) => i.RepoTags ?? [])
      .filter((t) => t.includes(marker))
      .map((t) => `image ${t}`),
    ...volumes.filter((v) => v.Name.includes(marker)).map((v) => `volume ${v.Name}`),
    ...networks.filter((n) => n.Name.includes(marker)).map((n) => `network ${n.Name}`),
  ];
}
