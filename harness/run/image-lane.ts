/**
 * The image lane of a run against a daemon: a suite file whose checks change the daemon's image
 * store (tag, untag, pull, push, build, commit, load, remove) runs alone; every other file runs
 * beside the others. Podman 4.3's image store answers 500 ("image not known") to an image inspect
 * racing another file's removal of an image, so a run whose files overlap freely showed one
 * unexpected failure in some runs even one check at a time.
 *
 * A read/write lock, first come first served, served by the run's process on a unix socket: a
 * file takes it when it starts (shared, or exclusive for the lane's sections) and releases it when
 * it ends; a worker that dies releases it with its connection.
 */
import net from 'node:net';

export type LaneMode = 'shared' | 'exclusive';

/** The engine sections whose checks change the image store: their files run in the lane. */
export const IMAGE_STORE_SECTIONS: ReadonlySet<string> = new Set(['images', 'events', 'system']);

interface Waiter {
  mode: LaneMode;
  grant: () => void;
  granted: boolean;
}

/** The lock itself, without I/O: holders and a queue in arrival order. */
export class FifoLock {
  private shared = 0;
  private exclusive = false;
  private readonly queue: Waiter[] = [];

  /** Queues a waiter; `grant` is called once it holds the lock. Returns its release (of the lock, or of its place in the queue). */
  acquire(mode: LaneMode, grant: () => void): () => void {
    const waiter: Waiter = { mode, grant, granted: false };
    this.queue.push(waiter);
    this.pump();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (!waiter.granted) this.queue.splice(this.queue.indexOf(waiter), 1);
      else if (mode === 'exclusive') this.exclusive = false;
      else this.shared--;
      this.pump();
    };
  }

  /** Grants the queue's head while it can run: a shared waiter beside other shared holders, an exclusive one alone. */
  private pump(): void {
    while (this.queue.length && !this.exclusive) {
      const next = this.queue[0]!;
      if (next.mode === 'exclusive' && this.shared > 0) return;
      this.queue.shift();
      if (next.mode === 'exclusive') this.exclusive = true;
      else this.shared++;
      next.granted = true;
      next.grant();
    }
  }
}

/** Serves the lock on a unix socket: a client writes its mode, reads "granted", holds until it closes. */
export async function serveImageLane(socketPath: string): Promise<{ close(): Promise<void> }> {
  const lock = new FifoLock();
  const clients = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    clients.add(socket);
    socket.once('close', () => clients.delete(socket));
    socket.once('data', (data) => {
      const mode: LaneMode = data.toString().trim() === 'exclusive' ? 'exclusive' : 'shared';
      const release = lock.acquire(mode, () => socket.write('granted\n'));
      socket.once('close', release);
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A worker that lingers must not hold the run open.
        for (const socket of clients) socket.destroy();
      }),
  };
}

/** A worker's place in the lane: `granted` resolves once it holds the lock; `leave` gives it up, held or still queued. */
export interface LaneHold {
  granted: Promise<void>;
  leave(): void;
}

/**
 * Asks the lane's lock for a worker. Leaving closes the connection, which releases the lock or the
 * place in the queue: a file whose wait timed out must not be granted the lock later and hold it
 * for ever (every other file would then wait for it).
 */
export function enterImageLane(socketPath: string, mode: LaneMode): LaneHold {
  const socket = net.connect(socketPath, () => socket.write(`${mode}\n`));
  const granted = new Promise<void>((resolve, reject) => {
    socket.once('data', () => resolve());
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('the image lane closed before it was granted')));
  });
  granted.catch(() => {});
  return { granted, leave: () => socket.destroy() };
}
