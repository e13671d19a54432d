/**
 * reports/bench-profile.json holds the last run's time profile; before a new one is written the
 * old one is kept as reports/bench-profile.previous.json, and it is what the new one is compared with.
 */
import { readFile, rename, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TimeProfile } from './types.ts';

const reports = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'reports');
export const PROFILE_PATH = path.join(reports, 'bench-profile.json');
export const PREVIOUS_PATH = path.join(reports, 'bench-profile.previous.json');

/** A stored profile, or undefined when there is none (or one of another profileVersion, or unreadable). */
export async function readProfile(file: string): Promise<TimeProfile | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Partial<TimeProfile>;
    return parsed.profileVersion === 1 && Array.isArray(parsed.runs) ? (parsed as TimeProfile) : undefined;
  } catch {
    return undefined;
  }
}

/** Moves the stored profile to .previous (returning it) and writes the new one. */
export async function storeProfile(profile: TimeProfile): Promise<TimeProfile | undefined> {
  await mkdir(reports, { recursive: true });
  const previous = await readProfile(PROFILE_PATH);
  if (previous) await rename(PROFILE_PATH, PREVIOUS_PATH);
  await writeFile(PROFILE_PATH, `${JSON.stringify(profile, null, 2)}\n`);
  return previous;
}
