import type { EngineVersion, ExampleSet } from '../support.ts';
import { containerInspect } from './containers.ts';

const EXEC_ID = 'f90e34656806';
const processConfig = { arguments: ['-c', 'exit 2'], entrypoint: 'sh', privileged: false, tty: true, user: '1000' };

function execInspect(v: EngineVersion): Record<string, unknown> {
  const common = { ID: EXEC_ID, Running: false, ExitCode: 2, ProcessConfig: processConfig, OpenStdin: false, OpenStderr: true, OpenStdout: true };
  return v === '1.18'
    ? { ...common, Container: containerInspect('1.18') }
    : { ...common, CanRemove: false, ContainerID: 'b53ee82b53a40c7dca428523e34f741f3abc51d9f297a14ff874bf761b995126', DetachKeys: '' };
}

function info(v: EngineVersion): Record<string, unknown> {
  const flag = (on: boolean) => (v === '1.18' ? (on ? 1 : 0) : on);
  return {
    Containers: 11,
    Debug: flag(false),
    VendorRootDir: '/var/lib/vendor',
    Driver: 'btrfs',
    DriverStatus: [['', '']],
    ExecutionDriver: 'native-0.1',
    HttpProxy: 'http://test:test@localhost:8080',
    HttpsProxy: 'https://test:test@localhost:8080',
    ID: '7TRN:IPZB:QYBB:VPBQ:UWYG:KLEG:PTLM:A3NA:3JHJ:5IK4:4QSW:EBTS',
    IPv4Forwarding: flag(true),
    Images: 16,
    IndexServerAddress: 'https://index.vendor.io/v1/',
    InitPath: '/usr/bin/vendor',
    InitSha1: '',
    KernelVersion: '3.12.0-1-amd64',
    Labels: ['storage=ssd'],
    MemTotal: 2099236864,
    MemoryLimit: flag(true),
    NCPU: 1,
    NEventsListener: 0,
    NFd: 11,
    NGoroutines: 21,
    Name: 'prod-server-42',
    NoProxy: '9.81.1.160',
    OperatingSystem: 'Boot2Docker',
    RegistryConfig: { IndexConfigs: { 'vendor.io': { Mirrors: [], Name: 'vendor.io', Official: true, Secure: true } }, InsecureRegistryCIDRs: ['127.0.0.0/8'] },
    SwapLimit: flag(false),
    SystemTime: '2015-03-10T11:11:23.730591467-07:00',
    ...(v === '1.22'
      ? {
          Architecture: 'x86_64',
          ClusterStore: 'etcd://localhost:2379',
          ContainersRunning: 6,
          ContainersStopped: 3,
          ContainersPaused: 2,
          CpuCfsPeriod: true,
          CpuCfsQuota: true,
          ExperimentalBuild: false,
          OomKillDisable: true,
          OSType: 'linux',
          Plugins: { Volume: ['local'], Network: ['null', 'host', 'bridge'] },
          ServerVersion: '1.9.0',
          SystemStatus: [['State', 'Healthy']],
        }
      : {}),
  };
}

function events(v: EngineVersion): unknown[] {
  const id = 'dfdf82bd3881';
  if (v === '1.18')
    return [
      { status: 'create', id, from: 'base:latest', time: 1374067924 },
      { status: 'untag', id, from: 'base:latest', time: 1374067970 },
    ];
  const actor = {
    ID: 'ede54ee1afda366ab42f824e8a5ffd195155d853ceaec74a927f249ea270c743',
    Attributes: { com_example_some_label: 'some_label_value', image: 'alpine', name: 'my-container' },
  };
  return [
    { status: 'create', id: actor.ID, from: 'alpine', Type: 'container', Action: 'create', Actor: actor, time: 1461943101, timeNano: 1461943101381709600 },
    {
      Type: 'network',
      Action: 'connect',
      Actor: { ID: '7dc8ac97d5d29ef6c31b6052f3938c1e8f2749abbd17d1bd1febf2608db1b474', Attributes: { container: actor.ID, name: 'bridge', type: 'bridge' } },
      time: 1461943101,
      timeNano: 1461943101394865700,
    },
    {
      status: 'pull',
      id: 'alpine:latest',
      from: '',
      Type: 'image',
      Action: 'pull',
      Actor: { ID: 'alpine:latest', Attributes: { name: 'alpine' } },
      time: 1461943101,
      timeNano: 1461943101301854200,
    },
  ];
}

export function execSystemExamples(v: EngineVersion): ExampleSet {
  return {
    'exec-create-request': [
      {
        AttachStdin: false,
        AttachStdout: true,
        AttachStderr: true,
        Tty: false,
        Cmd: ['date'],
        ...(v === '1.22' ? { DetachKeys: 'ctrl-p,ctrl-q', Privileged: true, User: '123:456' } : {}),
      },
      { Cmd: 'date' },
      {},
    ],
    'exec-create-response': [{ Id: EXEC_ID, Warnings: [] }],
    'exec-start-request': [{ Detach: false, Tty: false }, {}],
    'exec-inspect': [execInspect(v)],
    'auth-request': [{ username: 'hannibal', password: 'xxxx', email: 'hannibal@a-team.com', serveraddress: 'https://index.vendor.io/v1/' }, {}],
    'auth-config': [{ username: 'jdoe', password: 'secret', email: 'jdoe@acme.com' }, { registrytoken: '9cbaf023786cd7...' }],
    'registry-config': [
      {
        'docker.example.com': { username: 'janedoe', password: 'hunter2' },
        'https://index.vendor.io/v1/': { username: 'mobydock', password: 'conta1n3rize14' },
      },
      {},
    ],
    info: [info(v)],
    version: [
      {
        Version: '1.5.0',
        Os: 'linux',
        KernelVersion: '3.18.5-tinycore64',
        GoVersion: 'go1.4.1',
        GitCommit: 'a8a31ef',
        Arch: 'amd64',
        ApiVersion: v,
        ...(v === '1.22' ? { BuildTime: '2015-12-01T07:09:13.444803460+00:00', Experimental: true } : {}),
      },
    ],
    event: events(v),
  };
}
