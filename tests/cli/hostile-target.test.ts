/**
 * A hostile engine target: it answers the probe (`/_ping`, `/version`) and then misbehaves on
 * every other request. The run must end, write its report, and blame the target: failures that
 * name the problem, not harness errors.
 */
import type http from 'node:http';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { validateReport } from '../../harness/report/validate-report.ts';
import { gzipBomb, MISBEHAVIOURS, serveHostile } from '../support/hostile-server.ts';
import { runCli } from '../support/run-cli.ts';

/** What the failures must name, per misbehaviour (undefined: any failure will do). */
const NAMED: Record<string, RegExp | undefined> = {
  'floods the response head with headers': /header flood/,
  'sends fewer bytes than its Content-Length': /disagrees with its Content-Length|closed the connection before the response was complete/,
  'sends malformed chunks': /chunk size/,
  'answers JSON nested 100000 deep': /JSON nested deeper than 256 levels/,
  'answers a gzip bomb': /decompression bomb/,
};

/**
 * Every misbehaviour answers at once, so the deadline only has to outlast a loaded machine: with
 * 1 s, CI (two daemons running beside the tests) once saw even `/version` time out, and the
 * deep-JSON run then never met the JSON it must name.
 */
const DEADLINE_MS = '5000';

/**
 * What each run asks of its hostile target: requests of every kind (JSON, hijacked streams, a
 * WebSocket). One worker: the target answers at once, so more workers only add their start-up
 * (a third of these runs' CPU).
 */
const HOSTILE_RUN = [
  '--suite',
  'engine-1.22',
  '--grep',
  '^engine/(system|stream|containers/(attach-ws|inspect|list))/',
  '--timeout-ms',
  DEADLINE_MS,
  '--workers',
  '1',
];

const servers: http.Server[] = [];
// Built before any target serves it: building it blocks this process for ~0.1 s (more on a
// loaded machine), which the run's deadlines would otherwise count against the target.
beforeAll(() => void gzipBomb());
afterEach(async () => {
  for (const s of servers.splice(0)) s.closeAllConnections();
});

describe('a hostile target', () => {
  test.each(Object.keys(MISBEHAVIOURS))(
    'that %s: the run ends, writes its report, and reports failures, not harness errors',
    async (name) => {
      const { url, server } = await serveHostile(MISBEHAVIOURS[name]!);
      servers.push(server);
      const run = await runCli(['--target', url, ...HOSTILE_RUN], 60_000);
      const report = run.report!;
      expect(report, run.stderr).toBeDefined();
      expect(validateReport(report)).toEqual([]);
      expect(report.harnessErrors).toEqual([]);
      expect(report.results.filter((r) => r.outcome === 'error').map((r) => `${r.id}: ${r.message.slice(0, 200)}`)).toEqual([]);
      const failures = report.results.filter((r) => r.outcome === 'failed');
      expect(failures.length).toBeGreaterThan(0);
      const named = NAMED[name];
      if (named)
        expect(
          failures.some((r) => named.test(r.message)),
          failures.map((r) => r.message.slice(0, 200)).join('\n'),
        ).toBe(true);
      expect(run.status).toBe(1);
    },
    90_000,
  );
});

describe('a target whose answers lack the documented shape', () => {
  test('container inspect without State: the checks that meet it fail naming the field, none ends in a harness error', async () => {
    const run = await runCli(
      [
        '--target',
        'embedded',
        '--fault',
        'inspect-drops-State',
        '--suite',
        'engine-1.22',
        '--grep',
        '^engine/(containers/(inspect|start|restart-policy)|states|resources)/',
      ],
      120_000,
    );
    const report = run.report!;
    expect(report, run.stderr).toBeDefined();
    expect(report.results.filter((r) => r.outcome === 'error').map((r) => `${r.id}: ${r.message.slice(0, 200)}`)).toEqual([]);
    expect(report.results.some((r) => r.outcome === 'failed' && r.message.includes('container inspect has no State (object)'))).toBe(true);
    expect(run.status).toBe(1);
  }, 150_000);
});
