/**
 * A hostile engine target: it answers the probe (`/_ping`, `/version`) and then misbehaves on
 * every other request. The run must end, write its report, and blame the target: failures, not
 * harness errors.
 */
import http from 'node:http';
import type net from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { validateReport } from '../../harness/report/validate-report.ts';
import { writeEndlessBody } from '../support/endless-body.ts';
import { runCli } from '../support/run-cli.ts';

type Misbehaviour = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const MISBEHAVIOURS: Record<string, Misbehaviour> = {
  'answers with bytes that are not HTTP': (req) => req.socket.end('NOT HTTP AT ALL\r\n\r\n'),
  'resets the connection': (req) => req.socket.destroy(),
  'sends an endless body': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    writeEndlessBody(res, Buffer.alloc(1 << 20, 0x20));
  },
};

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) s.closeAllConnections();
});

async function hostileTarget(misbehave: Misbehaviour): Promise<string> {
  const server = http.createServer((req, res) => {
    if (req.url?.endsWith('/_ping')) return void res.end('OK');
    if (req.url?.endsWith('/version')) {
      res.setHeader('Content-Type', 'application/json');
      return void res.end(JSON.stringify({ Version: '0.0.0', ApiVersion: '1.22', Os: 'linux', Arch: 'amd64' }));
    }
    misbehave(req, res);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `tcp://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

describe('a hostile target', () => {
  test.each(Object.keys(MISBEHAVIOURS))('that %s: the run ends, writes its report, and reports failures, not harness errors', async (name) => {
    const url = await hostileTarget(MISBEHAVIOURS[name]!);
    const run = await runCli(['--target', url, '--suite', 'engine-1.22', '--grep', '^engine/(system|stream|containers/attach-ws)/', '--timeout-ms', '1000'], 60_000);
    const report = run.report!;
    expect(report, run.stderr).toBeDefined();
    expect(validateReport(report)).toEqual([]);
    expect(report.harnessErrors).toEqual([]);
    expect(report.results.filter((r) => r.outcome === 'error').map((r) => `${r.id}: ${r.message.slice(0, 200)}`)).toEqual([]);
    expect(report.summary.failed).toBeGreaterThan(0);
    expect(run.status).toBe(1);
  }, 90_000);
});
