/**
 * VolumesFrom `<name>[:<ro|rw>]` as the effect checks send it: three entries, one per form (`:rw`,
 * the plain name, `:ro`), each naming a source container of its own with a volume at a path of its
 * own. A target that reads only `:ro` (and looks `name:rw` up as a container name), mounts every
 * entry read-only, or mounts only the first entry shows in what the new container sees.
 */
import type { EngineContext } from './context.ts';

/** One form of a VolumesFrom entry: its suffix, the source's volume path and whether the mount is writable (the plain form: rw). */
export interface VolumesFromForm {
  suffix: ':rw' | '' | ':ro';
  path: string;
  writable: boolean;
}

/** The forms the effect checks send, in this order: a target applying only the first entry misses the other two. */
export const VOLUMES_FROM_FORMS: readonly VolumesFromForm[] = [
  { suffix: ':rw', path: '/conformance-from-rw', writable: true },
  { suffix: '', path: '/conformance-from-plain', writable: true },
  { suffix: ':ro', path: '/conformance-from-ro', writable: false },
];

/** A form with the source container its entry names. */
export interface VolumesFromSource extends VolumesFromForm {
  /** The VolumesFrom entry: the source's name and the form's suffix. */
  entry: string;
}

/** A created (not started) source container with a volume at `path` (Config.Volumes); returns its name. */
export async function volumeSource(ctx: EngineContext, path: string): Promise<string> {
  return (await ctx.createContainer({ cmd: ['true'], extra: { Volumes: { [path]: {} } } })).name;
}

/** One source container per form, made by `source` (given the form's volume path, it returns the container's name). */
export async function volumesFromSources(
  ctx: EngineContext,
  source: (path: string) => Promise<string> = (path) => volumeSource(ctx, path),
): Promise<VolumesFromSource[]> {
  const sources: VolumesFromSource[] = [];
  for (const form of VOLUMES_FROM_FORMS) sources.push({ ...form, entry: `${await source(form.path)}${form.suffix}` });
  return sources;
}

/** The HostConfig that sends every entry of `sources`. */
export const volumesFromHostConfig = (sources: readonly VolumesFromSource[]): { VolumesFrom: string[] } => ({ VolumesFrom: sources.map((s) => s.entry) });

/** By mount path, what each form must be: `ro` or `rw`. */
export const expectedModes = (sources: readonly VolumesFromSource[]): Record<string, 'ro' | 'rw'> =>
  Object.fromEntries(sources.map((s) => [s.path, s.writable ? 'rw' : 'ro']));

/** The entries as the checks' titles and messages name them. */
export const VOLUMES_FROM_SENT = '<a>:rw, <b> and <c>:ro';
