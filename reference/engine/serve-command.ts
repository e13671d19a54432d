/**
 * `conformance serve engine --listen unix:///p|tcp://127.0.0.1:PORT [--fault NAME]...
 *  [--vendor-profile docker|neutral] [--list-faults]`: the reference engine on a socket, holding
 *  the image conformance/busybox from the start (busybox:latest can be pulled from its registry).
 */
import { parseArgs } from 'node:util';
import { ENGINE_FAULTS, type RunningEngineServer, startEngineServer } from './index.ts';
import { parseProfile } from '../../harness/profile.ts';
import { listFaultsByArea } from '../faults.ts';
import { busyboxImage } from './images/busybox.ts';

/**
 * The image a served engine holds from the start, so that the first `docker run` needs no pull:
 * the busybox image its registry serves too (as `busybox:latest`), with the fixture's name.
 */
export const SERVED_IMAGE = 'conformance/busybox:latest';

const USAGE =
  'usage: conformance serve engine --listen unix:///path.sock|tcp://127.0.0.1:PORT [--fault NAME]... [--vendor-profile docker|neutral] [--list-faults]';

export async function serveEngineCommand(argv: string[]): Promise<number> {
  let values: { listen?: string; fault?: string[]; 'vendor-profile'?: string; 'list-faults'?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        listen: { type: 'string' },
        fault: { type: 'string', multiple: true },
        'vendor-profile': { type: 'string' },
        'list-faults': { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    return usageError(`${(err as Error).message}\n${USAGE}`);
  }
  if (values['list-faults']) {
    process.stdout.write(listFaultsByArea(ENGINE_FAULTS));
    return 0;
  }
  if (!values.listen) return usageError(`--listen is required\n${USAGE}`);
  let server: RunningEngineServer;
  try {
    const profile = values['vendor-profile'] === undefined ? 'docker' : parseProfile(values['vendor-profile']);
    server = await startEngineServer({ listen: values.listen, faults: values.fault ?? [], profile });
  } catch (err) {
    return usageError((err as Error).message);
  }
  server.deps.images.add(busyboxImage(), [SERVED_IMAGE]);
  process.stdout.write(`${server.url}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}

function usageError(message: string): number {
  process.stderr.write(`conformance serve engine: ${message.split('\n')[0]}\n`);
  return 2;
}
