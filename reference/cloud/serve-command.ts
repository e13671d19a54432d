/**
 * `conformance serve cloud --listen tcp://127.0.0.1:PORT [--users FILE] [--fault NAME]...
 *  [--vendor-profile docker|neutral] [--time-scale N] [--list-faults]`
 * Prints one line with the REST and Stream URLs (and the default users when no file is given),
 * then serves until SIGINT or SIGTERM. Bad flags: one line on stderr, exit 2.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseProfile } from '../../harness/profile.ts';
import { CLOUD_FAULTS, DEFAULT_USERS, type RunningCloudServer, startCloudServer } from './index.ts';
import { listFaultsByArea } from '../faults.ts';
import { parseUsers, type CloudUser } from './users.ts';

const USAGE =
  'usage: conformance serve cloud --listen tcp://127.0.0.1:PORT|unix:///path [--users FILE] [--fault NAME]... ' +
  '[--vendor-profile docker|neutral] [--time-scale N] [--list-faults]';

interface Flags {
  listen?: string;
  users?: string;
  fault?: string[];
  'vendor-profile'?: string;
  'time-scale'?: string;
  'list-faults'?: boolean;
}

function readFlags(argv: string[]): Flags {
  return parseArgs({
    args: argv,
    options: {
      listen: { type: 'string' },
      users: { type: 'string' },
      fault: { type: 'string', multiple: true },
      'vendor-profile': { type: 'string' },
      'time-scale': { type: 'string' },
      'list-faults': { type: 'boolean' },
    },
    strict: true,
    allowPositionals: false,
  }).values as Flags;
}

function readUsersFile(file: string): CloudUser[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`--users ${file}: ${(err as Error).message}`);
  }
  return parseUsers(parsed);
}

function readTimeScale(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--time-scale must be a positive number, got '${raw}'`);
  return value;
}

export async function serveCloudCommand(argv: string[]): Promise<number> {
  let flags: Flags;
  try {
    flags = readFlags(argv);
  } catch (err) {
    return usageError((err as Error).message);
  }
  if (flags['list-faults']) {
    process.stdout.write(listFaultsByArea(CLOUD_FAULTS));
    return 0;
  }
  if (!flags.listen) return usageError(`--listen is required; ${USAGE}`);
  // Listen for the stop signals before announcing readiness: a caller may signal at once.
  const stop = stopSignal();
  let server: RunningCloudServer;
  try {
    const users = flags.users ? readUsersFile(flags.users) : undefined;
    const profile = flags['vendor-profile'] === undefined ? 'docker' : parseProfile(flags['vendor-profile']);
    server = await startCloudServer({ listen: flags.listen, users, faults: flags.fault ?? [], profile, timeScale: readTimeScale(flags['time-scale']) });
    const who = flags.users ? '' : ` users ${DEFAULT_USERS.map((u) => `${u.username}:${u.apiKey}`).join(',')}`;
    // The Stream API is wss with the reference's test certificate: a client trusts the CA file printed (--tls-ca).
    const ca = server.caFile ? ` ca ${server.caFile}` : '';
    process.stdout.write(`cloud reference target: rest ${server.url} stream ${server.streamUrl}${ca}${who}\n`);
  } catch (err) {
    stop.dispose();
    return usageError((err as Error).message);
  }
  await stop.received;
  await server.close();
  return 0;
}

function stopSignal(): { received: Promise<void>; dispose(): void } {
  let onSignal = (): void => {};
  const received = new Promise<void>((resolve) => {
    onSignal = resolve;
  });
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return {
    received,
    dispose() {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

function usageError(message: string): number {
  process.stderr.write(`conformance serve cloud: ${message.split('\n')[0]}\n`);
  return 2;
}
