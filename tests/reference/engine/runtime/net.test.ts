import { connect, createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { start } from './run-helper.ts';
import { ContainerSockets } from '../../../../reference/engine/runtime/sockets.ts';
import { publishPorts } from '../../../../reference/engine/state/published-ports.ts';

async function freePort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return String(port);
}

/** Connects, sends `send`, and reads until the peer closes. */
function exchange(port: string, send: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(send));
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
    socket.on('error', reject);
  });
}

describe('published ports and nc -l', () => {
  it('a connection to the published host port reaches nc listening on the container port, both ways', async () => {
    const sockets = new ContainerSockets();
    const port = await freePort();
    const close = publishPorts({ '8080/tcp': [{ HostIp: '127.0.0.1', HostPort: port }], '53/udp': [{ HostIp: '127.0.0.1', HostPort: port }] }, sockets);
    try {
      const c = start(['sh', '-c', 'echo hello | nc -l -p 8080'], { sockets });
      let read = '';
      for (let i = 0; i < 50 && !read; i++) read = await exchange(port, 'from the host');
      expect(read).toBe('hello\n');
      const r = await c.result;
      expect(r.code).toBe(0);
      expect(r.stdout).toBe('from the host');
    } finally {
      close();
    }
  });

  it('a connection to a port nothing in the container listens on is closed at once', async () => {
    const sockets = new ContainerSockets();
    const port = await freePort();
    const close = publishPorts({ '8080/tcp': [{ HostIp: '127.0.0.1', HostPort: port }] }, sockets);
    try {
      start(['sh', '-c', 'nc -l -p 9090'], { sockets });
      expect(await exchange(port, 'x')).toBe('');
    } finally {
      close();
    }
  });

  it('nc without a listen port, or outside a container, says so and exits 1', async () => {
    expect((await start(['nc', 'example.com', '80'], { sockets: new ContainerSockets() }).result).code).toBe(1);
    const outside = await start(['nc', '-lp', '8080']).result;
    expect(outside.code).toBe(1);
    expect(outside.stderr).toContain('bind');
  });
});
