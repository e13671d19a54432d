/**
 * The TCP ports the programs of one container run listen on: its network namespace as far as
 * published ports reach it. A host port the run published hands each connection to `deliver`;
 * a program (nc -l) takes it with `accept`. A connection to a port nothing listens on is refused
 * (closed at once), as a connection to a closed port is.
 */
import type { Socket } from 'node:net';

export class ContainerSockets {
  private readonly waiting = new Map<number, Array<(socket: Socket) => void>>();

  /** The next connection to `port` (the program listens from this call until one comes). */
  accept(port: number): Promise<Socket> {
    return new Promise((resolve) => {
      const queue = this.waiting.get(port) ?? [];
      queue.push(resolve);
      this.waiting.set(port, queue);
    });
  }

  /** Gives a connection to the program listening on `port`; false (and the connection closed) when none does. */
  deliver(port: number, socket: Socket): boolean {
    const take = this.waiting.get(port)?.shift();
    if (!take) {
      socket.destroy();
      return false;
    }
    take(socket);
    return true;
  }

  /** Stops listening: the run has ended. */
  close(): void {
    this.waiting.clear();
  }
}
