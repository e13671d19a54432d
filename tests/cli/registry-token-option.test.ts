/**
 * --registry-token-repository HOST:PORT/NAME and --registry-token-file FILE: a repository of a
 * registry that takes bearer tokens and a token granting pull and push on it, for the
 * X-Registry-Auth {registrytoken} check. Parsed into the run options together (the token read
 * from the file), passed on to a reproduction by its file, never by the token; a gate run without
 * them does not call the recorded {registrytoken} departures stale.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseRunArgs } from '../../harness/cli/run-args.ts';
import { applyExpectations, type ExpectationsFile } from '../../harness/report/expectations.ts';
import type { Report, ResultEntry } from '../../harness/report/report.ts';
import { reproduceCommand } from '../../harness/report/reproduce/command.ts';
import { reproContext } from '../../harness/report/reproduce/index.ts';
import type { RunOptions } from '../../harness/run/options.ts';
import { bareReport } from '../report/support/synthetic-report.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'conformance-token-opt-'));
const parse = (...args: string[]): RunOptions => parseRunArgs(['--report-dir', dir, ...args], []) as RunOptions;
const tokenFile = (name: string, text: string): string => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};
const REPOSITORY = '127.0.0.1:5003/conformance/registrytoken';

describe('--registry-token-repository and --registry-token-file', () => {
  test('absent: no token, as before', () => {
    expect(parse()).not.toHaveProperty('registryToken');
  });

  test('together: the repository and the token the file holds (surrounding whitespace dropped)', () => {
    const file = tokenFile('token', 'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJ4In0.c2ln\n');
    expect(parse('--registry-token-repository', REPOSITORY, '--registry-token-file', file).registryToken).toEqual({
      repository: REPOSITORY,
      token: 'eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJ4In0.c2ln',
      file,
    });
    for (const repository of ['registry.example/team/app', 'localhost/app', 'registry.example:5000/a_b/c-d.e'])
      expect(parse('--registry-token-repository', repository, '--registry-token-file', file).registryToken?.repository).toBe(repository);
  });

  test('one without the other is bad usage', () => {
    expect(() => parse('--registry-token-repository', REPOSITORY)).toThrow('--registry-token-repository needs --registry-token-file FILE');
    expect(() => parse('--registry-token-file', tokenFile('alone', 't'))).toThrow('--registry-token-file needs --registry-token-repository HOST:PORT/NAME');
  });

  test('a repository without a registry host, with a tag, or not in the registry name form is bad usage', () => {
    const file = tokenFile('good', 'token');
    for (const repository of ['conformance/registrytoken', 'app', '127.0.0.1:5003/', '127.0.0.1:5003/App', '127.0.0.1:5003/app:tag', '127.0.0.1:5003//app'])
      expect(() => parse('--registry-token-repository', repository, '--registry-token-file', file), repository).toThrow(
        /--registry-token-repository takes a repository with its registry host and no tag/,
      );
  });

  test('a missing, empty or many-word token file is bad usage', () => {
    const flags = (file: string) => ['--registry-token-repository', REPOSITORY, '--registry-token-file', file];
    expect(() => parse(...flags(path.join(dir, 'missing')))).toThrow(/--registry-token-file '.*missing': no such file or directory/);
    expect(() => parse(...flags(tokenFile('empty', ' \n')))).toThrow(/holds no token/);
    expect(() => parse(...flags(tokenFile('words', 'one two')))).toThrow(/holds more than one word/);
  });

  test('a reproduction names the repository and the token file, never the token', () => {
    const file = tokenFile('secret', 'the-secret-token');
    const options = { ...parse('--registry-token-repository', REPOSITORY, '--registry-token-file', file), target: 'unix:///run/docker.sock' };
    const command = reproduceCommand(reproContext(options, 'run1', undefined), 'engine-1.22', 'engine/auth/x-registry-auth-registrytoken');
    expect(command).toContain(`--registry-token-repository ${REPOSITORY} --registry-token-file ${file}`);
    expect(command).not.toContain('the-secret-token');
    const given = { ...options, registryToken: { repository: REPOSITORY, token: 'the-secret-token' } };
    const programmatic = reproduceCommand(reproContext(given, 'run1', undefined), 'engine-1.22', undefined);
    expect(programmatic).toContain('--registry-token-file "$CONFORMANCE_REGISTRY_TOKEN_FILE"');
    expect(programmatic).not.toContain('the-secret-token');
  });
});

describe('an expectations file recorded with a registry token', () => {
  const ID = 'engine/auth/x-registry-auth-registrytoken';
  const result = (outcome: ResultEntry['outcome']): ResultEntry => ({
    id: ID,
    suite: 'engine-1.22',
    title: ID,
    requirements: [ID],
    endpoint: null,
    outcome,
    message: 'm',
    durationMs: 1,
  });
  const report = (options: Report['options']): Report =>
    bareReport([result('not-applicable')], { target: { url: 'u', product: 'Podman', version: '4.3', embedded: false }, options });
  const recorded: ExpectationsFile = {
    recordedWith: { vendorProfile: 'docker', registry: '127.0.0.1:5002', registryTokenRepository: '127.0.0.1:5004/conformance/registrytoken' },
    expectations: [{ id: ID, outcome: 'failed', reason: 'the push with the right credentials was refused' }],
  };

  test('a run without the token option does not run the departure here: not stale', () => {
    const gate = applyExpectations(report({ vendorProfile: 'docker', registry: '127.0.0.1:5002' }), 'podman.json', recorded, true);
    expect(gate.stale).toEqual([]);
    expect(gate.notRunHere?.[0]?.because).toBe('this run has no --registry-token-repository (recorded with 127.0.0.1:5004/conformance/registrytoken)');
  });

  test('a run with it that no longer fails makes the departure stale', () => {
    const options = { vendorProfile: 'docker' as const, registry: '127.0.0.1:5002', registryTokenRepository: '127.0.0.1:5004/conformance/registrytoken' };
    expect(applyExpectations(report(options), 'podman.json', recorded, true).stale.map((s) => s.id)).toEqual([ID]);
  });
});
