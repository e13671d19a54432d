/**
 * The cloud reference target: an in-memory orchestration service with the REST API (plain HTTP)
 * and the WebSocket Stream API (over TLS, `wss`, with the test certificate of ./tls/) on one
 * address. It follows the spec, and the public clients' observed
 * behaviour (the facts file) where the spec says "not shown".
 */
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { VendorProfileName } from '../../harness/profile.ts';
import { CLOUD_FAULTS, faultSet, parseCloudFaults } from './faults.ts';
import { REFERENCE_CA_FILE } from './http/listener.ts';
import { createCloudService } from './server.ts';
import { DEFAULT_USERS, type CloudUser } from './users.ts';
import type { MutationHook } from '../../harness/mutation/hook.ts';

export { CLOUD_FAULTS, DEFAULT_USERS, parseCloudFaults };
export type { CloudUser };
export type { CloudFault, CloudFaultArea, CloudFaultName } from './faults.ts';

export interface CloudServerOptions {
  /** `tcp://127.0.0.1:PORT` (0 = a free port) or `unix:///path`. */
  listen: string;
  /** Fault names as given (`--fault NAME`): an unknown one is refused. */
  faults?: readonly string[];
  profile?: VendorProfileName;
  users?: CloudUser[];
  /** Multiplies simulated durations (default 1: 30-150 ms per step). */
  timeScale?: number;
  /** A mutant, or the baseline's observer (harness/mutation/hook.ts). */
  mutation?: MutationHook;
}

export interface RunningCloudServer {
  /** http://127.0.0.1:PORT (or unix:///path) */
  url: string;
  /**
   * wss://127.0.0.1:PORT (or wss+unix:///path: TLS over the socket), on the REST address; ws://
   * (or ws+unix://) under `stream-plain-ws`.
   */
  streamUrl: string;
  /** The CA file a client trusts for the Stream API's TLS (the reference's test certificate); absent without TLS. */
  caFile?: string;
  close(): Promise<void>;
}

type ListenTarget = { port: number; host: string } | { path: string };

function parseListen(listen: string): ListenTarget {
  const unix = /^unix:\/\/(\/.+)$/.exec(listen);
  if (unix?.[1]) return { path: unix[1] };
  const tcp = /^tcp:\/\/([^:/]+|\[[^\]]+\]):(\d+)\/?$/.exec(listen);
  if (tcp?.[1] && tcp[2]) return { host: tcp[1].replace(/^\[|\]$/g, ''), port: Number(tcp[2]) };
  throw new Error(`bad listen address '${listen}': expected tcp://HOST:PORT or unix:///path`);
}

export async function startCloudServer(opts: CloudServerOptions): Promise<RunningCloudServer> {
  const target = parseListen(opts.listen);
  const timeScale = opts.timeScale ?? 1;
  if (!(timeScale > 0)) throw new Error(`timeScale must be a positive number, got ${timeScale}`);
  const service = createCloudService({
    faults: faultSet(opts.faults ?? []),
    profile: opts.profile ?? 'docker',
    users: opts.users ?? DEFAULT_USERS,
    timeScale,
    ...(opts.mutation ? { mutation: opts.mutation } : {}),
  });
  if ('path' in target) rmSync(target.path, { force: true });
  await new Promise<void>((resolve, reject) => {
    service.server.once('error', reject);
    const onListening = (): void => {
      service.server.off('error', reject);
      resolve();
    };
    if ('path' in target) service.server.listen(target.path, onListening);
    else service.server.listen(target.port, target.host, onListening);
  });
  let url: string;
  let streamUrl: string;
  const ws = service.tls ? 'wss' : 'ws';
  if ('path' in target) {
    url = `unix://${target.path}`;
    streamUrl = `${ws}+unix://${target.path}`;
  } else {
    const { port } = service.server.address() as AddressInfo;
    const host = target.host.includes(':') ? `[${target.host}]` : target.host;
    url = `http://${host}:${port}`;
    streamUrl = `${ws}://${host}:${port}`;
  }
  return { url, streamUrl, ...(service.tls ? { caFile: REFERENCE_CA_FILE } : {}), close: () => service.shutdown() };
}
