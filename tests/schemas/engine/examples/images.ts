import type { EngineVersion, ExampleSet } from '../support.ts';
import { containerConfig } from './containers.ts';

const IMAGE_ID = '8dbd9e392a964056420e5d58ca5cc376ef18e2de93b5cc90e868a1bbc8318c1c';

function listItem(v: EngineVersion): Record<string, unknown> {
  return {
    RepoTags: ['ubuntu:12.04', 'ubuntu:precise', 'ubuntu:latest'],
    Id: IMAGE_ID,
    ParentId: '27cf784147099545',
    Created: 1365714795,
    Size: 131506275,
    VirtualSize: 131506275,
    ...(v === '1.22' ? { Labels: {} } : {}),
  };
}

function inspect(v: EngineVersion): Record<string, unknown> {
  const common = {
    Id: IMAGE_ID,
    Container: 'cb91e48a60d01f1e27028b4fc6819f4f290b3cf12496c8176ec714d0d390984a',
    Parent: '27cf784147099545',
    Size: 6824592,
    Created: '2013-03-23T22:24:18.818426-07:00',
  };
  if (v === '1.18') return { ...common, ContainerConfig: containerConfig('1.18') };
  return {
    ...common,
    Comment: '',
    Os: 'linux',
    Architecture: 'amd64',
    ContainerConfig: containerConfig('1.22'),
    VendorVersion: '1.9.0-dev',
    VirtualSize: 188359297,
    Author: '',
    GraphDriver: { Name: 'aufs', Data: {} },
    RepoDigests: ['localhost:5000/test/busybox/example@sha256:cbbf2f9a99b47fc460d422812b6a5adff7dfee951d8fa2e4a98caa0382cfbdbf'],
    RepoTags: ['example:1.0', 'example:latest', 'example:stable'],
    Config: containerConfig('1.22'),
  };
}

function historyItem(v: EngineVersion): Record<string, unknown> {
  const base = {
    Id: '3db9c44f45209632d6050b35958829c3a2aa256d81b9a7be45b362ff85c54710',
    Created: 1398108230,
    CreatedBy: '/bin/sh -c #(nop) ADD file:eb15dbd63394e063b805a3c32ca7bf0266ef64676d5a6fab4801f2e81e2a5148 in /',
  };
  return v === '1.22' ? { ...base, Tags: ['ubuntu:lucid', 'ubuntu:10.04'], Size: 182964289, Comment: '' } : base;
}

export function imageExamples(v: EngineVersion): ExampleSet {
  const progress = [
    { status: 'Pulling...' },
    { status: 'Pulling', progress: '1 B/ 100 B', progressDetail: { current: 1, total: 100 } },
    { error: 'Invalid...' },
    { stream: 'Step 1/2 : FROM busybox\n' },
  ];
  return {
    'image-list-item': [
      listItem(v),
      { ...listItem(v), RepoDigests: ['localhost:5000/test/busybox@sha256:cbbf2f9a99b47fc460d422812b6a5adff7dfee951d8fa2e4a98caa0382cfbdbf'] },
      (({ ParentId: _p, ...rest }) => rest)(listItem(v)),
    ],
    'image-list': [[listItem(v)], []],
    'image-inspect': [inspect(v)],
    'image-history-item': [historyItem(v), ...(v === '1.22' ? [{ ...historyItem(v), Tags: null }] : [])],
    'image-history': [[historyItem(v)], []],
    'image-delete-response': [[{ Untagged: '3e2f21a89f' }, { Deleted: '3e2f21a89f' }, { Deleted: '53b4f83ac9' }], []],
    'image-search-response': [
      [
        { description: '', is_official: false, is_automated: false, name: 'wma55/u1210sshd', star_count: 0 },
        { description: '', is_official: true, is_automated: false, name: 'ubuntu', star_count: 2000 },
      ],
    ],
    'progress-object': progress,
    'build-stream-object': [
      { stream: 'Step 1/5 : FROM busybox\n' },
      { status: 'Downloading', progress: '[===>   ]', progressDetail: { current: 10, total: 100 } },
      { error: 'Error...', errorDetail: { code: 123, message: 'Error...' } },
    ],
    'commit-request': [
      {
        Hostname: '',
        Domainname: '',
        User: '',
        AttachStdin: false,
        AttachStdout: true,
        AttachStderr: true,
        Tty: false,
        OpenStdin: false,
        StdinOnce: false,
        Env: ['PATH=/bin'],
        Cmd: ['date'],
        WorkingDir: '',
        NetworkDisabled: false,
        ExposedPorts: { '22/tcp': {} },
        ...(v === '1.18'
          ? { PortSpecs: null, Volumes: { '/tmp': {} } }
          : { Mounts: [{ Source: '/data', Destination: '/data', Mode: 'ro,Z', RW: false }], Labels: { key1: 'value1' } }),
      },
      {},
    ],
    'commit-response': [{ Id: '596069db4bf5' }],
  };
}
