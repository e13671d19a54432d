/**
 * The reference's one listener: REST over plain HTTP and the Stream API over TLS (`wss`, as the
 * spec says) on the same address, a TCP port or a unix socket. Each connection's first byte
 * tells them apart: 0x16 opens a TLS handshake (a ClientHello), which is ended with the
 * reference's test certificate (reference/cloud/tls/, never a secret) and the decrypted
 * connection handed to the same http.Server, so requests and upgrades reach the same handlers
 * either way. Under `stream-plain-ws` the listener speaks no TLS: a handshake is cut, and the
 * Stream API is only plain ws.
 */
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';

/** The CA a client trusts for the reference's TLS: the self-signed test certificate itself. */
export const REFERENCE_CA_FILE = fileURLToPath(new URL('../tls/cert.pem', import.meta.url));
const KEY_FILE = fileURLToPath(new URL('../tls/key.pem', import.meta.url));

/** The first byte of a TLS record carrying a handshake (ClientHello). */
const TLS_HANDSHAKE = 0x16;

export interface Listener {
  server: net.Server;
  /** Whether connections may be TLS (false under `stream-plain-ws`). */
  tls: boolean;
  /** Ends every open connection (plain and TLS). */
  destroyAll(): void;
}

export function createListener(app: http.Server, withTls: boolean): Listener {
  const context = withTls ? tls.createSecureContext({ cert: readFileSync(REFERENCE_CA_FILE), key: readFileSync(KEY_FILE) }) : undefined;
  const sockets = new Set<net.Socket>();
  const server = net.createServer({ pauseOnConnect: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.once('data', (first: Buffer) => {
      socket.pause();
      socket.unshift(first);
      if (first[0] !== TLS_HANDSHAKE) app.emit('connection', socket);
      else if (!context) socket.destroy();
      else {
        const secure = new tls.TLSSocket(socket, { isServer: true, secureContext: context });
        secure.on('error', () => socket.destroy());
        secure.once('secure', () => app.emit('connection', secure));
      }
      process.nextTick(() => socket.resume());
    });
    socket.resume();
  });
  return {
    server,
    tls: Boolean(context),
    destroyAll: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}
