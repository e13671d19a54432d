import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import type { CloudFaultName } from '../../reference/cloud/index.ts';
import { cloudChecks } from '../../suites/cloud/all-checks.ts';
import { runAgainstEmbeddedCloud } from '../../harness/embedded/cloud.ts';

/** Longer than the reference's Starting (a container start): a delayed operation arrives after it. */
const DELAY_MS = 400;

/**
 * The reference behind a proxy that holds every request whose path ends with `suffix` for
 * DELAY_MS: what a busy target or a slow network does to the operation of a state-table row.
 */
async function delayingProxy(upstream: string, suffix: string): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(upstream);
  const server = http.createServer((req, res) => {
    const forward = (): void => {
      const out = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(out);
    };
    if (req.url?.split('?')[0]?.endsWith(suffix)) setTimeout(forward, DELAY_MS);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const ROW = 'cloud/states/service/starting-rejects-stop';

async function runRow(faults: CloudFaultName[], delayed: boolean) {
  const outcomes = await runAgainstEmbeddedCloud({
    faults,
    checks: cloudChecks.filter((c) => c.id === ROW),
    timeoutMs: 10_000,
    ...(delayed ? { front: (url: string) => delayingProxy(url, '/stop/') } : {}),
  });
  return outcomes.get(ROW)!;
}

test('a conformant target whose transitional state passes before the operation arrives: the row skips, it does not fail', async () => {
  const conformantLate = await runRow([], true);
  expect(conformantLate.status).toBe('skipped');
  expect(conformantLate.message).toContain('0 acceptance(s) came while the work that led into the state still ran');
  expect(conformantLate.observations.some((o) => o.includes('proves nothing'))).toBe(true);
}, 120_000);

test('a target that accepts the operation while the state still runs fails the row, naming it', async () => {
  const outcome = await runRow(['states-not-enforced'], false);
  expect(outcome.status).toBe('failed');
  expect(outcome.message).toContain('was accepted');
  expect(outcome.breaches?.flatMap((b) => b.requirements)).toEqual([ROW]);
  expect(outcome.observations.filter((o) => o.includes('while the action that led into the state'))).toHaveLength(3);
}, 120_000);
