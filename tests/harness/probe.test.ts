import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { probeEngine, TargetUnreachable } from '../../harness/run/probe.ts';
import { parseTargetUrl } from '../../harness/target/endpoint.ts';

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

/** An engine that answers /_ping (Server: Slow/2.0) and answers /version as `version` says. */
async function engine(version: (res: http.ServerResponse) => void): Promise<string> {
  const server = http.createServer((req, res) => {
    res.setHeader('Server', 'Slow/2.0');
    if (req.url === '/_ping') return void res.end('OK');
    version(res);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `tcp://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('a target that answers the ping is reachable: a /version past the deadline leaves the product named by the ping', async () => {
  const url = await engine(() => {
    // Never answers.
  });
  expect(await probeEngine(parseTargetUrl(url), 300)).toEqual({ product: 'Slow', version: '2.0' });
});

test('the product and version come from /version when it answers', async () => {
  const url = await engine((res) => res.setHeader('Server', 'Engine/9.1').end(JSON.stringify({ Version: '9.1.2' })));
  expect(await probeEngine(parseTargetUrl(url), 1000)).toEqual({ product: 'Engine', version: '9.1.2' });
});

test('a target whose ping fails is unreachable', async () => {
  const server = http.createServer((_req, res) => void res.writeHead(500).end());
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `tcp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await expect(probeEngine(parseTargetUrl(url), 1000)).rejects.toBeInstanceOf(TargetUnreachable);
  await expect(probeEngine(parseTargetUrl('tcp://127.0.0.1:1'), 1000)).rejects.toThrow(/is unreachable/);
});
