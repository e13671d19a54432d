import type { SuiteName } from '../../catalog/types.ts';
import type { RunOptions } from '../../run/options.ts';
import { DEFAULT_FIXTURE_ROOTFS, DEFAULT_TIMEOUT_MS } from '../../run/options.ts';

/** What a reproduction needs to know of the run: the options that shape its checks, never a secret. */
export interface ReproContext {
  target: string;
  /** The run's socket or URL for the script; undefined for the embedded reference (it is gone). */
  scriptTarget: string | undefined;
  /** The TLS files curl presents to the target (from --tls-* or DOCKER_CERT_PATH). */
  scriptTls?: { ca?: string; cert?: string; key?: string };
  runId: string;
  seed: number;
  faults: readonly string[];
  vendorProfile: string;
  timeoutMs: number;
  tls?: { ca?: string; cert?: string; key?: string };
  auth: boolean;
  auth2: boolean;
  registryAuth: boolean;
  cloudRepositoryAuth?: boolean;
  namespace?: string;
  cloudRepositories?: readonly string[];
  registry?: string;
  /** --registry-token-repository, and the file its token was read from (a token given programmatically has none). */
  registryToken?: { repository: string; file?: string };
  streamTarget?: string;
  image?: string;
  fixtureRootfs?: string;
}

/** The target as the script reaches it: a unix:// socket or an http(s) origin, and the TLS files of the run. */
export interface ScriptTarget {
  url: string;
  tls?: { ca?: string; cert?: string; key?: string };
}

/** The reproduction context of a run: its options, with credentials reduced to whether they were given. */
export function reproContext(options: RunOptions, runId: string, scriptTarget: ScriptTarget | undefined): ReproContext {
  return {
    target: options.target,
    scriptTarget: scriptTarget?.url,
    ...(scriptTarget?.tls ? { scriptTls: scriptTarget.tls } : {}),
    runId,
    seed: options.seed,
    faults: options.faults,
    vendorProfile: options.vendorProfile,
    timeoutMs: options.timeoutMs,
    ...(options.tls ? { tls: options.tls } : {}),
    auth: Boolean(options.auth),
    auth2: Boolean(options.auth2),
    registryAuth: Boolean(options.registryAuth),
    ...(options.cloudRepositoryAuth ? { cloudRepositoryAuth: true } : {}),
    ...(options.namespace ? { namespace: options.namespace } : {}),
    ...(options.cloudRepositories?.length ? { cloudRepositories: options.cloudRepositories } : {}),
    ...(options.registry ? { registry: options.registry } : {}),
    ...(options.registryToken
      ? { registryToken: { repository: options.registryToken.repository, ...(options.registryToken.file ? { file: options.registryToken.file } : {}) } }
      : {}),
    ...(options.streamTarget ? { streamTarget: options.streamTarget } : {}),
    ...(options.image ? { image: options.image } : {}),
    ...(options.fixtureRootfs !== DEFAULT_FIXTURE_ROOTFS ? { fixtureRootfs: options.fixtureRootfs } : {}),
  };
}

/** The default timeout needs no flag. */
export const isDefaultTimeout = (ms: number): boolean => ms === DEFAULT_TIMEOUT_MS;

/** The engine API version of a suite's paths: /v1.22 for engine-1.22. */
export function engineVersionPrefix(suite: SuiteName): string | undefined {
  return suite === 'cloud' ? undefined : `/v${suite.slice('engine-'.length)}`;
}
