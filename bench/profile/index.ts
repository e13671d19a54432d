/**
 * The time profile of the suite runs (issue 14): built from each run's report.json, stored in
 * reports/bench-profile.json (the previous one kept as bench-profile.previous.json) and printed
 * beside its change since the previous profile.
 */
import { filePlaces } from './sections.ts';
import { profileRun, slowestOverall, type ProfiledRun } from './build.ts';
import { profileLines } from './print.ts';
import { PROFILE_PATH, storeProfile } from './store.ts';
import type { TimeProfile } from './types.ts';
import path from 'node:path';

export type { ProfiledRun } from './build.ts';

/** Profiles the runs, stores the profile, and returns the lines that show it. */
export async function profileAndStore(runs: readonly ProfiledRun[]): Promise<string[]> {
  const places = await filePlaces();
  const profiled = runs.map((r) => profileRun(r, places));
  const profile: TimeProfile = {
    profileVersion: 1,
    date: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    runs: profiled,
    slowest: slowestOverall(profiled),
  };
  const previous = await storeProfile(profile);
  return [
    ...profileLines(profile, previous),
    '',
    `written: ${path.relative(process.cwd(), PROFILE_PATH)}${previous ? ' (the previous one: bench-profile.previous.json)' : ''}`,
  ];
}
