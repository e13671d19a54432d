/**
 * The time a real daemon spends between answering a hijacked `exec start` and the program's
 * first byte: it writes the response head, then asks the runtime to spawn the process.
 *
 * Clients depend on that gap. docker-py reads the response head through a buffered reader and
 * then reads frames from the raw socket beneath it, so output that arrives in the same read as
 * the head is lost. A reference that starts the program in the same tick as the head loses the
 * output of short programs for such clients.
 */
import type { Duplex } from 'node:stream';

/**
 * Modelled process spawn time (runc spawns take tens to hundreds of milliseconds). It also covers a
 * client that is not scheduled between sending its request and reading the head: with 15 ms, docker-py
 * lost an exec's output under a loaded two-core CI machine.
 */
export const SPAWN_DELAY_MS = 100;

/** Resolves once the response head has been handed to the kernel and the spawn time has passed. */
export function afterHeadDelivered(socket: Duplex): Promise<void> {
  return new Promise((resolve) => {
    const wait = (): void => void setTimeout(resolve, SPAWN_DELAY_MS);
    if (socket.destroyed || !socket.writable) return wait();
    socket.write('', wait);
  });
}
