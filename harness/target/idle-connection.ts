import type { TargetEndpoint } from './endpoint.ts';
import { connect } from './hijack.ts';

/** What became of a connection left idle: closed by the target after `closedAfterMs`, or still open when the wait ended. */
export interface IdleOutcome {
  /** Whether the bytes written before the wait got an answer head (`HTTP/1.1 ...`) back. */
  answered: boolean;
  /** When the target closed the connection, counted from the end of the write; undefined if it kept it open. */
  closedAfterMs: number | undefined;
}

/**
 * Writes `bytes` on a connection of its own (a whole request, or a request head left unfinished),
 * then waits `waitMs` without writing and tells whether the target closed the connection. The
 * connection is closed at the end in any case. For rules the spec leaves open (timeouts): an
 * observation, never a verdict.
 */
export async function leftIdle(endpoint: TargetEndpoint, bytes: string, waitMs: number, timeoutMs: number): Promise<IdleOutcome> {
  const socket = await connect(endpoint, timeoutMs, 'an idle connection');
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    if (received.length < 64) received += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const written = Date.now();
  socket.write(bytes);
  const closedAfterMs = await new Promise<number | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), waitMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - written);
    });
  });
  socket.destroy();
  return { answered: received.startsWith('HTTP/1.'), closedAfterMs };
}
