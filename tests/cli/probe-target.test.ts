/**
 * Knowing the target: a run whose target is not the API its suites test (no answer, bytes that
 * are not HTTP, a web server, an HTML page, another API) stops before any check with exit 3, one
 * line that says what was seen, and a failed probe result in every report format.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { validateReport } from '../../harness/report/validate-report.ts';
import { runCli, type CliRun } from '../support/run-cli.ts';

const closers: Array<() => void> = [];
afterAll(() => {
  for (const close of closers.splice(0)) close();
});

async function listening(server: net.Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  closers.push(() => {
    if (server instanceof http.Server) server.closeAllConnections();
    server.close();
  });
  return `tcp://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

/** Accepts connections and never says a word. */
const silent = () => listening(net.createServer(() => {}));
/** Answers any request with a line that is not HTTP. */
const notHttp = () => listening(net.createServer((socket) => socket.end('SSH-2.0-OpenSSH_9.2\r\n')));
/** An HTTP server answering every path with one body. */
const answering = (status: number, type: string, body: string) =>
  listening(http.createServer((_req, res) => void res.writeHead(status, { 'content-type': type }).end(body)));

/** `python3 -m http.server` serving an empty directory: a real web server, not an API. */
async function pythonWebServer(): Promise<string> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-www-'));
  const child: ChildProcess = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1'], { cwd: dir, stdio: 'ignore' });
  closers.push(() => child.kill());
  // Python's start takes seconds on a loaded machine: up to 30 s.
  for (let i = 0; i < 600; i++) {
    const up = await new Promise<boolean>((r) =>
      net
        .connect(port, '127.0.0.1')
        .on('connect', function (this: net.Socket) {
          this.destroy();
          r(true);
        })
        .on('error', () => r(false)),
    );
    if (up) return `tcp://127.0.0.1:${port}`;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('python3 -m http.server did not start');
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

const read = (run: CliRun, file: string) => readFileSync(path.join(run.reportDir, file), 'utf8');

/** The run stopped at its probe: exit 3, one FAILED line naming `seen`, and the probe's result in every format. */
function expectProbeFailure(run: CliRun, id: 'engine/probe' | 'cloud/probe', seen: RegExp): void {
  expect(run.status, run.stdout + run.stderr).toBe(3);
  const failedLines = run.stdout.split('\n').filter((l) => /^(FAILED|HARNESS) /.test(l));
  expect(failedLines).toHaveLength(1);
  expect(failedLines[0]).toMatch(seen);
  const report = run.report!;
  expect(validateReport(report)).toEqual([]);
  expect(report.results.map((r) => [r.id, r.outcome])).toEqual([[id, 'failed']]);
  expect(report.results[0]!.message).toMatch(seen);
  expect(report.harnessErrors.join('\n')).toMatch(seen);
  const title = report.results[0]!.title;
  expect(read(run, 'junit.xml')).toMatch(new RegExp(`name="[^"]*${title.slice(0, 30)}[^"]*"[^>]*>\\s*<failure`));
  expect(read(run, 'summary.md')).toContain(`\`${report.results[0]!.requirements[0]}\``);
  expect(read(run, 'report.html')).toContain(id);
}

// A short time-out for the targets that never answer; a real server's answer (python's, on a
// loaded machine) is given the default time.
const CLOUD = (url: string, timeoutMs = 1500) => ['--target', url, '--suite', 'cloud', '--auth', 'user:key', '--timeout-ms', String(timeoutMs)];
const ENGINE = (url: string) => ['--target', url, '--suite', 'engine-1.22', '--timeout-ms', '1500'];

describe('the cloud suite starts with a probe', () => {
  test('python3 -m http.server: its 404 page is named, no check runs', async () => {
    const run = await runCli(CLOUD(await pythonWebServer(), 10_000), 60_000);
    expectProbeFailure(run, 'cloud/probe', /answered GET \/api\/infra\/v1\/provider\/ with 404 \(text\/html.*SimpleHTTP.*an HTML page titled "Error response"/);
  }, 90_000);

  test('an HTML page answering 200: not the documented JSON', async () => {
    const run = await runCli(CLOUD(await answering(200, 'text/html', '<html><title>Welcome</title></html>')), 60_000);
    expectProbeFailure(run, 'cloud/probe', /with 200 \(text\/html\), an HTML page titled "Welcome", not JSON: is it a cloud orchestration API\?/);
  }, 90_000);

  test('another API answering JSON: not a list of providers', async () => {
    const run = await runCli(CLOUD(await answering(200, 'application/json', '{"message":"page not found"}')), 60_000);
    expectProbeFailure(run, 'cloud/probe', /with 200 \(application\/json\): "\{"message":"page not found"\}", JSON that is not a list/);
  }, 90_000);

  test('no answer and bytes that are not HTTP', async () => {
    expectProbeFailure(
      await runCli(CLOUD(await silent()), 60_000),
      'cloud/probe',
      /is unreachable: GET \/api\/infra\/v1\/provider\/: no answer within 1500 ms/,
    );
    expectProbeFailure(await runCli(CLOUD(await notHttp()), 60_000), 'cloud/probe', /malformed HTTP .*it sent "SSH-2\.0-OpenSSH_9\.2\\r\\n"/);
  }, 90_000);
});

describe('the engine probe says what it met', () => {
  test('no answer, bytes that are not HTTP, a web page at /_ping', async () => {
    expectProbeFailure(await runCli(ENGINE(await silent()), 60_000), 'engine/probe', /is unreachable: GET \/_ping: no answer within 1500 ms/);
    expectProbeFailure(await runCli(ENGINE(await notHttp()), 60_000), 'engine/probe', /GET \/_ping: malformed HTTP .*it sent "SSH-2\.0/);
    const page = await answering(200, 'text/html', '<title>Router login</title>');
    expectProbeFailure(
      await runCli(ENGINE(page), 60_000),
      'engine/probe',
      /answered GET \/_ping with 200 \(text\/html\), an HTML page titled "Router login", a web page: is it a container engine\?/,
    );
  }, 90_000);
});
