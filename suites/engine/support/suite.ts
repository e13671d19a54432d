import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { registerChecks } from '../../../harness/check/register.ts';
import { afterAll, beforeAll } from 'vitest';
import { sectionChecks, sectionOf } from '../../../harness/check/sections.ts';
import { loadRunConfig } from '../../../harness/run/config.ts';
import { enterImageLane, IMAGE_STORE_SECTIONS, type LaneHold } from '../../../harness/run/image-lane.ts';
import { engineBinding } from './binding.ts';
import { checksForVersion, type EngineCheck } from './check.ts';

/**
 * Registers engine checks for one API version as vitest tests in the calling suite file.
 */
export function engineSuite(version: EngineVersion, checks: ReadonlyArray<EngineCheck>): void {
  const config = loadRunConfig();
  const refused = config.refusedVersions?.[version];
  const selected = checksForVersion(checks, version);
  registerChecks(engineBinding(config, version), refused ? selected.map((c) => whereRefused(c, refused)) : selected);
}

/** The check that reports a refused version; every other check of that version is not applicable. */
export const REFUSED_VERSION_REPORTER = 'engine/versioning/path-prefix';

/** A check of a version the target refuses: not applicable, with the reason, but for the reporter. */
function whereRefused(check: EngineCheck, reason: string): EngineCheck {
  return check.id === REFUSED_VERSION_REPORTER ? check : { ...check, notApplicable: () => reason };
}

/**
 * The entry file of one spec section at one version: the section is the file's name
 * (suites/engine-1.22/containers.test.ts registers ENGINE_SECTIONS.containers at 1.22).
 */
export async function engineSection(version: EngineVersion, entryFile: string): Promise<void> {
  const { ENGINE_SECTIONS } = await import('../all-checks.ts');
  const lane = loadRunConfig().imageLane;
  // Registered first: the file holds the lane through its set-up and until its last hook.
  if (lane) inImageLane(lane, IMAGE_STORE_SECTIONS.has(sectionOf(entryFile)));
  engineSuite(version, sectionChecks(ENGINE_SECTIONS, entryFile));
}

/** The file runs alone (it changes the image store) or beside the other files that do not. */
function inImageLane(socket: string, alone: boolean): void {
  let hold: LaneHold | undefined;
  beforeAll(async () => {
    hold = enterImageLane(socket, alone ? 'exclusive' : 'shared');
    await hold.granted;
  }, LANE_WAIT_MS);
  // Also when the wait timed out: the place in the queue is given up, never granted to no one.
  afterAll(() => hold?.leave());
}

/** How long a file may wait for the lane: while the image files of a slow daemon run one by one. */
const LANE_WAIT_MS = 3_600_000;

/** Every section at one version, in the calling file (suites/whole-suite/engine-1.22.test.ts). */
export async function engineWholeSuite(version: EngineVersion): Promise<void> {
  const { engineChecksFor } = await import('../all-checks.ts');
  engineSuite(version, engineChecksFor(version));
}
