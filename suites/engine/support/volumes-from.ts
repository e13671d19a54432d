/**
 * VolumesFrom `<name>[:<ro|rw>]` as the effect checks send it: three entries, one per form (`:rw`,
 * the plain name, `:ro`), each naming a source container of its own with two mount points at
 * paths of its own: a volume (Config.Volumes) and a bind mount of a host directory (HostConfig
 * Binds). A target that reads only `:ro` (and looks `name:rw` up as a container name), mounts
 * every entry read-only, mounts only the first entry, or applies `:ro` to the source's volumes but
 * not to its bind mounts shows in what the new container sees.
 */
import type { EngineContext } from './context.ts';

/** The host directory the sources bind: it exists on every Linux host. */
export const VOLUMES_FROM_BIND_HOST = '/tmp';

/** One form of a VolumesFrom entry: its suffix, the source's mount paths and whether the mounts are writable (the plain form: rw). */
export interface VolumesFromForm {
  suffix: ':rw' | '' | ':ro';
  /** Where the source has a volume. */
  path: string;
  /** Where the source binds VOLUMES_FROM_BIND_HOST. */
  bindPath: string;
  writable: boolean;
}

/** The forms the effect checks send, in this order: a target applying only the first entry misses the other two. */
export const VOLUMES_FROM_FORMS: readonly VolumesFromForm[] = [
  { suffix: ':rw', path: '/conformance-from-rw', bindPath: '/conformance-from-rw-bind', writable: true },
  { suffix: '', path: '/conformance-from-plain', bindPath: '/conformance-from-plain-bind', writable: true },
  { suffix: ':ro', path: '/conformance-from-ro', bindPath: '/conformance-from-ro-bind', writable: false },
];

/** A form with the source container its entry names. */
export interface VolumesFromSource extends VolumesFromForm {
  /** The VolumesFrom entry: the source's name and the form's suffix. */
  entry: string;
}

/** The create fields that give a source container its volume and its bind mount. */
export const sourceMounts = (form: VolumesFromForm): { extra: { Volumes: Record<string, object> }; hostConfig: { Binds: string[] } } => ({
  extra: { Volumes: { [form.path]: {} } },
  hostConfig: { Binds: [`${VOLUMES_FROM_BIND_HOST}:${form.bindPath}`] },
});

/** A created (not started) source container with a volume at `path` (Config.Volumes); returns its name. */
export async function volumeSource(ctx: EngineContext, path: string): Promise<string> {
  return (await ctx.createContainer({ cmd: ['true'], extra: { Volumes: { [path]: {} } } })).name;
}

/** One source container per form, made by `source` (given the form, it returns the container's name; by default created with sourceMounts). */
export async function volumesFromSources(
  ctx: EngineContext,
  source: (form: VolumesFromForm) => Promise<string> = async (form) => (await ctx.createContainer({ cmd: ['true'], ...sourceMounts(form) })).name,
): Promise<VolumesFromSource[]> {
  const sources: VolumesFromSource[] = [];
  for (const form of VOLUMES_FROM_FORMS) sources.push({ ...form, entry: `${await source(form)}${form.suffix}` });
  return sources;
}

/** The HostConfig that sends every entry of `sources`. */
export const volumesFromHostConfig = (sources: readonly VolumesFromSource[]): { VolumesFrom: string[] } => ({ VolumesFrom: sources.map((s) => s.entry) });

/** Every mount path of `sources`: each one's volume, then its bind mount. */
export const mountPathsOf = (sources: readonly VolumesFromSource[]): string[] => sources.flatMap((s) => [s.path, s.bindPath]);

/** By mount path (volumes and bind mounts), what each form must be: `ro` or `rw`. */
export const expectedModes = (sources: readonly VolumesFromSource[]): Record<string, 'ro' | 'rw'> =>
  Object.fromEntries(sources.flatMap((s) => [s.path, s.bindPath].map((p) => [p, s.writable ? 'rw' : 'ro'])));

/** The entries as the checks' titles and messages name them. */
export const VOLUMES_FROM_SENT = '<a>:rw, <b> and <c>:ro';
