import type { SuiteName } from '../catalog/types.ts';
import type { VendorProfileName } from '../profile.ts';
import type { TargetEndpoint } from '../target/endpoint.ts';
import type { SuiteBundleName } from '../check/suite-module.ts';

export interface Credentials {
  user: string;
  key: string;
}

/**
 * A repository of a registry that takes bearer tokens, and a token it accepts for pull and push
 * there (--registry-token-repository, --registry-token-file): what the {registrytoken} form of
 * X-Registry-Auth is checked with. A token server grants repositories by name, so the token is
 * for one repository; the checks push and pull tags of their own in it.
 */
export interface RegistryToken {
  /** host:port/name, the repository the token grants pull and push on. */
  repository: string;
  token: string;
}

export interface CloudTargetConfig {
  rest: TargetEndpoint;
  stream: TargetEndpoint;
  auth: Credentials;
  /** A second user, for the namespace isolation checks. */
  auth2?: Credentials;
  /** An organization namespace the first user belongs to. */
  namespace?: string;
  /** Existing third-party repositories (host/path) to add instead of made-up ones (--cloud-repository). */
  repositories?: string[];
  /** The username and password sent with them (--cloud-repository-auth). */
  repositoryAuth?: Credentials;
}

/**
 * Everything a suite needs to know about the run. The CLI resolves it, starts embedded targets,
 * and hands it to the vitest workers through the CONFORMANCE_RUN environment variable.
 */
export interface RunConfig {
  /** Short random id carried by every resource name and label the run creates. */
  runId: string;
  suites: SuiteName[];
  seed: number;
  timeoutMs: number;
  /** How many checks of a suite file run at once against the target (1: one after another). */
  concurrency: number;
  vendorProfile: VendorProfileName;
  /** True when the target is the project's own reference implementation. */
  embedded: boolean;
  engine?: TargetEndpoint;
  cloud?: CloudTargetConfig;
  fixture: {
    /** Use this image instead of importing the fixture rootfs. */
    image?: string;
    /** A static busybox binary to build the fixture rootfs from. */
    rootfsPath: string;
    /** Why no fixture image is available: checks that need one are skipped with this reason. */
    error?: string;
  };
  /**
   * Engine API versions the target refuses (its answer to /v<version>/_ping), each with the reason:
   * that version's checks are not applicable, and engine/versioning/path-prefix reports it once.
   */
  refusedVersions?: Record<string, string>;
  /** A registry host:port the target can push to and pull from, for the pull/push checks. */
  registry?: string;
  /** Registry credentials sent as X-Registry-Auth. */
  registryAuth?: Credentials;
  /** A repository and the token its registry accepts, sent as X-Registry-Auth {registrytoken}. */
  registryToken?: RegistryToken;
  /** The run writes Allure results (--format allure): each check labels itself for Allure. */
  allure?: boolean;
  /** The suites' modules built into one file per family, for the workers to load (harness/run/suite-bundles.ts). */
  bundles?: Partial<Record<SuiteBundleName, string>>;
  /** The checks' durations in the last run against the implementation: a whole-suite file starts its longest first (check-order.ts). */
  checkDurations?: string;
  /** The socket of the run's image lane (image-lane.ts), in a run of section files against a daemon. */
  imageLane?: string;
}

export const RUN_CONFIG_ENV = 'CONFORMANCE_RUN';

export function encodeRunConfig(config: RunConfig): string {
  return JSON.stringify(config);
}

/** Reads the run's configuration inside a suite; fails loudly when a suite is run on its own. */
export function loadRunConfig(env: NodeJS.ProcessEnv = process.env): RunConfig {
  const raw = env[RUN_CONFIG_ENV];
  if (!raw) {
    throw new Error(`${RUN_CONFIG_ENV} is not set: run the suites through \`conformance run\` (see README)`);
  }
  return JSON.parse(raw) as RunConfig;
}
