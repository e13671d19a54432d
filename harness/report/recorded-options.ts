import { SUITES, type SuiteName } from '../catalog/types.ts';
import { VENDOR_PROFILES, type VendorProfileName } from '../profile.ts';
import type { Report } from './report.ts';

/** The options of a run that decide which checks can run at all: recorded in report.json. */
export interface RunSettings {
  vendorProfile: VendorProfileName;
  /** The registry the push and pull checks used (--registry; the embedded target's own by default). */
  registry?: string;
  /** The repository the {registrytoken} checks used (--registry-token-repository; the embedded target's own by default). */
  registryTokenRepository?: string;
  /** Checks of a file at once, when the command line set it (--concurrency). */
  concurrency?: number;
  /** The existing repositories the cloud repository checks added (--cloud-repository). */
  cloudRepositories?: string[];
}

/**
 * What an expectations file was recorded with (`recordedWith`). A check the recording ran may be
 * skipped by a run that lacks its registry or vendor profile, which says nothing about the
 * departure it expects. Its seed and concurrency a gate run takes when its command line does not
 * set them: the property checks then draw the recording's cases, and a target's races show as
 * they did (harness/cli/run-args.ts).
 */
export interface RecordedOptions {
  suites?: SuiteName[];
  vendorProfile?: VendorProfileName;
  registry?: string;
  registryTokenRepository?: string;
  seed?: number;
  concurrency?: number;
  cloudRepositories?: string[];
}

/** The recorded options of a run, as `conformance expectations update` writes them. */
export function recordedOptionsOf(report: Report): RecordedOptions | undefined {
  if (!report.options) return undefined;
  const { vendorProfile, registry, registryTokenRepository, concurrency, cloudRepositories } = report.options;
  return {
    suites: report.suites,
    vendorProfile,
    ...(registry ? { registry } : {}),
    ...(registryTokenRepository ? { registryTokenRepository } : {}),
    seed: report.seed,
    ...(concurrency ? { concurrency } : {}),
    ...(cloudRepositories?.length ? { cloudRepositories } : {}),
  };
}

/**
 * The options the recording had and this run lacks, one phrase each ("--registry (recorded with
 * 127.0.0.1:5000)"). A report that does not say its options (written before they were recorded)
 * lacks none: nothing can be told.
 */
export function lackedOptions(recorded: RecordedOptions | undefined, report: Report): string[] {
  if (!recorded || !report.options) return [];
  const lacked: string[] = [];
  if (recorded.registry && !report.options.registry) lacked.push(`--registry (recorded with ${recorded.registry})`);
  if (recorded.registryTokenRepository && !report.options.registryTokenRepository)
    lacked.push(`--registry-token-repository (recorded with ${recorded.registryTokenRepository})`);
  if (recorded.cloudRepositories?.length && !report.options.cloudRepositories?.length)
    lacked.push(`--cloud-repository (recorded with ${recorded.cloudRepositories.join(', ')})`);
  if (recorded.vendorProfile && recorded.vendorProfile !== report.options.vendorProfile) lacked.push(`--vendor-profile ${recorded.vendorProfile}`);
  return lacked;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks a `recordedWith` block; the error says what is wrong. */
export function checkRecordedOptions(data: unknown): void {
  if (!isObject(data)) throw new Error(`recordedWith must be an object, got ${JSON.stringify(data)}`);
  const { suites, vendorProfile, registry, registryTokenRepository, seed, concurrency, cloudRepositories } = data;
  if (suites !== undefined && (!Array.isArray(suites) || !suites.every((s) => (SUITES as readonly unknown[]).includes(s))))
    throw new Error(`recordedWith.suites must list suites of ${SUITES.join(', ')}, got ${JSON.stringify(suites)}`);
  if (vendorProfile !== undefined && !(VENDOR_PROFILES as readonly unknown[]).includes(vendorProfile))
    throw new Error(`recordedWith.vendorProfile must be one of ${VENDOR_PROFILES.join(', ')}, got ${JSON.stringify(vendorProfile)}`);
  if (registry !== undefined && typeof registry !== 'string')
    throw new Error(`recordedWith.registry must be a host:port string, got ${JSON.stringify(registry)}`);
  if (registryTokenRepository !== undefined && typeof registryTokenRepository !== 'string')
    throw new Error(`recordedWith.registryTokenRepository must be a host:port/name string, got ${JSON.stringify(registryTokenRepository)}`);
  if (cloudRepositories !== undefined && !(Array.isArray(cloudRepositories) && cloudRepositories.every((r) => typeof r === 'string')))
    throw new Error(`recordedWith.cloudRepositories must list repository names, got ${JSON.stringify(cloudRepositories)}`);
  for (const [name, value, min] of [['seed', seed, 0] as const, ['concurrency', concurrency, 1] as const])
    if (value !== undefined && !(Number.isSafeInteger(value) && (value as number) >= min))
      throw new Error(`recordedWith.${name} must be a whole number ≥ ${min}, got ${JSON.stringify(value)}`);
}
