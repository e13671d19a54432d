import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseRunArgs } from '../../harness/cli/run-args.ts';
import { UsageError } from '../../harness/target/endpoint.ts';
import { runCommand } from '../support/run-cli.ts';

const conformance = (...args: string[]) => runCommand(args, { timeoutMs: 30_000 });

// Side by side: each command is a process of its own, most of whose time is spent starting up.
describe.concurrent('conformance CLI', () => {
  test('--help lists the run contract', async ({ expect }) => {
    const { status, stdout } = await conformance('--help');
    expect(status).toBe(0);
    for (const flag of [
      '--target',
      '--suite',
      '--report-dir',
      '--grep',
      '--seed',
      '--timeout-ms',
      '--vendor-profile',
      '--auth',
      '--tls-ca',
      '--tls-cert',
      '--tls-key',
      'docker-env',
      'unix:///',
      'frames',
      'catalog',
    ]) {
      expect(stdout).toContain(flag);
    }
  });

  test.for([
    [['run', '--bogus'], /unknown option '--bogus'/i],
    [['run', '--target', 'ftp://x'], /bad target 'ftp:\/\/x'/],
    [['run', '--suite', 'engine-9'], /unknown suite 'engine-9'/],
    [['run', '--seed', 'abc'], /--seed must be a whole number/],
    [['run', '--concurrency', '-1'], /--concurrency must be a whole number ≥ 1, got '-1'/],
    [['run', '--grep', '('], /not a valid regular expression/],
    [['run', '--vendor-profile', 'acme'], /unknown vendor profile 'acme'/],
    [['launch'], /unknown command 'launch'/],
    [['mutate', '--sample', '0'], /--sample takes a positive whole number, got '0'/],
    [['mutate', '--break', '120'], /--break takes a percentage from 0 to 100, got '120'/],
    [['mutate', '--record', '--sample', '5'], /--record takes a full run/],
    [['mutate', '--suite', 'engine-9'], /unknown suite 'engine-9'/],
  ] as const)('bad usage %j: one clear line on stderr, exit 2', async ([args, message], { expect }) => {
    const { status, stderr } = await conformance(...args);
    expect(status).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(message);
    expect(stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });

  test('an unreachable target: exit 3, and the report is still written with the reason', async ({ expect }) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cli-unreachable-'));
    const { status, stdout } = await conformance(
      'run',
      '--target',
      'unix:///nonexistent/engine.sock',
      '--suite',
      'engine-1.22',
      '--report-dir',
      dir,
      '--timeout-ms',
      '1000',
    );
    expect(status).toBe(3);
    expect(stdout).toMatch(/unreachable/);
  });
});

describe('run arguments', () => {
  test('defaults: embedded target, every suite, docker profile', () => {
    const options = parseRunArgs([], ['conformance', 'run']);
    expect(options).toMatchObject({ target: 'embedded', suites: ['engine-1.18', 'engine-1.22', 'cloud'], vendorProfile: 'docker', reportDir: 'reports' });
  });
  test('a non-embedded target defaults to both engine suites; suites may repeat or be comma-separated', () => {
    expect(parseRunArgs(['--target', 'unix:///s'], [])).toMatchObject({ suites: ['engine-1.18', 'engine-1.22'] });
    expect(parseRunArgs(['--suite', 'cloud,engine-1.22', '--suite', 'cloud'], [])).toMatchObject({ suites: ['engine-1.22', 'cloud'] });
  });
  test('credentials and TLS flags', () => {
    expect(parseRunArgs(['--auth', 'u:k:with:colons'], [])).toMatchObject({ auth: { user: 'u', key: 'k:with:colons' } });
    expect(() => parseRunArgs(['--auth', 'nokey'], [])).toThrow(UsageError);
    expect(() => parseRunArgs(['--tls-cert', 'c.pem'], [])).toThrow(/go together/);
  });
});
