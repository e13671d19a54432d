import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PROJECT_ROOT } from '../../harness/run/project-root.ts';

/**
 * The package as a user gets it: `npm pack` (its prepack builds dist/), the tarball installed in
 * an empty project (dependencies from npm's cache where it has them), then the command and the
 * API from that project in plain Node.
 */
const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'conformance-package-'));
const project = path.join(work, 'project');
const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', GITHUB_ACTIONS: '' };

beforeAll(async () => {
  await run('npm', ['pack', '--pack-destination', work], { cwd: PROJECT_ROOT, env });
  const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'))!;
  mkdirSync(project);
  await run('npm', ['init', '-y'], { cwd: project, env });
  await run('npm', ['install', '--prefer-offline', path.join(work, tarball)], { cwd: project, env, timeout: 420_000 });
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the installed package', () => {
  test('holds the runtime only: no tests, benches or CI scripts', () => {
    const installed = path.join(project, 'node_modules/container-api-conformance');
    const top = readdirSync(installed).sort();
    expect(top).not.toContain('tests');
    expect(top).not.toContain('bench');
    expect(top).toEqual(expect.arrayContaining(['bin', 'dist', 'harness', 'suites', 'catalog', 'schemas', 'reference']));
  });

  test('npx conformance run runs the selected checks and writes the report', async () => {
    const { stdout } = await run('npx', ['conformance', 'run', '--suite', 'engine-1.22', '--grep', 'engine/containers/start', '--report-dir', 'out', '-q'], {
      cwd: project,
      env,
    });
    expect(stdout).toMatch(/verdict: conformant \(exit 0\)/);
    const report = JSON.parse(readFileSync(path.join(project, 'out/report.json'), 'utf8'));
    expect(report.summary.total).toBeGreaterThan(0);
    expect(report.summary.failed).toBe(0);
  });

  test('the API and the protocol verifiers import in plain Node and run', async () => {
    writeFileSync(
      path.join(project, 'api.mjs'),
      [
        "import { runConformance } from 'container-api-conformance';",
        "import { parseBoolean } from 'container-api-conformance/protocol';",
        "const result = await runConformance({ suites: ['engine-1.22'], grep: 'engine/containers/start', reportDir: 'api-out' });",
        'const { exitCode, verdict, report } = result;',
        'console.log(JSON.stringify({ exitCode, status: verdict.status, total: report.summary.total, bool: parseBoolean("1").value }));',
      ].join('\n'),
    );
    const { stdout } = await run(process.execPath, ['api.mjs'], { cwd: project, env });
    const out = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(out).toMatchObject({ exitCode: 0, status: 'conformant', bool: true });
    expect(out.total).toBeGreaterThan(0);
  });

  test("its declarations type-check a consumer's TypeScript (nodenext)", async () => {
    writeFileSync(
      path.join(project, 'check.mts'),
      [
        "import { runConformance, type ConformanceResult } from 'container-api-conformance';",
        "import { decodeFilters } from 'container-api-conformance/protocol';",
        "const result: ConformanceResult = await runConformance({ suites: ['engine-1.22'] });",
        'const code: 0 | 1 | 3 = result.exitCode;',
        "console.log(code, result.report.summary.failed, decodeFilters('{}').diagnostics);",
        '// @ts-expect-error: not a suite',
        "await runConformance({ suites: ['engine-9'] });",
      ].join('\n'),
    );
    const compilerOptions = {
      module: 'nodenext',
      target: 'es2022',
      strict: true,
      noEmit: true,
      types: ['node'],
      typeRoots: [path.join(PROJECT_ROOT, 'node_modules/@types')],
    };
    writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['check.mts'] }));
    await run(process.execPath, [path.join(PROJECT_ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.'], { cwd: project, env });
  });
});
