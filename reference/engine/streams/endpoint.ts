/** The client side of a stream session: a taken-over socket or a WebSocket. */
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';

export interface StreamEndpoint {
  write(data: Buffer): void;
  end(): void;
  onInput(listener: (data: Buffer) => void): void;
  /** The client closed its sending side (stdin EOF) or went away. */
  onInputEnd(listener: () => void): void;
  onClose(listener: () => void): void;
  readonly closed: boolean;
}

export function socketEndpoint(socket: Duplex): StreamEndpoint {
  let closed = false;
  socket.on('close', () => (closed = true));
  socket.on('error', () => socket.destroy());
  socket.resume();
  return {
    write: (data) => {
      if (!closed && socket.writable) socket.write(data);
    },
    end: () => {
      if (!closed) socket.end();
      closed = true;
    },
    onInput: (listener) => socket.on('data', listener),
    onInputEnd: (listener) => {
      socket.on('end', listener);
      socket.on('close', listener);
    },
    onClose: (listener) => socket.on('close', listener),
    get closed() {
      return closed || socket.destroyed;
    },
  };
}

export function webSocketEndpoint(ws: WebSocket): StreamEndpoint {
  const isOpen = (): boolean => ws.readyState === ws.OPEN;
  return {
    write: (data) => {
      if (isOpen()) ws.send(data);
    },
    end: () => {
      if (isOpen()) ws.close(1000);
    },
    onInput: (listener) => ws.on('message', (data: Buffer) => listener(Buffer.from(data))),
    onInputEnd: (listener) => ws.on('close', listener),
    onClose: (listener) => ws.on('close', listener),
    get closed() {
      return !isOpen();
    },
  };
}
