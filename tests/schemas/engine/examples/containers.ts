import type { EngineVersion, ExampleSet } from '../support.ts';

const ID = '8dfafdbc3a40f9d1e3a4c1a2b8f5e6d7c8b9a0f1e2d3c4b5a6978877665544332';
const since122 = <T extends object>(v: EngineVersion, fields: T): T | Record<string, never> => (v === '1.22' ? fields : {});

/** Container create request fields, per version (the spec's "Top level" table). */
export function createRequest(v: EngineVersion): Record<string, unknown> {
  return {
    Hostname: '',
    Domainname: '',
    User: '',
    AttachStdin: false,
    AttachStdout: true,
    AttachStderr: true,
    Tty: false,
    OpenStdin: false,
    StdinOnce: false,
    Env: ['FOO=bar', 'BAZ=quux'],
    Labels: { 'com.example.vendor': 'ACME', 'com.example.version': '1.0' },
    Cmd: ['date'],
    Entrypoint: '',
    Image: 'ubuntu',
    Volumes: { '/volumes/data': {} },
    WorkingDir: '',
    NetworkDisabled: false,
    MacAddress: '12:34:56:78:9a:bc',
    ExposedPorts: { '22/tcp': {} },
    ...since122(v, { StopSignal: 'SIGTERM' }),
    HostConfig: hostConfig(v),
    ...since122(v, {
      NetworkingConfig: {
        EndpointsConfig: {
          isolated_nw: {
            IPAMConfig: { IPv4Address: '172.20.30.33', IPv6Address: '2001:db8:abcd::3033' },
            Links: ['container_1', 'container_2'],
            Aliases: ['server_x', 'server_y'],
          },
        },
      },
    }),
  };
}

/** HostConfig as a client sends it (create body, start body). */
export function hostConfig(v: EngineVersion): Record<string, unknown> {
  return {
    Binds: ['/tmp:/tmp', ...(v === '1.22' ? ['data-volume:/data:ro'] : [])],
    Links: ['redis3:redis'],
    ...(v === '1.18' ? { LxcConf: { 'lxc.utsname': 'docker' } } : {}),
    Memory: 0,
    MemorySwap: 0,
    CpuShares: 512,
    CpusetCpus: '0,1',
    PidMode: '',
    PortBindings: { '22/tcp': [{ HostPort: '11022' }] },
    PublishAllPorts: false,
    Privileged: false,
    ReadonlyRootfs: false,
    Dns: ['8.8.8.8'],
    DnsSearch: [''],
    ExtraHosts: ['db:10.0.0.2'],
    VolumesFrom: ['parent', 'other:ro'],
    CapAdd: ['NET_ADMIN'],
    CapDrop: ['MKNOD'],
    RestartPolicy: { Name: '', MaximumRetryCount: 0 },
    NetworkMode: 'bridge',
    Devices: [{ PathOnHost: '/dev/null', PathInContainer: '/dev/xnull', CgroupPermissions: 'rwm' }],
    Ulimits: [{ Name: 'nofile', Soft: 1024, Hard: 2048 }],
    SecurityOpt: ['label:user:USER'],
    LogConfig: { Type: 'json-file', Config: {} },
    CgroupParent: '',
    ...since122(v, {
      Tmpfs: { '/run': 'rw,noexec,nosuid,size=65536k' },
      MemoryReservation: 0,
      KernelMemory: 0,
      CpuPeriod: 100000,
      CpuQuota: 50000,
      CpusetMems: '0,1',
      BlkioWeight: 300,
      BlkioWeightDevice: [{ Path: '/dev/sda', Weight: 300 }],
      BlkioDeviceReadBps: [{ Path: '/dev/sda', Rate: '1024' }],
      BlkioDeviceWriteBps: [{ Path: '/dev/sda', Rate: 1024 }],
      BlkioDeviceReadIOps: [{ Path: '/dev/sda', Rate: '100' }],
      BlkioDeviceWriteIOps: [{ Path: '/dev/sda', Rate: '100' }],
      MemorySwappiness: 60,
      OomKillDisable: false,
      OomScoreAdj: 500,
      DnsOptions: ['ndots:2'],
      GroupAdd: ['newgroup'],
      VolumeDriver: '',
      ShmSize: 67108864,
    }),
  };
}

/** HostConfig as inspect returns it: every create field, LxcConf as a list, ContainerIDFile, IpcMode. */
export function hostConfigInspect(v: EngineVersion): Record<string, unknown> {
  return { ...hostConfig(v), LxcConf: [], ContainerIDFile: '', IpcMode: '' };
}

export function containerConfig(v: EngineVersion): Record<string, unknown> {
  const { HostConfig: _h, NetworkingConfig: _n, ...config } = createRequest(v);
  return { ...config, Entrypoint: null, OnBuild: null, ...(v === '1.18' ? { PortSpecs: null } : {}) };
}

export function containerState(v: EngineVersion): Record<string, unknown> {
  return {
    Error: '',
    ExitCode: 9,
    FinishedAt: '2015-01-06T15:47:32.080254511Z',
    OOMKilled: false,
    Paused: false,
    Pid: 0,
    Restarting: false,
    Running: true,
    StartedAt: '2015-01-06T15:47:32.072697474Z',
    ...since122(v, { Dead: false, Status: 'running' }),
  };
}

export function endpointSettings(): Record<string, unknown> {
  return {
    IPAMConfig: { IPv4Address: '172.17.0.2' },
    Links: ['db:db'],
    Aliases: ['web'],
    NetworkID: '7ea29fc1412292a2d7bba362f9253545fecdfa8ce9a6e37dd10ba8bee7129812',
    EndpointID: '2cdc4edb1ded3631c81f57966563e5c8525b81121bb3706a9a9a3ae102711f3f',
    Gateway: '172.17.0.1',
    IPAddress: '172.17.0.2',
    IPPrefixLen: 16,
    IPv6Gateway: '',
    GlobalIPv6Address: '',
    GlobalIPv6PrefixLen: 0,
    MacAddress: '02:42:ac:11:00:02',
  };
}

export function networkSettings(v: EngineVersion): Record<string, unknown> {
  const ports = { '22/tcp': [{ HostIp: '0.0.0.0', HostPort: '11022' }] };
  if (v === '1.18')
    return {
      Bridge: 'docker0',
      Gateway: '172.17.42.1',
      IPAddress: '172.17.0.2',
      IPPrefixLen: 16,
      MacAddress: '02:42:ac:11:00:02',
      PortMapping: null,
      Ports: ports,
    };
  return {
    Bridge: '',
    SandboxID: '',
    HairpinMode: false,
    LinkLocalIPv6Address: '',
    LinkLocalIPv6PrefixLen: 0,
    Ports: ports,
    SandboxKey: '',
    SecondaryIPAddresses: null,
    SecondaryIPv6Addresses: null,
    EndpointID: '',
    Gateway: '',
    GlobalIPv6Address: '',
    GlobalIPv6PrefixLen: 0,
    IPAddress: '',
    IPPrefixLen: 0,
    IPv6Gateway: '',
    MacAddress: '',
    Networks: { bridge: endpointSettings() },
  };
}

export function containerInspect(v: EngineVersion): Record<string, unknown> {
  return {
    AppArmorProfile: '',
    Args: ['-c', 'exit 9'],
    Config: containerConfig(v),
    Created: '2015-01-06T15:47:31.485331387Z',
    Driver: 'devicemapper',
    ExecIDs: null,
    HostConfig: hostConfigInspect(v),
    HostnamePath: '/var/lib/vendor/containers/ba033ac4401106a3b513bc9d639eee123ad78ca3616b921167cd74b20e25ed39/hostname',
    HostsPath: '/var/lib/vendor/containers/ba033ac4401106a3b513bc9d639eee123ad78ca3616b921167cd74b20e25ed39/hosts',
    LogPath:
      '/var/lib/vendor/containers/1eb5fabf5a03807136561b3c00adcd2992b535d624d5e18b6cdc6a6844d9767b/' +
      '1eb5fabf5a03807136561b3c00adcd2992b535d624d5e18b6cdc6a6844d9767b-json.log',
    Id: 'ba033ac4401106a3b513bc9d639eee123ad78ca3616b921167cd74b20e25ed39',
    Image: '04c5d3b7b0656168630d3ba35d8889bd0e9caafcaeb3004d2bfbc47e7c5d35d2',
    MountLabel: '',
    Name: '/boring_euclid',
    NetworkSettings: networkSettings(v),
    Path: '/bin/sh',
    ProcessLabel: '',
    ResolvConfPath: '/var/lib/vendor/containers/ba033ac4401106a3b513bc9d639eee123ad78ca3616b921167cd74b20e25ed39/resolv.conf',
    RestartCount: 1,
    State: containerState(v),
    ...(v === '1.18'
      ? { ExecDriver: 'native-0.2', Volumes: {}, VolumesRW: {} }
      : { Mounts: [{ Name: 'fac362...80535', Source: '/data', Destination: '/data', Driver: 'local', Mode: 'ro,Z', RW: false, Propagation: '' }] }),
  };
}

export function containerListItem(v: EngineVersion): Record<string, unknown> {
  return {
    Id: ID,
    Names: ['/boring_feynman'],
    Image: 'ubuntu:latest',
    Command: 'echo 1',
    Created: 1367854155,
    Status: 'Exit 0',
    Ports: [{ PrivatePort: 2222, PublicPort: 3333, Type: 'tcp' }],
    Labels: { 'com.example.vendor': 'Acme' },
    SizeRw: 12288,
    SizeRootFs: 0,
    ...since122(v, {
      ImageID: 'd74508fb6632491cea586a1fd7d748dfc5274cd6fdfedee309ecdcbc2bf5cb82',
      HostConfig: { NetworkMode: 'default' },
      NetworkSettings: { Networks: { bridge: endpointSettings() } },
    }),
  };
}

function stats(v: EngineVersion): Record<string, unknown> {
  const counters = { rx_bytes: 5338, rx_dropped: 0, rx_errors: 0, rx_packets: 36, tx_bytes: 648, tx_dropped: 0, tx_errors: 0, tx_packets: 8 };
  const cpu = (total: number) => ({
    cpu_usage: { percpu_usage: [16970827, 1839451, 7107380, 10571290], usage_in_usermode: 50000000, total_usage: total, usage_in_kernelmode: 370000000 },
    system_cpu_usage: 9492140000000,
    throttling_data: v === '1.18' ? {} : { periods: 0, throttled_periods: 0, throttled_time: 0 },
  });
  return {
    read: '2015-01-08T22:57:31.547920715Z',
    memory_stats: { stats: { total_pgmajfault: 0, cache: 0, mapped_file: 0 }, max_usage: 6651904, usage: 6537216, failcnt: 0, limit: 67108864 },
    blkio_stats: {},
    cpu_stats: cpu(36488948),
    ...(v === '1.18' ? { network: counters } : { networks: { eth0: counters, eth5: counters }, precpu_stats: cpu(36488000) }),
  };
}

export function containerExamples(v: EngineVersion): ExampleSet {
  const minimalCreate = { Image: 'busybox', Cmd: 'date' };
  const set: ExampleSet = {
    'container-create-request': [createRequest(v), minimalCreate, { Image: 'busybox', Cmd: ['sh', '-c', 'true'], Entrypoint: ['/bin/sh'] }, {}],
    'container-create-response': [{ Id: 'e90e34656806', Warnings: [] }],
    'host-config': [hostConfig(v), {}, { RestartPolicy: { Name: 'on-failure', MaximumRetryCount: 3 }, MemorySwap: -1 }],
    'host-config-inspect': [hostConfigInspect(v)],
    'container-config': [containerConfig(v), { ...containerConfig(v), Cmd: 'date', Entrypoint: ['/entry'] }],
    'container-state': [containerState(v), { ...containerState(v), Running: false, StartedAt: '0001-01-01T00:00:00Z', FinishedAt: '0001-01-01T00:00:00Z' }],
    'network-settings': [networkSettings(v)],
    'container-inspect': [containerInspect(v), { ...containerInspect(v), ExecIDs: ['a1b2'], Created: '2015-01-06T15:47:31+01:00' }],
    'container-list-item': [containerListItem(v), (({ SizeRw: _a, SizeRootFs: _b, ...rest }) => rest)(containerListItem(v))],
    'container-list': [[containerListItem(v)], []],
    'container-top': [
      {
        Titles: ['UID', 'PID', 'PPID', 'C', 'STIME', 'TTY', 'TIME', 'CMD'],
        Processes: [
          ['root', '13642', '882', '0', '17:03', 'pts/0', '00:00:00', '/bin/bash'],
          ['root', '13735', '13642', '0', '17:06', 'pts/0', '00:00:00', 'sleep 10'],
        ],
      },
    ],
    'container-changes': [
      [
        { Path: '/dev', Kind: 0 },
        { Path: '/dev/kmsg', Kind: 1 },
        { Path: '/test', Kind: 2 },
      ],
      [],
    ],
    'container-changes-item': [{ Path: '/dev', Kind: 0 }],
    'container-wait': [{ StatusCode: 0 }],
    'copy-request': [{ Resource: 'test.txt' }, {}],
    stats: [stats(v)],
  };
  if (v === '1.22') {
    Object.assign(set, {
      'endpoint-settings': [endpointSettings()],
      'container-update-request': [
        {
          BlkioWeight: 300,
          CpuShares: 512,
          CpuPeriod: 100000,
          CpuQuota: 50000,
          CpusetCpus: '0,1',
          CpusetMems: '0',
          Memory: 314572800,
          MemorySwap: 514288000,
          MemoryReservation: 209715200,
          KernelMemory: 52428800,
        },
        {},
      ],
      'container-update-response': [{ Warnings: [] }],
      'archive-path-stat': [{ name: 'root', size: 4096, mode: 2147484096, mtime: '2014-02-27T20:51:23Z', linkTarget: '' }],
      'archive-error': [{ message: 'Could not find the file /no/such in container c1' }],
    });
  }
  return set;
}
