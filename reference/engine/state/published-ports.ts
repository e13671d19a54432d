/**
 * Published TCP ports in effect: for each binding of a run, a server on the host address and port
 * that hands every connection to the container's program listening on the private port (the
 * daemon's userland proxy). A binding without a HostPort gets the free port the host hands out (its
 * ephemeral range, as the daemon's), written into the binding NetworkSettings.Ports shows. UDP
 * bindings are shown only. A host port that cannot be bound is left unbound: the reference does not
 * refuse the start as a daemon would.
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import type { ContainerSockets } from '../runtime/sockets.ts';
import type { PortBinding } from './runtime-view.ts';

/** Opens the run's published TCP ports; returns what closes them when the run ends. */
export function publishPorts(ports: Record<string, PortBinding[] | null>, sockets: ContainerSockets): () => void {
  const servers: Server[] = [];
  for (const [port, bindings] of Object.entries(ports)) {
    const [number, proto = 'tcp'] = port.split('/');
    if (!bindings) continue;
    if (proto !== 'tcp') {
      for (const b of bindings) if (!b.HostPort) b.HostPort = freeNumber();
      continue;
    }
    for (const b of bindings) {
      const server = createServer((socket) => sockets.deliver(Number(number), socket));
      server.on('error', () => undefined);
      const fill = (): void => {
        if (!b.HostPort) b.HostPort = String((server.address() as AddressInfo | null)?.port ?? '');
      };
      // Without a host address the bind is at once (every address), so the port is known before the start answers.
      if (b.HostIp && b.HostIp !== '0.0.0.0') server.listen(Number(b.HostPort) || 0, b.HostIp, fill);
      else {
        server.listen(Number(b.HostPort) || 0);
        fill();
      }
      servers.push(server);
    }
  }
  return () => {
    sockets.close();
    for (const server of servers) server.close();
  };
}

/** A port number the host has free now (bound and let go at once): a UDP binding's, which forwards nothing. */
function freeNumber(): string {
  const probe = createServer();
  probe.listen(0);
  const port = String((probe.address() as AddressInfo | null)?.port ?? '');
  probe.close();
  return port;
}
