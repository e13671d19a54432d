/** GET /containers/(id)/json shaped per version. */
import { layerSize } from '../fs/filesystem.ts';
import type { ApiVersion } from '../http/router.ts';
import type { Container } from '../state/container.ts';
import type { Engine } from '../state/engine.ts';
import { HOST_CONFIG_FIELDS } from '../state/host-config.ts';
import { endpointView, isoTime, networksView, omitEmptyStartFields, portMap } from './common.ts';

const CONFIG_FIELDS = [
  'Hostname',
  'Domainname',
  'User',
  'AttachStdin',
  'AttachStdout',
  'AttachStderr',
  'Tty',
  'OpenStdin',
  'StdinOnce',
  'Env',
  'Cmd',
  'Entrypoint',
  'Image',
  'Labels',
  'Volumes',
  'WorkingDir',
  'NetworkDisabled',
  'MacAddress',
  'ExposedPorts',
  'OnBuild',
];
const CONFIG_FIELDS_BY_VERSION: Record<ApiVersion, string[]> = {
  '1.18': [...CONFIG_FIELDS, 'PortSpecs'],
  '1.22': [...CONFIG_FIELDS, 'StopSignal'],
};

/** Fields the spec types as a list or a map: shown empty, never null (the spec marks the nullable ones, e.g. Entrypoint). */
const LISTS = new Set([
  'Env',
  'Binds',
  'Links',
  'ExtraHosts',
  'VolumesFrom',
  'CapAdd',
  'CapDrop',
  'Ulimits',
  'SecurityOpt',
  'BlkioWeightDevice',
  'BlkioDeviceReadBps',
  'BlkioDeviceWriteBps',
  'BlkioDeviceReadIOps',
  'BlkioDeviceWriteIOps',
  'GroupAdd',
  'Dns',
  'DnsSearch',
  'DnsOptions',
  'Devices',
]);
const MAPS = new Set(['Volumes', 'ExposedPorts', 'Tmpfs', 'Labels', 'PortBindings']);

function pick(source: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f, source[f] ?? (LISTS.has(f) ? [] : MAPS.has(f) ? {} : null)]));
}

export function configView(c: Container, version: ApiVersion): Record<string, unknown> {
  return pick(c.config, CONFIG_FIELDS_BY_VERSION[version]);
}

export function hostConfigView(c: Container, version: ApiVersion, lxcAsGiven = false): Record<string, unknown> {
  const view = pick(c.hostConfig, HOST_CONFIG_FIELDS[version]);
  const lxc = c.hostConfig.LxcConf;
  const policy = c.hostConfig.RestartPolicy as { Name?: string; MaximumRetryCount?: number };
  // The spec's default restart policy Name is empty ('no' is kept internally).
  view.RestartPolicy = { ...policy, Name: policy.Name === 'no' ? '' : policy.Name };
  // Under `blind33-inspect-lxc-conf-map-echoed` (lxcAsGiven) the stored LxcConf is echoed as the request sent it, a map too.
  if (lxcAsGiven) view.LxcConf = lxc ?? [];
  else view.LxcConf = Array.isArray(lxc) ? lxc : Object.entries((lxc ?? {}) as Record<string, string>).map(([Key, Value]) => ({ Key, Value }));
  return view;
}

function stateView(
  c: Container,
  version: ApiVersion,
  opts: { negativePidAfterExit: boolean; noFraction: boolean; restartingHidden: boolean },
): Record<string, unknown> {
  // Under restarting-never-shown a container waiting for its policy restart reads as exited.
  const s = opts.restartingHidden && c.state.status === 'restarting' ? { ...c.state, status: 'exited' as const } : c.state;
  const time = (date: Date | undefined): string => (opts.noFraction ? isoTime(date).replace(/\.\d+Z$/, 'Z') : isoTime(date));
  const base = {
    Error: s.error,
    ExitCode: s.exitCode,
    FinishedAt: time(s.finishedAt),
    OOMKilled: s.oomKilled,
    Paused: s.status === 'paused',
    Pid: opts.negativePidAfterExit && s.status === 'exited' ? -1 : s.pid,
    Restarting: s.status === 'restarting',
    Running: c.isActive,
    StartedAt: time(s.startedAt),
  };
  return version === '1.18' ? base : { ...base, Dead: s.status === 'dead', Status: s.status };
}

/** @param primaryAddressing `blind8-networks-prefix-of-primary`, passed on to networksView. */
function networkSettingsView(c: Container, version: ApiVersion, primaryAddressing: boolean): Record<string, unknown> {
  const primary = c.networks.get('bridge') ?? [...c.networks.values()][0];
  const ep = primary ? endpointView(primary) : undefined;
  const common = {
    Bridge: '',
    Gateway: ep?.Gateway ?? '',
    IPAddress: ep?.IPAddress ?? '',
    IPPrefixLen: ep?.IPPrefixLen ?? 0,
    MacAddress: ep?.MacAddress ?? '',
    Ports: portMap(c),
  };
  if (version === '1.18') return { ...common, PortMapping: null };
  return {
    ...common,
    SandboxID: c.isRunning ? c.id.split('').reverse().join('') : '',
    HairpinMode: false,
    LinkLocalIPv6Address: '',
    LinkLocalIPv6PrefixLen: 0,
    SandboxKey: c.isRunning ? `/var/run/${'netns'}/${c.shortId}` : '',
    SecondaryIPAddresses: null,
    SecondaryIPv6Addresses: null,
    EndpointID: ep?.EndpointID ?? '',
    GlobalIPv6Address: '',
    GlobalIPv6PrefixLen: 0,
    IPv6Gateway: '',
    Networks: networksView(c, primaryAddressing),
  };
}

/** The files a start writes for the container: empty paths until its first start, kept after it (as Docker 20.10 answers). */
function runtimePaths(engine: Engine, c: Container): Record<'HostnamePath' | 'HostsPath' | 'LogPath' | 'ResolvConfPath', string> {
  const dir = `${engine.rootDir}/containers/${c.id}`;
  const path = (file: string): string => (c.everStarted ? `${dir}/${file}` : '');
  return { HostnamePath: path('hostname'), HostsPath: path('hosts'), LogPath: path(`${c.id}-json.log`), ResolvConfPath: path('resolv.conf') };
}

export function inspectContainer(engine: Engine, c: Container, version: ApiVersion, withSize: boolean): Record<string, unknown> {
  const paths = runtimePaths(engine, c);
  // Under `inspect-1.22-exec-driver` and `inspect-1.18-mounts` a version also gets the other's top-level fields.
  const fields118 = version === '1.18' || engine.faults.has('inspect-1.22-exec-driver');
  const fields122 = version === '1.22' || engine.faults.has('inspect-1.18-mounts');
  const view: Record<string, unknown> = {
    AppArmorProfile: '',
    Args: c.argv.slice(1),
    Config: configView(c, version),
    Created: engine.faults.has('inspect-created-no-fraction') ? c.created.toISOString().replace(/\.\d+Z$/, 'Z') : c.created.toISOString(),
    Driver: 'overlay',
    ...(fields118 ? { ExecDriver: 'native-0.2' } : {}),
    ExecIDs: c.execIds.size ? [...c.execIds] : null,
    HostConfig: hostConfigView(c, version, engine.faults.has('blind33-inspect-lxc-conf-map-echoed')),
    HostnamePath: paths.HostnamePath,
    HostsPath: paths.HostsPath,
    LogPath: paths.LogPath,
    Id: c.id,
    Image: c.imageId,
    MountLabel: '',
    Name: c.name,
    NetworkSettings: networkSettingsView(c, version, engine.faults.has('blind8-networks-prefix-of-primary')),
    Path: c.argv[0] ?? '',
    ProcessLabel: '',
    ResolvConfPath: paths.ResolvConfPath,
    RestartCount: c.restartCount,
    State: stateView(c, version, {
      negativePidAfterExit: engine.faults.has('blind-state-pid-negative-after-exit'),
      noFraction: engine.faults.has('blind3-state-started-no-fraction'),
      restartingHidden: engine.faults.has('restarting-never-shown'),
    }),
  };
  if (engine.faults.has('inspect-drops-State')) delete view.State;
  if (engine.faults.has('unstarted-empty-fields-omitted')) omitEmptyStartFields(view);
  const config = view.Config as Record<string, unknown>;
  if (engine.faults.has('blind3-config-labels-null') && Object.keys(config.Labels ?? {}).length === 0) config.Labels = null;
  if (fields118) {
    view.Volumes = Object.fromEntries(c.mounts.map((m) => [m.Destination, m.Source]));
    view.VolumesRW = Object.fromEntries(c.mounts.map((m) => [m.Destination, m.RW]));
  }
  if (fields122) {
    view.Mounts = c.mounts.map((m) => ({ ...m }));
    // Under `blind7-inspect-size-omitted-never-ran` the sizes are read from the first run's layer, which a container that never ran lacks.
    if (withSize && (c.everStarted || !engine.faults.has('blind7-inspect-size-omitted-never-ran'))) Object.assign(view, sizes(engine, c));
  }
  return view;
}

export function sizes(engine: Engine, c: Container): { SizeRw: number; SizeRootFs: number } {
  const rw = layerSize(c.fs.upper);
  const image = engine.images.resolve(c.imageId);
  return { SizeRw: rw, SizeRootFs: rw + (image?.virtualSize ?? image?.size ?? 0) };
}
