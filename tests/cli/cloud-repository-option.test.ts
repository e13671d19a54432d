/**
 * --cloud-repository NAME (repeatable) and --cloud-repository-auth U:P: existing third-party
 * repositories the cloud repository checks add instead of made-up ones, and the login sent with
 * them. Parsed into the run options, passed on to a reproduction without the secret; a made-up
 * repository refused as unknown or unreachable, and only that refusal, leaves a check unverified.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseRunArgs } from '../../harness/cli/run-args.ts';
import { reproduceCommand } from '../../harness/report/reproduce/command.ts';
import { reproContext } from '../../harness/report/reproduce/index.ts';
import type { RunOptions } from '../../harness/run/options.ts';
import { makeResponse } from '../../harness/target/http-transport.ts';
import { refusedAsUnknown } from '../../suites/cloud/repos/repository-source.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'conformance-repo-opt-'));
const parse = (...args: string[]): RunOptions => parseRunArgs(['--suite', 'cloud', '--report-dir', dir, ...args], []) as RunOptions;

describe('--cloud-repository and --cloud-repository-auth', () => {
  test('absent: no repositories, as before', () => {
    const options = parse();
    expect(options).not.toHaveProperty('cloudRepositories');
    expect(options).not.toHaveProperty('cloudRepositoryAuth');
  });

  test('repeatable, in the order given, with one login', () => {
    const options = parse(
      '--cloud-repository',
      'quay.io/org/app',
      '--cloud-repository',
      'registry.example:5000/team/tool',
      '--cloud-repository-auth',
      'robot:t0k:en',
    );
    expect(options.cloudRepositories).toEqual(['quay.io/org/app', 'registry.example:5000/team/tool']);
    expect(options.cloudRepositoryAuth).toEqual({ user: 'robot', key: 't0k:en' });
  });

  test('a name without its registry host, or with an empty segment, is bad usage', () => {
    for (const name of ['app', 'quay.io/', '/org/app', 'quay.io//app', 'quay.io/org app'])
      expect(() => parse('--cloud-repository', name), name).toThrow(/--cloud-repository takes a repository name with its registry host/);
  });

  test('the login alone, or not USER:PASSWORD, is bad usage', () => {
    expect(() => parse('--cloud-repository-auth', 'u:p')).toThrow('--cloud-repository-auth needs --cloud-repository NAME');
    expect(() => parse('--cloud-repository', 'quay.io/org/app', '--cloud-repository-auth', 'nocolon')).toThrow('--cloud-repository-auth takes USER:KEY');
  });

  test('a reproduction names the repositories and reads the login from the environment', () => {
    const options = { ...parse('--cloud-repository', 'quay.io/org/app', '--cloud-repository-auth', 'robot:secret'), target: 'https://cloud.example' };
    const command = reproduceCommand(reproContext(options, 'run1', undefined), 'cloud', undefined);
    expect(command).toContain('--cloud-repository quay.io/org/app --cloud-repository-auth');
    expect(command).toContain('--cloud-repository-auth "$CONFORMANCE_CLOUD_REPOSITORY_AUTH"');
    expect(command).not.toContain('secret');
  });
});

describe('a refused made-up repository', () => {
  const name = 'quay.io/conformance-x-org/conformance-x-repo';
  const answer = (status: number, text: string) => makeResponse(status, {}, Buffer.from(text), 1, 'POST');

  test('a 4xx saying it does not exist or cannot be reached is the target checking it', () => {
    expect(refusedAsUnknown(answer(404, `{"error":"repository ${name} does not exist"}`), name)).toBe(true);
    expect(refusedAsUnknown(answer(400, '{"detail":"could not reach registry quay.io"}'), name)).toBe(true);
    expect(refusedAsUnknown(answer(422, '{"detail":"quay.io: unauthorized"}'), name)).toBe(true);
  });

  test('a 5xx, a 4xx about the body, or a bare 404 is judged as any refusal', () => {
    expect(refusedAsUnknown(answer(500, 'repository does not exist'), name)).toBe(false);
    expect(refusedAsUnknown(answer(400, '{"username":["This field is required."]}'), name)).toBe(false);
    expect(refusedAsUnknown(answer(404, '404 page not found'), name)).toBe(false);
  });
});
