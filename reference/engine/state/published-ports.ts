/**
 * Published TCP ports in effect: for each binding of a run, a server on the host address and port
 * that hands every connection to the container's program listening on the private port (the
 * daemon's userland proxy). UDP bindings are shown in NetworkSettings.Ports only. A host port that
 * cannot be bound is left unbound: the reference does not refuse the start as a daemon would.
 */
import { createServer, type Server } from 'node:net';
import type { ContainerSockets } from '../runtime/sockets.ts';
import type { PortBinding } from './runtime-view.ts';

/** Opens the run's published TCP ports; returns what closes them when the run ends. */
export function publishPorts(ports: Record<string, PortBinding[] | null>, sockets: ContainerSockets): () => void {
  const servers: Server[] = [];
  for (const [port, bindings] of Object.entries(ports)) {
    const [number, proto = 'tcp'] = port.split('/');
    if (proto !== 'tcp' || !bindings) continue;
    for (const b of bindings) {
      const server = createServer((socket) => sockets.deliver(Number(number), socket));
      server.on('error', () => server.close());
      server.listen(Number(b.HostPort), b.HostIp || '0.0.0.0');
      servers.push(server);
    }
  }
  return () => {
    sockets.close();
    for (const server of servers) server.close();
  };
}
