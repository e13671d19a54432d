import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SCHEMAS_DIR } from '../../../harness/schema/validator.ts';
import { isJsonObject } from '../../../harness/protocol/json-value.ts';
import { shapedAs, shownAlike } from '../../../harness/protocol/same-shown.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { LABELING_OPTIONS } from '../support/container-data.ts';
import { createExec, execIn, inspectExec } from '../support/exec.ts';
import { EXITS_ON_TERM, instants } from '../support/lifecycle.ts';

const REQUIREMENT = 'engine/exec/inspect/container-1.18';
const SCHEMA = 'engine/exec/inspect/200-response-schema';

/** The documented top-level fields of the 1.18 container inspect (its schema's properties), State aside: it moves between two reads. */
const INSPECT_1_18_FIELDS = Object.keys(
  (JSON.parse(readFileSync(path.join(SCHEMAS_DIR, 'engine/1.18/container-inspect.json'), 'utf8')) as { properties: Record<string, unknown> }).properties,
).filter((k) => k !== 'State');

/** Two distinct items in every list and non-default values, so that a Container cut short, emptied or changed shows. */
function richConfig(): Record<string, unknown> {
  return {
    Entrypoint: ['sh', '-c'],
    Cmd: [EXITS_ON_TERM[2], 'conformance-arg0'],
    Env: ['CONFORMANCE_A=1', 'CONFORMANCE_B=two words'],
    ExposedPorts: { '8080/tcp': {}, '53/udp': {} },
    Volumes: { '/conformance-vol': {}, '/conformance-vol-two': {} },
  };
}

function richHostConfig(helpers: readonly string[]): Record<string, unknown> {
  return {
    Binds: ['/tmp:/conformance-bind:ro', '/tmp:/conformance-bind-two'],
    Links: helpers.map((h, i) => `${h}:alias${i}`),
    VolumesFrom: [`${helpers[0]}:ro`, `${helpers[1]}`],
    // Every exposed port bound: a list item shows an unbound one without PublicPort, which the judge reports.
    PortBindings: { '8080/tcp': [{ HostPort: '18080' }, { HostPort: '18081' }], '53/udp': [{ HostPort: '18053' }] },
    Dns: ['10.9.8.7', '10.9.8.5'],
    DnsSearch: ['example.test', 'conformance.test'],
    ExtraHosts: ['conformance.test:10.9.8.6', 'conformance-two.test:10.9.8.4'],
    CapAdd: ['NET_ADMIN', 'SYS_TIME'],
    CapDrop: ['MKNOD', 'AUDIT_WRITE'],
    Devices: [
      { PathOnHost: '/dev/null', PathInContainer: '/dev/conformance-null', CgroupPermissions: 'rwm' },
      { PathOnHost: '/dev/zero', PathInContainer: '/dev/conformance-zero', CgroupPermissions: 'r' },
    ],
    Ulimits: [
      { Name: 'nofile', Soft: 1024, Hard: 2048 },
      { Name: 'nproc', Soft: 512, Hard: 1024 },
    ],
    SecurityOpt: [...LABELING_OPTIONS],
    LxcConf: { 'lxc.utsname': 'conformance', 'lxc.start.auto': '0' },
    RestartPolicy: { Name: 'on-failure', MaximumRetryCount: 3 },
    LogConfig: { Type: 'json-file', Config: { 'max-size': '1m', 'max-file': '2' } },
  };
}

/** Two running containers the rich one links to and takes volumes from. */
async function helpers(ctx: EngineContext): Promise<string[]> {
  const one = () => ctx.runningContainer(['sleep', '300'], { networked: true, extra: { Volumes: { '/conformance-shared': {} } } });
  return [(await one()).name, (await one()).name];
}

/** A target whose 1.18 exec inspect has no Container object is reported by the schema check: this one is blocked. */
async function expectContainerObject(ctx: EngineContext): Promise<void> {
  const probe = await ctx.setUp(async () => inspectExec(ctx, (await execIn(ctx, { Cmd: ['true'] })).execId), SCHEMA);
  if (!isJsonObject(probe.Container)) ctx.blockedBy(SCHEMA, 'the 1.18 exec inspect has no Container object');
}

/** Spec: Resources > Exec instance ("a Container object holding the full container inspect data"). */
export default [
  engineCheck({
    id: REQUIREMENT,
    title: "(1.18) Exec inspect's Container shows the container the command runs in as the container's own inspect does",
    endpoint: 'engine/exec/inspect',
    versions: ['1.18'],
    async run(ctx) {
      await expectContainerObject(ctx);
      const config = richConfig();
      const hostConfig = richHostConfig(await ctx.setUp(() => helpers(ctx)));
      const { id } = await ctx.setUp(async () => {
        const created = await ctx.createContainer({ cmd: config.Cmd as string[], env: config.Env as string[], extra: config, hostConfig });
        await ctx.start(created.id, 'devices, capabilities, ulimits and security options');
        return created;
      });
      // Two exec instances, so that the container's ExecIDs is a list of two.
      const execIds = await ctx.setUp(async () => [await createExec(ctx, id, { Cmd: ['true'] }), await createExec(ctx, id, { Cmd: ['sh', '-c', 'exit 0'] })]);
      const own = await ctx.inspect(id);
      const shown = (await inspectExec(ctx, execIds[0]!)).Container;
      const whole = (o: unknown): unknown => (isJsonObject(o) ? { ...o, State: undefined } : o);
      // "The full container inspect data": every documented field of the 1.18 container inspect (an
      // undocumented one the target adds need not be repeated), the create's Config and HostConfig fields within.
      const shape = Object.fromEntries(INSPECT_1_18_FIELDS.map((k) => [k, k === 'Config' ? config : k === 'HostConfig' ? hostConfig : '']));
      // Times by their instant: another number of fraction digits writes the same time.
      ctx.expect(shownAlike(instants(whole(shown)), instants(whole(own)), shape), 'exec inspect Container differs from the container inspect', {
        expected: shapedAs(own, shape),
        actual: shapedAs(shown, shape),
        requirement: REQUIREMENT,
      });
    },
  }),
];
