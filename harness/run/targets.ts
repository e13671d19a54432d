import type { SuiteName } from '../catalog/types.ts';
import { privateSocket } from '../embedded/private-socket.ts';
import { dockerEnvTarget, parseStreamUrl, parseTargetUrl, UsageError, type TargetEndpoint } from '../target/endpoint.ts';
import type { CloudTargetConfig } from './config.ts';
import type { RunOptions } from './options.ts';

/** The resolved targets of a run, and how to stop the ones the run started itself. */
export interface ResolvedTargets {
  embedded: boolean;
  engine?: TargetEndpoint;
  cloud?: CloudTargetConfig;
  /** Stops embedded reference servers. */
  stop(): Promise<void>;
}

const isEngine = (s: SuiteName) => s.startsWith('engine-');

/**
 * The Stream API of an embedded cloud reference as its server reports it: wss:// (or wss+unix://
 * on a socket), trusting the reference's test certificate for that endpoint only.
 */
export function embeddedStreamEndpoint(server: { streamUrl: string; caFile?: string }): TargetEndpoint {
  return parseStreamUrl(server.streamUrl, server.caFile ? { ca: server.caFile } : undefined);
}

/** Default credentials of the embedded cloud reference target. */
export const EMBEDDED_CLOUD_USERS = {
  auth: { user: 'conformance', key: 'conformance' },
  auth2: { user: 'conformance2', key: 'conformance2' },
  namespace: 'conformance-org',
};

export async function resolveTargets(options: RunOptions): Promise<ResolvedTargets> {
  const wantsEngine = options.suites.some(isEngine);
  const wantsCloud = options.suites.includes('cloud');
  if (options.target === 'embedded') return startEmbedded(options, wantsEngine, wantsCloud);
  if (options.faults.length) throw new UsageError('--fault applies to --target embedded only');
  if (wantsEngine && wantsCloud) {
    throw new UsageError('one target serves one API: choose --suite engine-1.18/engine-1.22 or --suite cloud for a non-embedded target');
  }
  const endpoint = options.target === 'docker-env' ? dockerEnvTarget(process.env) : parseTargetUrl(options.target, options.tls);
  if (wantsEngine) return { embedded: false, engine: endpoint, stop: async () => {} };
  if (!options.auth) throw new UsageError('the cloud suite needs --auth USER:KEY for a non-embedded target');
  const stream = options.streamTarget ? parseStreamUrl(options.streamTarget, options.tls) : endpoint;
  return {
    embedded: false,
    cloud: {
      rest: endpoint,
      stream,
      auth: options.auth,
      ...(options.auth2 ? { auth2: options.auth2 } : {}),
      ...(options.namespace ? { namespace: options.namespace } : {}),
      ...givenRepositories(options),
    },
    stop: async () => {},
  };
}

/** The existing repositories the run names for the cloud repository checks, with their login. */
function givenRepositories(options: RunOptions): Pick<CloudTargetConfig, 'repositories' | 'repositoryAuth'> {
  if (!options.cloudRepositories?.length) return {};
  return { repositories: options.cloudRepositories, ...(options.cloudRepositoryAuth ? { repositoryAuth: options.cloudRepositoryAuth } : {}) };
}

async function startEmbedded(options: RunOptions, wantsEngine: boolean, wantsCloud: boolean): Promise<ResolvedTargets> {
  const stops: Array<() => Promise<void>> = [];
  const resolved: ResolvedTargets = { embedded: true, stop: async () => void (await Promise.all(stops.map((s) => s()))) };
  const { engineFaults, cloudFaults } = await splitFaults(options.faults);
  try {
    if (wantsEngine) {
      const { startEngineServer } = await import('../../reference/engine/index.ts');
      const socket = privateSocket('engine');
      const server = await startEngineServer({ listen: socket.listen, faults: engineFaults, profile: options.vendorProfile });
      stops.push(() => server.close().finally(socket.remove));
      resolved.engine = parseTargetUrl(server.url);
    }
    if (wantsCloud) {
      const { startCloudServer } = await import('../../reference/cloud/index.ts');
      const socket = privateSocket('cloud');
      const server = await startCloudServer({ listen: socket.listen, faults: cloudFaults, profile: options.vendorProfile });
      stops.push(() => server.close().finally(socket.remove));
      resolved.cloud = { rest: parseTargetUrl(server.url), stream: embeddedStreamEndpoint(server), ...EMBEDDED_CLOUD_USERS, ...givenRepositories(options) };
    }
  } catch (err) {
    await resolved.stop();
    if (/unknown fault/i.test((err as Error).message)) throw new UsageError((err as Error).message);
    throw err;
  }
  return resolved;
}

/** Fault names are unique across both reference targets; each goes to the target that has it. */
async function splitFaults(faults: string[]): Promise<{ engineFaults: string[]; cloudFaults: string[] }> {
  if (!faults.length) return { engineFaults: [], cloudFaults: [] };
  const { ENGINE_FAULTS } = await import('../../reference/engine/index.ts');
  const { CLOUD_FAULTS } = await import('../../reference/cloud/index.ts');
  const engineNames = new Set<string>(ENGINE_FAULTS.map((f) => f.name));
  const cloudNames = new Set<string>(CLOUD_FAULTS.map((f) => f.name));
  const unknown = faults.filter((f) => !engineNames.has(f) && !cloudNames.has(f));
  if (unknown.length) throw new UsageError(`unknown fault(s): ${unknown.join(', ')} (see conformance serve engine|cloud --list-faults)`);
  return { engineFaults: faults.filter((f) => engineNames.has(f)), cloudFaults: faults.filter((f) => cloudNames.has(f)) };
}
