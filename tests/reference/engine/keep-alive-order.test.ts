import net from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { startEngineServer, type RunningEngineServer } from '../../../reference/engine/index.ts';

let server: RunningEngineServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Sends raw bytes on one connection and collects what comes back for `ms`. */
async function exchange(url: string, bytes: string, ms = 500): Promise<string> {
  const { hostname, port } = new URL(url.replace(/^tcp:/, 'http:'));
  const socket = net.connect(Number(port), hostname);
  let got = '';
  socket.on('data', (chunk) => (got += chunk));
  socket.write(bytes);
  await new Promise((resolve) => setTimeout(resolve, ms));
  socket.destroy();
  return got;
}

test('an error answer queued behind the previous answer of its keep-alive connection is still sent', async () => {
  server = await startEngineServer({ listen: 'tcp://127.0.0.1:0' });
  // The second request arrives before the first answer has finished: Node queues its response
  // without a socket. The 404 of a missing container used to be dropped then, and the client timed out.
  const request = (name: string): string => `GET /v1.22/containers/${name}/json HTTP/1.1\r\nHost: engine\r\n\r\n`;
  const got = await exchange(server.url, request('missing-one') + request('missing-two'));
  expect(got.match(/^HTTP\/1\.1 404/gm)).toHaveLength(2);
  expect(got).toContain('No such container: missing-two');
});
