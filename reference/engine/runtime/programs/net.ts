/** Network programs: `nc -l -p PORT`, a listener on a port of the container. */
import type { Socket } from 'node:net';
import { parseFlags, type Program } from '../proc.ts';

/**
 * `nc -l -p PORT` (also `-lp PORT`): waits for one connection to the container's PORT, sends it
 * stdin (closing its side at the end of stdin), writes what the peer sends to stdout, and exits 0
 * when the peer closes. The client mode is not built in.
 */
export const nc: Program = async (proc, args) => {
  const { flags } = parseFlags(args, ['p']);
  const port = Number(flags.get('p'));
  if (!flags.has('l') || !Number.isInteger(port) || port < 1 || port > 65535) {
    proc.err('nc: only the listen mode (nc -l -p PORT) is built into the reference\n');
    return 1;
  }
  if (!proc.sockets) {
    proc.err('nc: bind: Address not available\n');
    return 1;
  }
  const accepted = await proc.group.interruptible(proc.sockets.accept(port));
  if (accepted === 'interrupted') return 128 + proc.group.pendingTraps[0]!;
  return serve(proc, accepted);
};

async function serve(proc: Parameters<Program>[0], socket: Socket): Promise<number> {
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  socket.on('data', (data: Buffer) => proc.out(data));
  void (async () => {
    for (let chunk = await proc.stdin.read(); chunk; chunk = await proc.stdin.read()) socket.write(chunk);
    socket.end();
  })();
  try {
    const result = await proc.group.interruptible(closed);
    return result === 'interrupted' ? 128 + proc.group.pendingTraps[0]! : 0;
  } finally {
    socket.destroy();
  }
}
