import { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, rawExchange, readFrames, request, runToExit, splitHead, startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
const api = (method: string, path: string, body?: unknown) => request(t.socketPath, method, path, body);
const UPGRADE = 'Host: engine\r\nUpgrade: tcp\r\nConnection: Upgrade';
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('engine reference: attach', () => {
  it('answers 101 UPGRADED with the raw-stream headers and multiplexes stdout/stderr frames', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['sh', '-c', 'echo out; echo err >&2'] });
    const attached = rawExchange(t.socketPath, `POST /v1.22/containers/${id}/attach?stream=1&stdout=1&stderr=1 HTTP/1.1\r\n${UPGRADE}`);
    await new Promise((r) => setTimeout(r, 50));
    await api('POST', `/v1.22/containers/${id}/start`);
    const { head, stream } = splitHead(await attached);
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 101 UPGRADED');
    expect(head).toContain('Content-Type: application/vnd.docker.raw-stream');
    expect(head).toContain('Connection: Upgrade');
    expect(head).toContain('Upgrade: tcp');
    expect(readFrames(stream)).toEqual([
      { type: 1, payload: 'out\n' },
      { type: 2, payload: 'err\n' },
    ]);
    expect(stream.subarray(1, 4)).toEqual(Buffer.alloc(3));
  });

  it('answers 200 without upgrade headers and streams until close (no length, not chunked)', async () => {
    const id = await runToExit(t.socketPath, { Cmd: ['echo', 'logged'] });
    const { head, stream } = splitHead(
      await rawExchange(t.socketPath, `POST /v1.22/containers/${id}/attach?logs=1&stream=0&stdout=1 HTTP/1.1\r\nHost: engine`),
    );
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(head.toLowerCase()).not.toContain('content-length');
    expect(head.toLowerCase()).not.toContain('transfer-encoding');
    expect(readFrames(stream)).toEqual([{ type: 1, payload: 'logged\n' }]);
  });

  it('answers a plain error (and closes) when an upgrade request fails before the hijack', async () => {
    const raw = await rawExchange(t.socketPath, `POST /v1.22/containers/missing/attach?stream=1&stdout=1 HTTP/1.1\r\n${UPGRADE}`);
    const { head, stream } = splitHead(raw);
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 404 Not Found');
    expect(head).toContain('Content-Type: text/plain; charset=utf-8');
    expect(stream.toString()).toBe('No such container: missing\n');
  });

  it('sends raw bytes for a Tty container', async () => {
    const id = await runToExit(t.socketPath, { Cmd: ['echo', 'tty'], Tty: true });
    const { stream } = splitHead(await rawExchange(t.socketPath, `POST /v1.22/containers/${id}/attach?logs=1&stdout=1 HTTP/1.1\r\n${UPGRADE}`));
    expect(stream.toString()).toBe('tty\r\n');
  });

  it('delivers stdin, and StdinOnce closes it when the client half-closes', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['cat'], OpenStdin: true, StdinOnce: true, AttachStdin: true });
    await api('POST', `/v1.22/containers/${id}/start`);
    const raw = await rawExchange(t.socketPath, `POST /v1.22/containers/${id}/attach?stream=1&stdin=1&stdout=1 HTTP/1.1\r\n${UPGRADE}`, '', {
      stdin: [Buffer.from('one\n'), Buffer.from('two\n')],
      halfClose: true,
    });
    expect(
      readFrames(splitHead(raw).stream)
        .map((f) => f.payload)
        .join(''),
    ).toBe('one\ntwo\n');
    expect((await api('POST', `/v1.22/containers/${id}/wait`)).json().StatusCode).toBe(0);
  });

  it('detach keys end a tty session without stopping the container; bad detachKeys is 400', async () => {
    // Like real daemons, the detach sequence is watched for on a tty only.
    const id = await createContainer(t.socketPath, { Cmd: ['cat'], OpenStdin: true, Tty: true });
    await api('POST', `/v1.22/containers/${id}/start`);
    const raw = await rawExchange(
      t.socketPath,
      `POST /v1.22/containers/${id}/attach?stream=1&stdin=1&stdout=1&detachKeys=ctrl-x,q HTTP/1.1\r\n${UPGRADE}`,
      '',
      { stdin: [Buffer.from('kept\n'), Buffer.from('\x18q')], stdinGapMs: 50 },
    );
    expect(splitHead(raw).stream.toString()).toBe('kept\r\n');
    expect((await api('GET', `/v1.22/containers/${id}/json`)).json().State.Running).toBe(true);
    expect((await api('POST', `/v1.22/containers/${id}/attach?stream=1&detachKeys=ctrl-1`)).status).toBe(400);
    expect((await api('POST', `/v1.22/containers/${id}/start?detachKeys=bad-key`)).status).toBe(400);
    await api('DELETE', `/v1.22/containers/${id}?force=1`);
  });

  it('attach/ws: RFC 6455 handshake, raw output', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['sh', '-c', 'sleep 0.2; echo over-ws'] });
    const ws = new WebSocket(`ws+unix://${t.socketPath}:/v1.22/containers/${id}/attach/ws?stream=1&stdout=1`);
    const messages: string[] = [];
    ws.on('message', (data: Buffer) => messages.push(data.toString()));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    await api('POST', `/v1.22/containers/${id}/start`);
    await new Promise((resolve) => ws.once('close', resolve));
    expect(messages.join('')).toBe('over-ws\n');
  });
});

describe('engine reference: logs', () => {
  it('honours stdout/stderr, tail, timestamps and since', async () => {
    const id = await runToExit(t.socketPath, { Cmd: ['sh', '-c', 'echo 1; echo 2; echo e >&2; echo 3'] });
    const frames = async (query: string) => readFrames((await api('GET', `/v1.22/containers/${id}/logs?${query}`)).body);
    expect((await frames('stdout=1')).map((f) => f.payload)).toEqual(['1\n', '2\n', '3\n']);
    expect((await frames('stderr=1')).map((f) => [f.type, f.payload])).toEqual([[2, 'e\n']]);
    expect((await frames('stdout=1&stderr=1&tail=2')).map((f) => f.payload)).toEqual(['e\n', '3\n']);
    expect(await frames('stdout=1&tail=0')).toEqual([]);
    expect((await frames('stdout=1&timestamps=1'))[0]!.payload).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z 1\n$/);
    expect(await frames(`stdout=1&since=${Math.floor(Date.now() / 1000) + 5}`)).toEqual([]);
    expect((await api('GET', `/v1.22/containers/${id}/logs`)).status).toBe(400);
  });

  it('follows a running container until it exits', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['sh', '-c', 'echo a; sleep 0.2; echo b'] });
    await api('POST', `/v1.22/containers/${id}/start`);
    const reply = await api('GET', `/v1.22/containers/${id}/logs?stdout=1&follow=1`);
    expect(readFrames(reply.body).map((f) => f.payload)).toEqual(['a\n', 'b\n']);
  });
});

describe('engine reference: stats', () => {
  it('1.22: stream=0 gives one object with networks and precpu_stats', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['sleep', '100'] });
    await api('POST', `/v1.22/containers/${id}/start`);
    const one = (await api('GET', `/v1.22/containers/${id}/stats?stream=0`)).json();
    expect(one).toHaveProperty('networks.eth0.rx_bytes');
    expect(one).toHaveProperty('precpu_stats.cpu_usage');
    expect(one.cpu_stats.throttling_data).toHaveProperty('periods');
    expect(one).not.toHaveProperty('network');
    await api('DELETE', `/v1.22/containers/${id}?force=1`);
  });

  it('streams about one object a second; 1.18 objects carry `network`', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['sleep', '100'] });
    await api('POST', `/v1.18/containers/${id}/start`);
    const raw = await rawExchange(t.socketPath, `GET /v1.18/containers/${id}/stats HTTP/1.1\r\nHost: engine`, '', { timeoutMs: 1300 });
    const body = splitHead(raw).stream.toString();
    const objects = body
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l));
    expect(objects.length).toBe(2);
    expect(objects[0]).toHaveProperty('network.rx_bytes');
    expect(objects[0]).not.toHaveProperty('precpu_stats');
    expect(objects[0].cpu_stats.throttling_data).toEqual({});
    await api('DELETE', `/v1.22/containers/${id}?force=1`);
  });
});
