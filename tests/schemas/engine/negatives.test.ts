import { describe, expect, test } from 'vitest';
import { validExamples } from './examples/index.ts';
import { VERSIONS, clone, findings, problemPointers, setOf, validator, type EngineVersion } from './support.ts';

const example = (v: EngineVersion, name: string, i = 0): Record<string, unknown> => clone(validExamples(v)[name][i]) as Record<string, unknown>;
const withField = (v: EngineVersion, name: string, patch: Record<string, unknown>) => ({ ...example(v, name), ...patch });

describe.each(VERSIONS)('engine %s: every schema rejects a value of the wrong JSON type', (version) => {
  test.each(validator.names(setOf(version)))('%s', (name) => {
    const sample = validExamples(version)[name][0];
    const wrong = Array.isArray(sample) ? { not: 'a list' } : typeof sample === 'string' ? 42 : ['not', 'an object'];
    expect(problemPointers(version, name, wrong)).toContain('/');
  });
});

describe('1.18 and 1.22 differ in type', () => {
  test.each(['Debug', 'IPv4Forwarding', 'MemoryLimit', 'SwapLimit'])('info %s: integer in 1.18, boolean in 1.22', (field) => {
    expect(problemPointers('1.18', 'info', withField('1.18', 'info', { [field]: true }))).toEqual([`/${field}`]);
    expect(problemPointers('1.22', 'info', withField('1.22', 'info', { [field]: 1 }))).toEqual([`/${field}`]);
  });
  test('stats: 1.18 has network, 1.22 networks and precpu_stats', () => {
    const s18 = example('1.18', 'stats');
    const s22 = example('1.22', 'stats');
    expect(problemPointers('1.22', 'stats', s18)).toEqual(expect.arrayContaining(['/networks', '/precpu_stats']));
    expect(problemPointers('1.18', 'stats', s22)).toEqual(expect.arrayContaining(['/network', '/cpu_stats/throttling_data']));
  });
  test('1.18 throttling_data is an empty object', () => {
    const s = example('1.18', 'stats');
    (s.cpu_stats as Record<string, unknown>).throttling_data = { periods: 0 };
    expect(problemPointers('1.18', 'stats', s)).toEqual(['/cpu_stats/throttling_data']);
  });
  test('a 1.22 event misses nothing in 1.18, but a 1.18 event lacks Type/Action/Actor/timeNano in 1.22', () => {
    expect(problemPointers('1.22', 'event', example('1.18', 'event'))).toEqual(['/Type', '/Action', '/Actor', '/timeNano']);
    expect(findings('1.18', 'event', example('1.22', 'event')).map((f) => f.kind)).not.toContain('problem');
  });
  const inspectNeeds =
    'inspect: 1.18 needs ExecDriver, Volumes, VolumesRW, Config.PortSpecs, HostConfig.LxcConf; 1.22 needs Mounts, State.Dead/Status, Config.StopSignal';
  test(inspectNeeds, () => {
    expect(problemPointers('1.18', 'container-inspect', example('1.22', 'container-inspect'))).toEqual(
      expect.arrayContaining(['/ExecDriver', '/Volumes', '/VolumesRW', '/Config/PortSpecs']),
    );
    const i22 = example('1.22', 'container-inspect');
    delete (i22.HostConfig as Record<string, unknown>).LxcConf;
    expect(problemPointers('1.22', 'container-inspect', i22)).toEqual([]);
    expect(problemPointers('1.22', 'container-inspect', example('1.18', 'container-inspect'))).toEqual(
      expect.arrayContaining(['/Mounts', '/State/Dead', '/State/Status', '/Config/StopSignal', '/NetworkSettings/Networks']),
    );
  });
  test('LxcConf: a map in the 1.18 create request, a list in the 1.18 inspect', () => {
    expect(problemPointers('1.18', 'host-config', { LxcConf: [] })).toEqual(['/LxcConf']);
    expect(problemPointers('1.18', 'host-config-inspect', withField('1.18', 'host-config-inspect', { LxcConf: {} }))).toEqual(['/LxcConf']);
  });
  test('image inspect 1.22 lists more fields than 1.18', () => {
    expect(problemPointers('1.22', 'image-inspect', example('1.18', 'image-inspect'))).toEqual(
      expect.arrayContaining([
        '/Comment',
        '/Os',
        '/Architecture',
        '/VendorVersion',
        '/VirtualSize',
        '/Author',
        '/GraphDriver',
        '/RepoDigests',
        '/RepoTags',
        '/Config',
      ]),
    );
  });
  test('history 1.22 needs Tags, Size, Comment', () => {
    expect(problemPointers('1.22', 'image-history-item', example('1.18', 'image-history-item'))).toEqual(['/Tags', '/Size', '/Comment']);
  });
  test('exec inspect: 1.18 carries the Container inspect, 1.22 the listed fields', () => {
    expect(problemPointers('1.18', 'exec-inspect', example('1.22', 'exec-inspect'))).toEqual(['/Container']);
    expect(problemPointers('1.22', 'exec-inspect', example('1.18', 'exec-inspect'))).toEqual(['/CanRemove', '/ContainerID', '/DetachKeys']);
    const e = example('1.18', 'exec-inspect');
    ((e.Container as Record<string, unknown>).State as Record<string, unknown>).Running = 'yes';
    expect(problemPointers('1.18', 'exec-inspect', e)).toEqual(['/Container/State/Running']);
  });
  test('version 1.22 adds BuildTime and Experimental; info 1.22 adds its fields', () => {
    expect(problemPointers('1.22', 'version', example('1.18', 'version'))).toEqual(['/BuildTime', '/Experimental']);
    expect(problemPointers('1.22', 'info', withField('1.18', 'info', { Debug: false, IPv4Forwarding: true, MemoryLimit: true, SwapLimit: false }))).toEqual([
      '/Architecture',
      '/ClusterStore',
      '/ContainersRunning',
      '/ContainersStopped',
      '/ContainersPaused',
      '/CpuCfsPeriod',
      '/CpuCfsQuota',
      '/ExperimentalBuild',
      '/OomKillDisable',
      '/OSType',
      '/Plugins',
      '/ServerVersion',
      '/SystemStatus',
    ]);
  });
  test('the 1.18 create request does not know the 1.22 fields, but lets them through as extras', () => {
    const found = findings('1.18', 'container-create-request', example('1.22', 'container-create-request'));
    expect(found.filter((f) => f.kind === 'problem')).toEqual([]);
    expect(found.map((f) => f.pointer)).toEqual(expect.arrayContaining(['/StopSignal', '/NetworkingConfig', '/HostConfig/Tmpfs', '/HostConfig/BlkioWeight']));
  });
  test('restart policy unless-stopped and log drivers gelf/awslogs/splunk are 1.22 only', () => {
    expect(problemPointers('1.18', 'host-config', { RestartPolicy: { Name: 'unless-stopped' }, LogConfig: { Type: 'gelf' } })).toEqual([
      '/RestartPolicy/Name',
      '/LogConfig/Type',
    ]);
    expect(problemPointers('1.22', 'host-config', { RestartPolicy: { Name: 'unless-stopped' }, LogConfig: { Type: 'gelf' } })).toEqual([]);
  });
});

describe('unions', () => {
  test.each(VERSIONS)('%s Cmd is S or [S]; Entrypoint S, [S] or null', (v) => {
    expect(problemPointers(v, 'container-create-request', { Cmd: null })).toEqual(['/Cmd']);
    expect(problemPointers(v, 'container-create-request', { Cmd: [1] })).toEqual(['/Cmd/0']);
    expect(problemPointers(v, 'container-create-request', { Entrypoint: { a: 1 } })).toEqual(['/Entrypoint']);
    expect(problemPointers(v, 'exec-create-request', { Cmd: 5 })).toEqual(['/Cmd']);
  });
  test('StopSignal is S or unsigned I', () => {
    expect(problemPointers('1.22', 'container-create-request', { StopSignal: 15 })).toEqual([]);
    expect(problemPointers('1.22', 'container-create-request', { StopSignal: -1 })).toEqual(['/StopSignal']);
    expect(problemPointers('1.22', 'container-create-request', { StopSignal: true })).toEqual(['/StopSignal']);
  });
  test.each(VERSIONS)('%s ExecIDs [S] or null', (v) => {
    expect(problemPointers(v, 'container-inspect', withField(v, 'container-inspect', { ExecIDs: 'abc' }))).toEqual(['/ExecIDs']);
  });
  test('history Tags [S] or null', () => {
    expect(problemPointers('1.22', 'image-history-item', withField('1.22', 'image-history-item', { Tags: 'a:b' }))).toEqual(['/Tags']);
  });
  test.each(VERSIONS)('%s auth config: login fields or registrytoken, not both, not neither kind of type', (v) => {
    expect(problemPointers(v, 'auth-config', { username: 'u', password: 'p', registrytoken: 't' })).toContain('/');
    expect(problemPointers(v, 'auth-config', { registrytoken: 5 })).toContain('/registrytoken');
  });
  test.each(VERSIONS)('%s image remove result items have exactly one of Untagged or Deleted', (v) => {
    expect(problemPointers(v, 'image-delete-response', [{ Untagged: 'a', Deleted: 'b' }])).toContain('/0');
    expect(problemPointers(v, 'image-delete-response', [{}])).toContain('/0');
  });
  test.each(VERSIONS)('%s progress and build objects need their identifying key', (v) => {
    expect(problemPointers(v, 'progress-object', { progress: '1 B/ 100 B' })).toContain('/');
    expect(problemPointers(v, 'build-stream-object', { error: 'boom' })).toContain('/');
    expect(problemPointers(v, 'build-stream-object', { error: 'boom', errorDetail: { message: 'boom' } })).toEqual(['/errorDetail/code']);
  });
  test('1.22 network events carry no status, id or from; other events need them', () => {
    const [containerEvent, networkEvent] = validExamples('1.22').event as Record<string, unknown>[];
    expect(problemPointers('1.22', 'event', { ...networkEvent, status: 'connect' })).toContain('/');
    const { from: _from, ...noFrom } = containerEvent;
    expect(problemPointers('1.22', 'event', noFrom)).toContain('/from');
    expect(problemPointers('1.22', 'event', { ...containerEvent, Type: 'plugin' })).toEqual(['/Type']);
  });
});

describe('stated values and limits', () => {
  test.each(VERSIONS)('%s timestamps: ISO 8601 with optional fraction, Go nanoseconds and the zero time pass', (v) => {
    for (const good of ['2015-01-06T15:47:31.485331387Z', '0001-01-01T00:00:00Z', '2015-01-06T15:47:31+01:00'])
      expect(problemPointers(v, 'timestamp', good)).toEqual([]);
    for (const bad of ['2015-01-06 15:47:31', '1420559251', '2015-01-06T15:47:31', 'yesterday']) expect(problemPointers(v, 'timestamp', bad)).toEqual(['/']);
    expect(problemPointers(v, 'container-state', withField(v, 'container-state', { StartedAt: 1420559251 }))).toEqual(['/StartedAt']);
  });
  test.each(VERSIONS)('%s list Created is Unix seconds, inspect Created an ISO string', (v) => {
    expect(problemPointers(v, 'container-list-item', withField(v, 'container-list-item', { Created: '2015-01-06T15:47:31Z' }))).toEqual(['/Created']);
    expect(problemPointers(v, 'container-inspect', withField(v, 'container-inspect', { Created: 1420559251 }))).toEqual(['/Created']);
  });
  test('BlkioWeight 10 to 1000, MemorySwappiness 0 to 100, ShmSize > 0, MemorySwap >= -1 in requests', () => {
    expect(problemPointers('1.22', 'host-config', { BlkioWeight: 5, MemorySwappiness: 101, ShmSize: 0, MemorySwap: -2 })).toEqual([
      '/MemorySwap',
      '/BlkioWeight',
      '/MemorySwappiness',
      '/ShmSize',
    ]);
    expect(problemPointers('1.22', 'container-update-request', { BlkioWeight: 1001 })).toEqual(['/BlkioWeight']);
  });
  test.each(VERSIONS)('%s ports: ExposedPorts keys are <port>/<tcp or udp>, PortBindings HostPort is a string', (v) => {
    expect(new Set(problemPointers(v, 'container-create-request', { ExposedPorts: { '22': {} } }))).toEqual(new Set(['/ExposedPorts']));
    expect(problemPointers(v, 'container-create-request', { ExposedPorts: { '22/tcp': { x: 1 } } })).toEqual(['/ExposedPorts/22~1tcp']);
    expect(problemPointers(v, 'host-config', { PortBindings: { '22/tcp': [{ HostPort: 11022 }] } })).toEqual(['/PortBindings/22~1tcp/0/HostPort']);
  });
  test.each(VERSIONS)('%s changes Kind is 0, 1 or 2', (v) => {
    expect(problemPointers(v, 'container-changes', [{ Path: '/x', Kind: 3 }])).toEqual(['/0/Kind']);
  });
  test('network create: Name is mandatory', () => {
    expect(problemPointers('1.22', 'network-create-request', { Driver: 'bridge' })).toEqual(['/Name']);
  });
  test('network container entries: Name is optional (inspect only), the rest required', () => {
    const net = example('1.22', 'network', 1);
    const [id] = Object.keys(net.Containers as object);
    delete (net.Containers as Record<string, Record<string, unknown>>)[id].EndpointID;
    expect(problemPointers('1.22', 'network', net)).toEqual([`/Containers/${id}/EndpointID`]);
  });
  test('archive error: a non-empty JSON object', () => {
    expect(problemPointers('1.22', 'archive-error', {})).toEqual(['/']);
  });
  test('optional and conditional fields are not required', () => {
    expect(problemPointers('1.22', 'image-list-item', (({ ParentId: _p, ...rest }) => rest)(example('1.22', 'image-list-item')))).toEqual([]);
    expect(problemPointers('1.22', 'container-list-item', (({ SizeRw: _a, SizeRootFs: _b, ...rest }) => rest)(example('1.22', 'container-list-item')))).toEqual(
      [],
    );
  });
  test('vendor identifiers: the docker profile reads DockerRootDir, the neutral one VendorRootDir', async () => {
    const { SchemaValidator } = await import('../../../harness/schema/validator.ts');
    const docker = new SchemaValidator('docker');
    const info = example('1.22', 'info');
    const { VendorRootDir, ...rest } = info;
    expect(docker.validate('engine/1.22', 'info', { ...rest, DockerRootDir: VendorRootDir })).toEqual([]);
    expect(docker.validate('engine/1.22', 'info', info).map((f) => f.pointer)).toContain('/DockerRootDir');
  });
});
