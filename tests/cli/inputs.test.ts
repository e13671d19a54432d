/**
 * Everything a command reads or writes besides the target is checked before any work: a bad
 * file or directory is one line on stderr naming the option, exit 2, no stack trace, no run.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, test } from 'vitest';
import { runCommand } from '../support/run-cli.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'cli-inputs-'));
const at = (name: string) => path.join(dir, name);
const conformance = (...args: string[]) => runCommand(args, { cwd: dir });

beforeAll(() => {
  writeFileSync(at('bad.json'), '{not json');
  writeFileSync(at('array.json'), '[]');
  writeFileSync(at('no-reason.json'), JSON.stringify({ expectations: [{ id: 'x', outcome: 'failed' }] }));
  writeFileSync(at('bad-outcome.json'), JSON.stringify({ expectations: [{ id: 'x', outcome: 'broken', reason: 'r' }] }));
  writeFileSync(at('a-file'), '');
  mkdirSync(at('a-dir'));
  writeFileSync(at('users-object.json'), '{}');
});

// Side by side: each command is a process of its own, most of whose time is spent starting up.
describe.concurrent('bad inputs are refused before the run, naming the option', () => {
  test.for([
    [['run', '--expectations', 'bad.json'], /^conformance: --expectations 'bad.json': not JSON/],
    [['run', '--expectations', 'array.json'], /--expectations 'array.json': expected an object \{"expectations": \[\.\.\.\]\}, got an array/],
    [['run', '--expectations', 'no-reason.json'], /--expectations 'no-reason.json': expectation 0 needs a string id, outcome and reason/],
    [['run', '--expectations', 'bad-outcome.json'], /--expectations 'bad-outcome.json': expectation 0 \(x\): outcome must be one of/],
    [['run', '--expectations', 'missing.json'], /--expectations 'missing.json': no such file or directory/],
    [['run', '--expectations', 'a-dir'], /--expectations 'a-dir': not a file/],
    [['run', '--report-dir', 'a-file'], /--report-dir 'a-file': exists and is not a directory/],
    [['run', '--report-dir', 'a-file/below'], /--report-dir 'a-file\/below': cannot write there/],
    [['run', '--tls-ca', 'ca.pem', '--target', 'https://127.0.0.1:1'], /--tls-ca 'ca.pem': no such file or directory/],
    [['run', '--tls-cert', 'c.pem', '--tls-key', 'a-file', '--target', 'https://127.0.0.1:1'], /--tls-cert 'c.pem': no such file or directory/],
    [['run', '--format', 'json,xml'], /unknown format 'xml'/],
    [['run', '--fixture-rootfs', 'no-busybox'], /--fixture-rootfs 'no-busybox': no such file or directory/],
    [['run', '--fault', 'no-such-fault', '--suite', 'engine-1.22'], /unknown fault\(s\): no-such-fault/],
    [['--debug', 'run', '--bogus'], /Unknown option '--bogus'/],
    [['run', '--concurrency', '-1'], /^conformance: --concurrency must be a whole number ≥ 1, got '-1'$/m],
    [['run', '--timeout-ms', '-5'], /--timeout-ms must be a whole number ≥ 1, got '-5'/],
    [['run', '--workers', '0'], /--workers must be a whole number ≥ 1, got '0'/],
    [['serve', 'cloud', '--listen', 'tcp://127.0.0.1:0', '--time-scale', '-1'], /--time-scale must be a positive number, got '-1'/],
    [['frames', '--max-frame-bytes', '-1'], /--max-frame-bytes wants a whole number of bytes, got '-1'/],
    [['run', '--strict-expectations'], /--strict-expectations needs --expectations FILE/],
    [['run', '--grep', 'no-check-is-named-like-this', '--suite', 'engine-1.22'], /--grep 'no-check-is-named-like-this' matches no check of engine-1.22/],
    [['diff', 'bad.json', 'array.json'], /report 'bad.json': not JSON/],
    [['diff', 'array.json', 'array.json'], /report 'array.json': not a conformance report.json/],
    [['diff', 'a.json', 'b.json', '--html', 'no-such-dir/matrix.html'], /--html 'no-such-dir\/matrix.html': no such directory 'no-such-dir'/],
    [['certify', '--verify', 'no-such-bundle'], /--verify 'no-such-bundle': no such directory/],
    [['certify', '--verify', 'a-file'], /--verify 'a-file': not a directory/],
    [['certify', '--product', 'P', '--out', 'a-file'], /--out 'a-file': exists and is not a directory/],
    [['certify', '--product', 'P', '--out', 'cert'], /certify with no --target certifies the embedded reference, not a product: give --target, or --self-test/],
    [
      ['certify', '--product', 'P', '--out', 'cert', '--target', 'unix:///no.sock', '--self-test'],
      /--self-test certifies the embedded reference: it takes no --target/,
    ],
    [['certify', '--product', 'P', '--out', 'cert', '--self-test', '--sign-key', 'missing.pem'], /--sign-key 'missing.pem': no such file/],
    [['certify', '--product', 'P', '--out', 'cert', '--self-test', '--sign-key', 'bad.json'], /--sign-key 'bad.json': not a PEM private key/],
    [['certify', '--verify', 'a-dir', '--pubkey', 'bad.json'], /--pubkey 'bad.json': not a PEM public key/],
    [['certify', '--verify', 'a-dir', '--extra'], /--verify takes only --pubkey PUB \(got '--extra'\)/],
    [['expectations', 'update', '--from', 'bad.json'], /--from 'bad.json': not JSON/],
    [['expectations', 'update', '--from', 'missing.json'], /--from 'missing.json': no such file or directory/],
    [['report', 'merge', 'a-dir', '--report-dir', 'a-file'], /'a-dir' holds no report.json/],
    [['serve', 'cloud', '--listen', 'tcp://127.0.0.1:0', '--users', 'bad.json'], /--users bad.json/],
    [['serve', 'cloud', '--listen', 'tcp://127.0.0.1:0', '--users', 'users-object.json'], /users: expected a non-empty JSON array/],
  ] as const)('%j', async ([args, message], { expect }) => {
    const { status, stdout, stderr } = await conformance(...args);
    expect({ status, stderr }).toMatchObject({ status: 2, stderr: expect.stringMatching(message) as string });
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr + stdout).not.toMatch(/\bat .*\.ts:\d+|internal error/);
  });

  test('docker-env with DOCKER_TLS_VERIFY: missing certificates under DOCKER_CERT_PATH', async ({ expect }) => {
    const env = { ...process.env, DOCKER_HOST: 'tcp://127.0.0.1:1', DOCKER_TLS_VERIFY: '1', DOCKER_CERT_PATH: at('no-certs') };
    const { status, stderr } = await runCommand(['run', '--target', 'docker-env'], { cwd: dir, env });
    expect(status).toBe(2);
    expect(stderr).toMatch(/^conformance: DOCKER_CERT_PATH '.*no-certs\/ca.pem': no such file or directory\n$/);
  });

  test.skipIf(process.getuid?.() === 0)('a report directory without write permission', async ({ expect }) => {
    mkdirSync(at('read-only'));
    chmodSync(at('read-only'), 0o555);
    const { status, stderr } = await conformance('run', '--report-dir', 'read-only');
    expect(status).toBe(2);
    expect(stderr).toMatch(/--report-dir 'read-only': cannot write there: permission denied/);
  });

  test.skipIf(!existsSync('/sys/kernel'))('a report directory that cannot be written, even by root (sysfs)', async ({ expect }) => {
    const { status, stderr } = await conformance('run', '--report-dir', '/sys/kernel/conformance-reports');
    expect(status).toBe(2);
    expect(stderr).toMatch(/^conformance: --report-dir '\/sys\/kernel\/conformance-reports': cannot write there: /);
  });

  test('a missing report directory, parents included, is created', async ({ expect }) => {
    const { status, stderr } = await conformance('run', '--report-dir', 'new/deeper/reports', '--grep', 'no-such-check', '--suite', 'cloud');
    expect(stderr).toMatch(/--grep 'no-such-check' matches no check of cloud/);
    expect(status).toBe(2);
    expect(statSync(at('new/deeper/reports')).isDirectory()).toBe(true);
  });
});
