/** POST /containers/create: checks, the image's defaults merged in, mounts and the first network. */
import { ContainerFs } from '../fs/filesystem.ts';
import { HttpError, type ApiVersion } from '../http/router.ts';
import { Container, type ContainerConfig, type MountPoint } from './container.ts';
import { buildHostConfig } from './host-config.ts';
import { withoutUnstored } from '../field-faults.ts';
import { addEndpoint, joinedNetworkName } from './network-endpoints.ts';
import { volumeEvent } from './lifecycle.ts';
import { newId, randomName } from './ids.ts';
import { StdinChannel } from './stdin.ts';
import { wasRemoved } from './graveyard.ts';
import type { Engine } from './engine.ts';

export const NAME_PATTERN = /^\/?[a-zA-Z0-9_-]+$/;

type Body = Record<string, unknown>;
type ImageConfig = Partial<Record<'Cmd' | 'Entrypoint' | 'Env' | 'WorkingDir' | 'User' | 'StopSignal', unknown>> & {
  Labels?: Record<string, string> | null;
  ExposedPorts?: Record<string, object> | null;
  Volumes?: Record<string, object> | null;
};

export function checkName(engine: Engine, name: string): string {
  if (
    (!NAME_PATTERN.test(name) && !engine.faults.has('name-pattern-unchecked')) ||
    (engine.faults.has('name-pattern-strict') && !/^\/?[a-zA-Z0-9][a-zA-Z0-9_.-]+$/.test(name))
  ) {
    throw new HttpError(400, `Invalid container name (${name}), only [a-zA-Z0-9_-] are allowed`);
  }
  if (engine.faults.has('name-leading-slash-refused') && name.startsWith('/'))
    throw new HttpError(400, `Invalid container name (${name}), only [a-zA-Z0-9_-] are allowed`);
  // Under `blind6-create-name-slash-doubled` the slash is added whether or not the name has one.
  const full = name.startsWith('/') && !engine.faults.has('blind6-create-name-slash-doubled') ? name : `/${name}`;
  if (engine.faults.has('blind6-rename-old-name-kept') && !engine.containers.resolve(full) && renamedAway(engine, full)) {
    throw new HttpError(409, `Conflict. The name "${full}" is already in use by a renamed container.`);
  }
  if (engine.faults.has('blind-delete-name-kept') && !engine.containers.resolve(full) && wasRemoved(engine.containers, full.slice(1))) {
    throw new HttpError(409, `Conflict. The name "${full}" is already in use by a removed container.`);
  }
  const sameCase = (c: { name: string }) => c.name.toLowerCase() === full.toLowerCase();
  const holder = engine.faults.has('blind2-create-name-case-conflict') ? engine.containers.all().find(sameCase) : engine.containers.resolve(full);
  if (holder && (holder.name === full || engine.faults.has('blind2-create-name-case-conflict')) && !engine.faults.has('create-name-conflict-201')) {
    throw new HttpError(
      409,
      `Conflict. The name "${full}" is already in use by container ${holder.id}. You have to remove (or rename) that container to be able to reuse that name.`,
    );
  }
  return full;
}

/** Whether a rename took `full` away from a container (`blind6-rename-old-name-kept`: the old name stays reserved). */
function renamedAway(engine: Engine, full: string): boolean {
  return engine.events.past().some((e) => e.Type === 'container' && e.Action === 'rename' && e.attributes.oldName === full);
}

/** The name checked; under `refused-create-keeps-container` a refused name still leaves a container (named at random). */
function checkedOrLeftBehind(engine: Engine, version: ApiVersion, requestedName: string, body: Body): string {
  try {
    const full = checkName(engine, requestedName);
    // Under `blind31-create-name-conflict-id-prefix` the name is looked up as a container reference (id, name, then unique id
    // prefix): a free name that is the start of another container's id is taken for that container's, 409.
    const holder = engine.faults.has('blind31-create-name-conflict-id-prefix') ? engine.containers.resolve(full.slice(1)) : undefined;
    if (holder)
      throw new HttpError(
        409,
        `Conflict. The name "${full}" is already in use by container ${holder.id}. ` +
          'You have to remove (or rename) that container to be able to reuse that name.',
      );
    return full;
  } catch (err) {
    if (err instanceof HttpError && engine.faults.has('refused-create-keeps-container')) createContainer(engine, version, null, body);
    throw err;
  }
}

export function createContainer(
  engine: Engine,
  version: ApiVersion,
  requestedName: string | null,
  body: Body,
  id = newId(),
): { container: Container; warnings: string[] } {
  if (engine.faults.has('create-ignores-name')) requestedName = null;
  // Under `blind8-name-bare-slash-generated` the leading slash is stripped before the emptiness test.
  if (requestedName === '/' && engine.faults.has('blind8-name-bare-slash-generated')) requestedName = null;
  if (engine.faults.has('stop-signal-integer-refused') && typeof body.StopSignal === 'number') throw new HttpError(400, 'StopSignal must be a signal name');
  if (engine.faults.has('create-string-cmd-400') && (typeof body.Cmd === 'string' || typeof body.Entrypoint === 'string'))
    throw new HttpError(400, 'Cmd and Entrypoint must be lists');
  if (engine.faults.has('config-fields-dropped'))
    for (const k of ['Hostname', 'Domainname', 'User', 'Env', 'WorkingDir', 'Volumes', 'MacAddress', 'ExposedPorts', 'StopSignal']) delete body[k];
  const name = requestedName ? checkedOrLeftBehind(engine, version, requestedName, body) : `/${randomName((n) => engine.containers.nameTaken(n))}`;
  const imageRef = typeof body.Image === 'string' ? body.Image : '';
  if (!imageRef) throw new HttpError(400, 'Config.Image is required: no image given');
  // Under `blind14-create-registry-port-ref-404` the reference is split at its first colon: `host:port/name` names no image.
  if (engine.faults.has('blind14-create-registry-port-ref-404') && /^[^/:]+:\d+\//.test(imageRef)) throw new HttpError(404, `No such image: ${imageRef}`);
  const image = (engine.faults.has('create-image-tag-ignored') ? engine.images.anyOfRepository(imageRef) : undefined) ?? engine.images.resolve(imageRef);
  if (!image) throw new HttpError(engine.faults.has('create-missing-image-500') ? 500 : 404, `No such image: ${imageRef}`);
  body = withoutUnstored(engine.faults, body);
  const requestedHost = body.HostConfig as Body | undefined;
  const hostConfig = buildHostConfig(version, requestedHost && withoutUnstored(engine.faults, requestedHost), engine.faults);
  checkNetworkMode(engine, version, hostConfig.NetworkMode);
  const config = mergeConfig(body, (image.config ?? {}) as ImageConfig, id, engine.faults.has('blind29-env-image-entry-wins'));
  // Under `blind9-attach-stderr-of-stdout` AttachStderr is read from the AttachStdout key (a copy-pasted line).
  if (engine.faults.has('blind9-attach-stderr-of-stdout')) config.AttachStderr = config.AttachStdout;
  if (engine.faults.has('config-image-stored-as-id')) config.Image = image.id;
  // Under `blind33-exposed-port-udp-as-tcp` each exposed port is parsed for its number and re-keyed with the default protocol (tcp).
  if (engine.faults.has('blind33-exposed-port-udp-as-tcp') && config.ExposedPorts)
    config.ExposedPorts = Object.fromEntries(Object.keys(config.ExposedPorts).map((key) => [`${Number.parseInt(key, 10)}/tcp`, {}]));
  if (config.Entrypoint === null && config.Cmd === null) throw new HttpError(400, 'No command specified');
  const fs = new ContainerFs(image.layers);
  // Under `blind11-volume-driver-local-plugin-lookup` the driver named by VolumeDriver is looked up among the plugins, where the built-in
  // `local` is not: a create that makes a volume answers as for a missing plugin.
  if (
    version === '1.22' &&
    hostConfig.VolumeDriver === 'local' &&
    engine.faults.has('blind11-volume-driver-local-plugin-lookup') &&
    makesVolumes(config, hostConfig.Binds ?? [])
  )
    throw new HttpError(500, 'Error looking up volume plugin local: plugin not found');
  const { mounts, createdVolumes } = buildMounts(engine, version, config, hostConfig.Binds ?? []);
  mounts.push(...volumesFrom(engine, (hostConfig.VolumesFrom as string[] | null) ?? [], mounts));
  for (const dir of [config.WorkingDir, ...mounts.map((m) => m.Destination)]) if (dir) fs.mkdirp(dir);
  const container = new Container(id, name, config, hostConfig, image.id, fs, mounts);
  if (config.OpenStdin) container.stdin = new StdinChannel();
  attachFirstNetwork(engine, container, engine.faults.has('networking-config-ignored') ? undefined : (body.NetworkingConfig as Body | undefined));
  engine.containers.add(container);
  for (const volume of createdVolumes) volumeEvent(engine, undefined, volume, 'create');
  engine.containerEvent(container, 'create');
  return { container, warnings: [] };
}

function strslice(value: unknown): string[] | null {
  if (typeof value === 'string') return value ? [value] : null;
  if (Array.isArray(value)) return value.length ? value.map(String) : null;
  return null;
}

/** @param imageWins `blind29-env-image-entry-wins`: a name the image sets keeps the image's entry. */
function mergeEnv(image: unknown, given: unknown, imageWins: boolean): string[] | null {
  const nameOf = (entry: string): string => entry.split('=')[0]!;
  const fromImage = strslice(image) ?? [];
  const merged = new Map<string, string>(fromImage.map((entry) => [nameOf(entry), entry]));
  for (const entry of strslice(given) ?? []) {
    // Under `blind29-env-image-entry-wins` the image's entry for a name is kept over the one the create gives.
    if (imageWins && fromImage.some((e) => nameOf(e) === nameOf(entry))) continue;
    merged.set(nameOf(entry), entry);
  }
  return merged.size ? [...merged.values()] : null;
}

function mergeConfig(body: Body, image: ImageConfig, id: string, imageEnvWins = false): ContainerConfig {
  const str = (key: string, fallback = ''): string => (typeof body[key] === 'string' ? (body[key] as string) : fallback);
  const bool = (key: string): boolean => body[key] === true;
  const userEntrypoint = strslice(body.Entrypoint);
  const userCmd = strslice(body.Cmd);
  const entrypoint = userEntrypoint ?? strslice(image.Entrypoint);
  const cmd = userCmd ?? (userEntrypoint ? null : strslice(image.Cmd));
  const stopSignal = body.StopSignal ?? image.StopSignal;
  return {
    ...body,
    Hostname: str('Hostname') || id.slice(0, 12),
    Domainname: str('Domainname'),
    User: str('User', typeof image.User === 'string' ? image.User : ''),
    AttachStdin: bool('AttachStdin'),
    AttachStdout: bool('AttachStdout'),
    AttachStderr: bool('AttachStderr'),
    Tty: bool('Tty'),
    OpenStdin: bool('OpenStdin'),
    StdinOnce: bool('StdinOnce'),
    Env: mergeEnv(image.Env, body.Env, imageEnvWins),
    // Spec: Cmd is S or [S]; an entry point given alone runs without arguments, shown as [] (not null).
    Cmd: cmd ?? (entrypoint ? [] : null),
    Entrypoint: entrypoint,
    Image: str('Image'),
    Labels: { ...(image.Labels ?? {}), ...((body.Labels as Record<string, string> | null) ?? {}) },
    Volumes: mergeMaps(image.Volumes, body.Volumes),
    // An empty WorkingDir (clients send one) leaves the image's in place, as real daemons do.
    WorkingDir: str('WorkingDir') || (typeof image.WorkingDir === 'string' ? image.WorkingDir : ''),
    NetworkDisabled: bool('NetworkDisabled'),
    MacAddress: str('MacAddress'),
    ExposedPorts: mergeMaps(image.ExposedPorts, body.ExposedPorts),
    StopSignal: stopSignal === undefined || stopSignal === '' ? 'SIGTERM' : String(stopSignal),
    OnBuild: (body.OnBuild as string[] | undefined) ?? null,
    PortSpecs: (body.PortSpecs as string[] | undefined) ?? null,
  };
}

function mergeMaps(image: unknown, given: unknown): Record<string, object> | null {
  const merged = { ...((image as Record<string, object>) ?? {}), ...((given as Record<string, object>) ?? {}) };
  return Object.keys(merged).length ? merged : null;
}

function checkNetworkMode(engine: Engine, version: ApiVersion, mode: string): void {
  if (['default', 'bridge', 'host', 'none'].includes(mode)) return;
  if (mode.startsWith('container:')) {
    if (!engine.containers.resolve(mode.slice('container:'.length))) throw new HttpError(404, `No such container: ${mode.slice(10)}`);
    return;
  }
  if (version === '1.18') throw new HttpError(400, `invalid --net: ${mode}`);
  if (!engine.networks.resolve(mode)) throw new HttpError(404, `network ${mode} not found`);
}

function attachFirstNetwork(engine: Engine, c: Container, networking: Body | undefined): void {
  const endpoints = (networking?.EndpointsConfig ?? {}) as Record<string, Body>;
  const name = joinedNetworkName(engine, c, endpoints);
  const network = name && engine.networks.resolve(name);
  if (!network) return;
  const config = endpoints[network.Name] ?? endpoints[c.hostConfig.NetworkMode] ?? {};
  addEndpoint(c, network, {
    Aliases: (config.Aliases as string[]) ?? null,
    Links: (config.Links as string[]) ?? null,
    // Under `blind18-create-endpoint-ipam-wrong-field` the entry is read under the network create field's name (`IPAM`).
    IPAMConfig: (config[engine.faults.has('blind18-create-endpoint-ipam-wrong-field') ? 'IPAM' : 'IPAMConfig'] as { IPv4Address?: string }) ?? null,
  });
}

/** Whether the mounts of a create need volumes: Config.Volumes entries or Binds that name a volume, not a host path. */
function makesVolumes(config: ContainerConfig, binds: string[]): boolean {
  return Object.keys(config.Volumes ?? {}).length > 0 || binds.some((bind) => !bind.startsWith('/'));
}

/** Anonymous volumes for Config.Volumes; Binds are host paths or (1.22) volume names. */
function buildMounts(engine: Engine, version: ApiVersion, config: ContainerConfig, binds: string[]): { mounts: MountPoint[]; createdVolumes: string[] } {
  const mounts: MountPoint[] = [];
  const createdVolumes: string[] = [];
  const volumeMount = (name: string, destination: string, mode: string): MountPoint => {
    const { volume, created } = engine.volumes.create({ Name: name });
    if (created) createdVolumes.push(volume.Name);
    return { Name: volume.Name, Source: volume.Mountpoint, Destination: destination, Driver: volume.Driver, Mode: mode, RW: mode !== 'ro', Propagation: '' };
  };
  for (const bind of binds) {
    const [source = '', destination = '', mode = ''] = bind.split(':');
    if (!destination.startsWith('/') || (mode && !['ro', 'rw', 'z', 'Z'].includes(mode))) throw new HttpError(400, `Invalid volume specification: ${bind}`);
    if (source.startsWith('/'))
      mounts.push({ Name: '', Source: source, Destination: destination, Driver: '', Mode: mode, RW: mode !== 'ro', Propagation: 'rprivate' });
    else if (version === '1.22' && /^[a-zA-Z0-9][a-zA-Z0-9_.-]+$/.test(source)) mounts.push(volumeMount(source, destination, mode));
    else throw new HttpError(400, `Invalid volume specification: ${bind}`);
  }
  for (const destination of Object.keys(config.Volumes ?? {})) {
    if (!mounts.some((m) => m.Destination === destination)) mounts.push(volumeMount('', destination, ''));
  }
  return { mounts, createdVolumes };
}

/** VolumesFrom `<container>[:ro|rw]`: that container's mount points, read-only with `:ro`. */
function volumesFrom(engine: Engine, entries: readonly string[], own: readonly MountPoint[]): MountPoint[] {
  const added: MountPoint[] = [];
  const faults = engine.faults;
  for (const entry of faults.has('volumes-from-first-only') ? entries.slice(0, 1) : entries) {
    // Under `volumes-from-rw-misparsed` only a `:ro` suffix is split off: `name:rw` is looked up as a container name.
    const [ref = '', mode = ''] = faults.has('volumes-from-rw-misparsed') ? (entry.endsWith(':ro') ? [entry.slice(0, -3), 'ro'] : [entry]) : entry.split(':');
    const source = engine.containers.resolve(ref);
    if (!source) throw new HttpError(404, `No such container: ${ref}`);
    if (mode && !['ro', 'rw'].includes(mode)) throw new HttpError(400, `invalid mode for volumes-from: ${mode}`);
    for (const m of source.mounts) {
      if ([...own, ...added].some((o) => o.Destination === m.Destination)) continue;
      // Under `blind30-volumes-from-ro-binds-writable` the mode is applied to the source's volumes only: its bind mounts are copied as they are.
      if (m.Name === '' && faults.has('blind30-volumes-from-ro-binds-writable')) {
        added.push({ ...m });
        continue;
      }
      added.push({ ...m, RW: mode === 'ro' || faults.has('volumes-from-always-ro') ? false : m.RW, Mode: mode || m.Mode });
    }
  }
  return added;
}
