import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { isJsonObject } from '../../../harness/protocol/json-value.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { engineCheck, type EngineCheck } from '../support/check.ts';
import { createBody, createRaw, expectFieldsStored, holds, holdsEachOnce, LABELING_OPTIONS, type FieldCase } from '../support/container-data.ts';
import type { EngineContext } from '../support/context.ts';

const R = 'engine/containers/create/';

/**
 * Whether one item of a list carries the setting key=value in a plain form: an object of the two
 * ({Key, Value} or another naming), a one-entry map, a [key, value] pair or a string `key=value`
 * (or `key:value`, `key value`).
 */
function carriesSetting(item: unknown, key: string, value: string): boolean {
  if (typeof item === 'string') return item.startsWith(key) && item.slice(key.length).trim().replace(/^[=:]/, '').trim() === value;
  if (Array.isArray(item)) return item.length === 2 && item[0] === key && item[1] === value;
  if (!isJsonObject(item)) return false;
  const values = Object.values(item);
  return (values.length === 2 && values.includes(key) && values.includes(value)) || (values.length === 1 && item[key] === value);
}

/**
 * (1.18) Inspect shows LxcConf "as a list" (the spec), item shape not shown: a list in which each
 * setting sent in the create map is carried by an item, in any of the plain forms.
 */
function listsSettings(sent: Record<string, string>): (stored: unknown) => boolean {
  return (stored) => Array.isArray(stored) && Object.entries(sent).every(([key, value]) => stored.some((item) => carriesSetting(item, key, value)));
}

/** Config fields of the create request (spec: Resources > Container create request, top level). */
function configCases(version: EngineVersion, image: string): FieldCase[] {
  const cases: FieldCase[] = [
    { requirement: `${R}body-hostname`, field: 'Hostname', value: 'conformance-host' },
    { requirement: `${R}body-domainname`, field: 'Domainname', value: 'example.test' },
    { requirement: `${R}body-user`, field: 'User', value: '1234' },
    { requirement: `${R}body-attach-flags`, field: 'AttachStdin', value: true },
    { requirement: `${R}body-attach-flags`, field: 'AttachStdout', value: true },
    { requirement: `${R}body-attach-flags`, field: 'AttachStderr', value: true },
    { requirement: `${R}body-tty`, field: 'Tty', value: true },
    { requirement: `${R}body-open-stdin`, field: 'OpenStdin', value: true },
    { requirement: `${R}body-open-stdin`, field: 'StdinOnce', value: true },
    // The target may add variables of its own (PATH); what was sent must be there, each once.
    listCase(`${R}body-env`, 'Env', ['CONFORMANCE_A=1', 'CONFORMANCE_B=two words'], true),
    { requirement: `${R}body-labels`, field: 'Labels', value: { 'conformance.field': 'label value' } },
    // Two items, in order: the script and the $0 the shell gives it.
    { requirement: `${R}body-cmd`, field: 'Cmd', value: ['exit 0', 'conformance-arg0'] },
    { requirement: `${R}body-entrypoint`, field: 'Entrypoint', value: ['sh', '-c'] },
    { requirement: `${R}body-image`, field: 'Image', value: image },
    { requirement: `${R}body-volumes`, field: 'Volumes', value: { '/conformance-vol': {} } },
    { requirement: `${R}body-working-dir`, field: 'WorkingDir', value: '/conformance-work' },
    { requirement: `${R}body-network-disabled`, field: 'NetworkDisabled', value: true },
    { requirement: `${R}body-mac-address`, field: 'MacAddress', value: '02:42:ac:11:00:99' },
    { requirement: `${R}body-exposed-ports`, field: 'ExposedPorts', value: { '8080/tcp': {}, '53/udp': {} } },
  ];
  if (version === '1.22') cases.push({ requirement: `${R}body-stop-signal`, field: 'StopSignal', value: 'SIGUSR1' });
  return cases;
}

/** `name:alias` as sent, or the `/name:/container/alias` form some targets store. */
function linkHolds(stored: unknown, name: string, alias: string): boolean {
  return [`${name}:${alias}`, `/${name}:/`].some((form) => String(stored).startsWith(form)) && String(stored).endsWith(alias);
}

/** One link per helper (`<helper>:helperalias<i>`), each stored once, in any order (the spec states none). */
function linkCase(helpers: readonly string[]): FieldCase {
  const links = helpers.map((h, i) => [h, `helperalias${i}`] as const);
  return {
    requirement: `${R}host-config-links`,
    field: 'Links',
    value: links.map(([h, alias]) => `${h}:${alias}`),
    matches: (stored) =>
      Array.isArray(stored) && stored.length === links.length && links.every(([h, alias]) => stored.filter((s) => linkHolds(s, h, alias)).length === 1),
  };
}

/** A list field sent with two items, stored in any order (the spec states none), each once. */
function listCase(requirement: string, field: string, value: unknown[], extras = false): FieldCase {
  return { requirement, field, value, matches: holdsEachOnce(value, extras) };
}

/**
 * Two devices with their rates (the second 0, no limit: shown as 0, not left out), in any order,
 * each once; sent as numbers or, `quoted`, as the spec writes them ("Rate appears as a quoted
 * number"); a stored Rate is read by its meaning, quoted or not.
 */
function rateCase(field: string, rates: readonly [number, number], quoted = false): FieldCase {
  const value = [
    { Path: '/dev/null', Rate: quoted ? String(rates[0]) : rates[0] },
    { Path: '/dev/zero', Rate: quoted ? String(rates[1]) : rates[1] },
  ];
  const same = (s: unknown, v: (typeof value)[number]): boolean => isJsonObject(s) && s.Path === v.Path && Number(s.Rate) === Number(v.Rate);
  return {
    requirement: `${R}host-config-blkio-device-rates`,
    field,
    value,
    matches: (stored) => Array.isArray(stored) && stored.length === value.length && value.every((v) => stored.filter((s) => same(s, v)).length === 1),
  };
}

const RATES: ReadonlyArray<readonly [string, readonly [number, number]]> = [
  ['BlkioDeviceReadBps', [1048576, 0]],
  ['BlkioDeviceWriteBps', [2097152, 0]],
  ['BlkioDeviceReadIOps', [100, 0]],
  ['BlkioDeviceWriteIOps', [200, 0]],
];

/** The four device rate fields, each with two devices; quoted (the spec's form) unless told otherwise. */
export function deviceRateCases(quoted = true): FieldCase[] {
  return RATES.map(([field, rates]) => rateCase(field, rates, quoted));
}

/** Two host ports for one container port, in any order (the spec states none). */
const PORT_BINDINGS = [{ HostPort: '18080' }, { HostPort: '18081' }];

/**
 * A binding to any host port (HostPort ""): its item is still {HostPort S}, shown "" or with the
 * port a target picked at create, never without HostPort.
 */
function anyHostPortHeld(stored: unknown): boolean {
  if (!Array.isArray(stored) || stored.length !== 1 || !isJsonObject(stored[0])) return false;
  const port = stored[0].HostPort;
  return typeof port === 'string' && /^\d*$/.test(port);
}

/**
 * HostConfig fields of the create request (spec: Resources > HostConfig fields), but for the device
 * rates, whose Rate form the spec shows only quoted: they have checks of their own (rateCheck), so
 * that a target that takes only that form does not refuse the whole group. `helpers`: running
 * containers with a volume each, which Links and VolumesFrom name (two, so that a list cut to one shows).
 */
export function hostConfigCases(version: EngineVersion, helpers: readonly string[]): FieldCase[] {
  const cases: FieldCase[] = [
    listCase(`${R}host-config-binds`, 'Binds', ['/tmp:/conformance-bind:ro', '/tmp:/conformance-bind-two']),
    linkCase(helpers),
    { requirement: `${R}host-config-memory`, field: 'Memory', value: 64 * 1024 * 1024 },
    { requirement: `${R}host-config-memory-swap-needs-memory`, field: 'MemorySwap', value: 128 * 1024 * 1024 },
    { requirement: `${R}host-config-cpu-shares`, field: 'CpuShares', value: 512 },
    { requirement: `${R}host-config-cpuset-cpus`, field: 'CpusetCpus', value: '0' },
    { requirement: `${R}host-config-pid-mode`, field: 'PidMode', value: 'host' },
    {
      requirement: `${R}host-config-port-bindings`,
      field: 'PortBindings',
      value: { '8080/tcp': PORT_BINDINGS, '9090/tcp': [{ HostPort: '' }] },
      matches: (stored) => isJsonObject(stored) && holdsEachOnce(PORT_BINDINGS)(stored['8080/tcp']) && anyHostPortHeld(stored['9090/tcp']),
    },
    { requirement: `${R}host-config-publish-all-ports`, field: 'PublishAllPorts', value: true },
    // No bound on the retries: a MaximumRetryCount of 0 is stored and shown as 0, not left out.
    { requirement: `${R}host-config-restart-policy-on-failure`, field: 'RestartPolicy', value: { Name: 'on-failure', MaximumRetryCount: 0 } },
    { requirement: `${R}host-config-privileged`, field: 'Privileged', value: true },
    { requirement: `${R}host-config-readonly-rootfs`, field: 'ReadonlyRootfs', value: true },
    listCase(`${R}host-config-dns`, 'Dns', ['10.9.8.7', '10.9.8.5']),
    listCase(`${R}host-config-dns-search`, 'DnsSearch', ['example.test', 'conformance.test']),
    listCase(`${R}host-config-extra-hosts`, 'ExtraHosts', ['conformance.test:10.9.8.6', 'conformance-two.test:10.9.8.4']),
    { requirement: `${R}host-config-volumes-from`, field: 'VolumesFrom', value: helpers.map((h, i) => (i === 0 ? `${h}:ro` : h)) },
    listCase(`${R}host-config-cap-add-drop`, 'CapAdd', ['NET_ADMIN', 'SYS_TIME']),
    listCase(`${R}host-config-cap-add-drop`, 'CapDrop', ['MKNOD', 'AUDIT_WRITE']),
    { requirement: `${R}host-config-network-mode`, field: 'NetworkMode', value: 'bridge' },
    listCase(`${R}host-config-devices`, 'Devices', [
      { PathOnHost: '/dev/null', PathInContainer: '/dev/conformance-null', CgroupPermissions: 'rwm' },
      { PathOnHost: '/dev/zero', PathInContainer: '/dev/conformance-zero', CgroupPermissions: 'r' },
    ]),
    listCase(`${R}host-config-ulimits`, 'Ulimits', [
      { Name: 'nofile', Soft: 1024, Hard: 2048 },
      // Core dumps off (0:0): a limit of zero is stored and shown as 0, not left out.
      { Name: 'core', Soft: 0, Hard: 0 },
    ]),
    // A target may add options of its own to SecurityOpt; what was sent must be there, each once.
    listCase(`${R}host-config-security-opt`, 'SecurityOpt', [...LABELING_OPTIONS], true),
    { requirement: `${R}host-config-cgroup-parent`, field: 'CgroupParent', value: 'conformance-parent' },
  ];
  if (version === '1.18') {
    const lxcConf = { 'lxc.utsname': 'conformance' };
    cases.push({ requirement: `${R}host-config-lxc-conf`, field: 'LxcConf', value: lxcConf, matches: listsSettings(lxcConf) });
    return cases;
  }
  return cases.concat([
    { requirement: `${R}host-config-tmpfs`, field: 'Tmpfs', value: { '/conformance-tmpfs': 'size=1m' } },
    { requirement: `${R}host-config-memory-reservation`, field: 'MemoryReservation', value: 32 * 1024 * 1024 },
    { requirement: `${R}host-config-kernel-memory`, field: 'KernelMemory', value: 64 * 1024 * 1024 },
    { requirement: `${R}host-config-cpu-period`, field: 'CpuPeriod', value: 100000 },
    { requirement: `${R}host-config-cpu-quota`, field: 'CpuQuota', value: 50000 },
    { requirement: `${R}host-config-cpuset-mems`, field: 'CpusetMems', value: '0' },
    listCase(`${R}host-config-blkio-weight-device`, 'BlkioWeightDevice', [
      { Path: '/dev/null', Weight: 100 },
      { Path: '/dev/zero', Weight: 200 },
    ]),
    { requirement: `${R}host-config-oom-kill-disable`, field: 'OomKillDisable', value: true },
    { requirement: `${R}host-config-oom-score-adj`, field: 'OomScoreAdj', value: 100 },
    listCase(`${R}host-config-dns-options`, 'DnsOptions', ['ndots:2', 'timeout:3']),
    listCase(`${R}host-config-group-add`, 'GroupAdd', ['audio', 'video']),
    { requirement: `${R}host-config-volume-driver`, field: 'VolumeDriver', value: 'local' },
  ]);
}

function sendValue(c: FieldCase): [string, unknown] {
  return [c.field, c.value];
}

function requirementsOf(cases: readonly FieldCase[], main: string): string[] {
  return [main, ...new Set(cases.map((c) => c.requirement))];
}

/**
 * Creates one container with every field of the group and reads it back from inspect. `refused`,
 * when given, is called with an answer other than 201 (a form the spec does not show).
 */
async function echo(
  ctx: EngineContext,
  where: 'Config' | 'HostConfig',
  fields: Record<string, unknown>,
  cases: readonly FieldCase[],
  main: string,
  refused?: (res: HttpResponse) => never,
): Promise<void> {
  const { res, id, warnings } = await createRaw(ctx, createBody(ctx, fields));
  if (res.status !== 201 && refused) refused(res);
  const named = cases.length > 6 ? `all ${cases.length} ${where} fields` : `${where} ${cases.map((c) => c.field).join(', ')}`;
  ctx.expectStatus(res, 201, `create with ${named} set`, main);
  for (const w of warnings) ctx.observe(`create warning: ${w}`);
  const stored = ((await ctx.inspect(id!))[where] ?? {}) as Record<string, unknown>;
  expectFieldsStored(ctx, `inspect ${where}`, stored, cases, warnings, main);
}

/** The rule that every create field is stored as sent, read back in inspect Config. */
const CONFIG_ECHO = 'engine/containers/inspect/config-echoes-create';

function configEchoCheck(version: EngineVersion): EngineCheck {
  const main = CONFIG_ECHO;
  return engineCheck({
    id: `${main}/${version}`,
    title: `(${version}) Every create field is stored as sent and returned in inspect Config`,
    requirements: requirementsOf(configCases(version, ''), main),
    endpoint: 'engine/containers/create',
    versions: [version],
    async run(ctx) {
      const cases = configCases(version, ctx.fixtureImage());
      await echo(ctx, 'Config', Object.fromEntries(cases.map(sendValue)), cases, main);
    },
  });
}

function hostConfigEchoCheck(version: EngineVersion): EngineCheck {
  const main = 'engine/containers/inspect/host-config-echoes-create';
  return engineCheck({
    id: `${main}/${version}`,
    title: `(${version}) Every HostConfig field of create is stored as sent and returned in inspect HostConfig (plus ContainerIDFile and IpcMode)`,
    requirements: requirementsOf(hostConfigCases(version, ['x']), main),
    endpoint: 'engine/containers/create',
    versions: [version],
    async run(ctx) {
      const helper = (volume: string) => ctx.runningContainer(['sleep', '300'], { extra: { Volumes: { [volume]: {} } } });
      const helpers = [(await helper('/conformance-shared')).name, (await helper('/conformance-shared-two')).name];
      const cases = hostConfigCases(version, helpers);
      await echo(ctx, 'HostConfig', { HostConfig: Object.fromEntries(cases.map(sendValue)) }, cases, main);
      const { id } = await ctx.createContainer({ cmd: ['true'] });
      const stored = (await ctx.inspect(id)).HostConfig as Record<string, unknown>;
      for (const field of ['ContainerIDFile', 'IpcMode']) {
        ctx.expect(typeof stored[field] === 'string', `inspect HostConfig has ${field} S`, {
          expected: `${field}: a string`,
          actual: stored[field],
          requirement: main,
        });
      }
    },
  });
}

/**
 * (1.22) The device rates, alone in their create, read back by their meaning. Quoted, the spec's
 * own form: required. As JSON numbers, a form the spec does not show: a refusal is no departure
 * (unverified), an acceptance must store what was sent.
 */
function rateCheck(quoted: boolean): EngineCheck {
  const main = `${R}host-config-blkio-device-rates`;
  const title = quoted
    ? '(1.22) Device rates sent as quoted numbers, as the spec writes them, are stored with their meaning (inspect HostConfig, quoted or not)'
    : '(1.22) Device rates sent as JSON numbers, a form the spec does not show, are refused or stored with their meaning (inspect HostConfig, quoted or not)';
  return engineCheck({
    id: `${main}/${quoted ? 'quoted' : 'numeric'}`,
    title,
    requirements: [main],
    endpoint: 'engine/containers/create',
    versions: ['1.22'],
    async run(ctx) {
      const cases = deviceRateCases(quoted);
      const refused = quoted
        ? undefined
        : (res: HttpResponse): never =>
            ctx.unverified(`the target refuses Rate as a JSON number (${res.status} ${res.text().trim().slice(0, 200)}); the spec shows Rate only quoted`);
      await echo(ctx, 'HostConfig', { HostConfig: Object.fromEntries(cases.map(sendValue)) }, cases, main, refused);
    },
  });
}

/**
 * The three attach flags are apart: each stream's flag is stored as sent whatever the others say
 * (stdout without stderr, then stderr without stdout), one container each.
 */
function attachFlagsApartCheck(): EngineCheck {
  const main = `${R}body-attach-flags`;
  const combos: Array<Record<string, boolean>> = [
    { AttachStdin: false, AttachStdout: true, AttachStderr: false },
    { AttachStdin: false, AttachStdout: false, AttachStderr: true },
  ];
  return engineCheck({
    id: `${main}/apart`,
    title: 'AttachStdout and AttachStderr are stored apart: stdout without stderr, and stderr without stdout, read back as sent in inspect Config',
    requirements: [main],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      // A target that does not keep the flags even when both are true departs as config-echoes-create reports: said there, once.
      const both = { AttachStdout: true, AttachStderr: true };
      const { id } = await ctx.setUp(async () => createRaw(ctx, createBody(ctx, both)));
      const kept = ((await ctx.inspect(id!)).Config ?? {}) as Record<string, unknown>;
      if (kept.AttachStdout !== true || kept.AttachStderr !== true)
        ctx.blockedBy(CONFIG_ECHO, `with both sent true, inspect Config shows AttachStdout ${kept.AttachStdout}, AttachStderr ${kept.AttachStderr}`);
      for (const flags of combos) {
        const cases = Object.entries(flags).map(([field, value]) => ({ requirement: main, field, value }));
        await echo(ctx, 'Config', flags, cases, main);
      }
    },
  });
}

/** LogConfig Type values of each version, with the options each driver needs to be accepted. */
const LOG_CONFIGS: Record<string, Record<string, string>> = {
  'json-file': {},
  syslog: { 'syslog-address': 'udp://127.0.0.1:514' },
  journald: {},
  gelf: { 'gelf-address': 'udp://127.0.0.1:12201' },
  awslogs: { 'awslogs-region': 'us-east-1', 'awslogs-group': 'conformance' },
  splunk: { 'splunk-url': 'http://127.0.0.1:8088', 'splunk-token': 'conformance' },
  none: {},
};
const LOG_TYPES: Record<EngineVersion, string[]> = {
  '1.18': ['json-file', 'syslog', 'journald', 'none'],
  '1.22': ['json-file', 'syslog', 'journald', 'gelf', 'awslogs', 'splunk', 'none'],
};

function logConfigCheck(version: EngineVersion): EngineCheck {
  const requirement = `${R}host-config-log-config-types-${version}`;
  return engineCheck({
    id: requirement,
    title: `(${version}) LogConfig accepts every documented Type (${LOG_TYPES[version].join(', ')}) and stores it`,
    endpoint: 'engine/containers/create',
    versions: [version],
    async run(ctx) {
      for (const type of LOG_TYPES[version]) {
        const logConfig = { Type: type, Config: LOG_CONFIGS[type] };
        const { res, id } = await createRaw(ctx, createBody(ctx, { HostConfig: { LogConfig: logConfig } }));
        ctx.expectStatus(res, 201, `create with LogConfig.Type ${type}`);
        const stored = ((await ctx.inspect(id!)).HostConfig as Record<string, unknown>).LogConfig;
        ctx.expect(holds(stored, logConfig), `inspect HostConfig.LogConfig is stored as sent for Type ${type}`, { expected: logConfig, actual: stored });
      }
    },
  });
}

/** Spec: Resources > Container create request; Container inspect (Config, HostConfig). */
export default [
  configEchoCheck('1.18'),
  configEchoCheck('1.22'),
  hostConfigEchoCheck('1.18'),
  hostConfigEchoCheck('1.22'),
  rateCheck(true),
  rateCheck(false),
  attachFlagsApartCheck(),
  logConfigCheck('1.18'),
  logConfigCheck('1.22'),
];
