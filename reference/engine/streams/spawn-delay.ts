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

/** Modelled process spawn time; real runc spawns take tens of milliseconds. */
export const SPAWN_DELAY_MS = 15;

/** Resolves once the response head has been handed to the kernel and the spawn time has passed. */
export function afterHeadDelivered(socket: Duplex): Promise<void> {
  return new Promise((resolve) => {
    const wait = (): void => void setTimeout(resolve, SPAWN_DELAY_MS);
    if (socket.destroyed || !socket.writable) return wait();
    socket.write('', wait);
  });
}
