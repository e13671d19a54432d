import { engineCheck } from '../support/check.ts';
import { createBody, createRaw, holds, stdoutOf, stdoutOfRun } from '../support/container-data.ts';
import { withoutNetwork, type EngineContext } from '../support/context.ts';
import { exitedContainer, LONG_SLEEP, sharedRunningContainer } from '../support/lifecycle.ts';
import { createOwn, listRequest, ownLabel, type ListItem } from '../support/own-containers.ts';
import { createNetwork, createVolume, dualStackConfig, endpointShows, randomSubnet } from '../support/resources.ts';
import { expectStopSignalSent } from '../support/stop-signal.ts';
import { demux, logsSession, terminalText } from '../support/streams.ts';
import { expectedModes, mountPathsOf, VOLUMES_FROM_SENT, volumesFromHostConfig, volumesFromSources } from '../support/volumes-from.ts';

const R = 'engine/containers/create/';
const ENDPOINT = 'engine/containers/create';

type Mount = { Name?: string; Destination?: string; RW?: boolean };

/** The line that parts the output of `hostname` from the contents of /etc/hostname. */
const HOSTNAME_FILE_MARK = '--etc-hostname--';

/** Prints, for each standard stream 0, 1 and 2, whether it is a terminal (`test -t`). */
const TTY_PROBE = 'for fd in 0 1 2; do if [ -t $fd ]; then echo tty$fd; else echo notty$fd; fi; done';

/** What TTY_PROBE printed in a container created with Tty `tty` and OpenStdin `openStdin` (the log: raw with a tty, framed without). */
async function terminalsOf(ctx: EngineContext, tty: boolean, openStdin = true): Promise<string[]> {
  const { id } = await ctx.setUp(() => exitedContainer(ctx, ['sh', '-c', TTY_PROBE], { tty, openStdin }));
  const { data } = await logsSession(ctx, id, { stdout: 1, stderr: 1 });
  return (tty ? terminalText(data) : demux(data).stdout.toString('utf8')).split('\n').filter(Boolean);
}

/** The mount points of a container: 1.22 Mounts, 1.18 Volumes/VolumesRW, as {destination: RW}. */
async function mountsOf(ctx: EngineContext, id: string): Promise<Record<string, { rw: boolean; name?: string }>> {
  const inspect = await ctx.inspect(id);
  if (ctx.version === '1.22') {
    const mounts = (inspect.Mounts ?? []) as Mount[];
    return Object.fromEntries(mounts.map((m) => [m.Destination ?? '', { rw: m.RW !== false, ...(m.Name ? { name: m.Name } : {}) }]));
  }
  const volumes = (inspect.Volumes ?? {}) as Record<string, string>;
  const rw = (inspect.VolumesRW ?? {}) as Record<string, boolean>;
  return Object.fromEntries(Object.keys(volumes).map((d) => [d, { rw: rw[d] !== false }]));
}

/** Spec: Resources > Container create request: the fields whose effect is visible from outside. */
export default [
  engineCheck({
    id: `${R}body-hostname`,
    title: 'Hostname, dots included, is the hostname the container sees (`hostname` shows the whole value); /etc/hostname is recorded',
    endpoint: ENDPOINT,
    async run(ctx) {
      // A dotted value (legal for Docker and Podman: `docker run --hostname a.b.c`) tells the whole value from a part cut at a dot.
      // The kernel keeps at most 64 characters: the value stays short.
      const hostname = `host-${Math.random().toString(36).slice(2, 8)}.conformance.example`;
      const cmd = `hostname; echo ${HOSTNAME_FILE_MARK}; cat /etc/hostname 2>&1`;
      const out = await stdoutOf(ctx, ['sh', '-c', cmd], { extra: { Hostname: hostname } });
      const [seen = '', file = ''] = out.split(`${HOSTNAME_FILE_MARK}\n`);
      ctx.expectEqual(seen.trim(), hostname, `\`hostname\` in a container created with Hostname ${hostname}`);
      // The spec states the hostname the container has, not that the daemon writes /etc/hostname (HostnamePath is an inspect field only).
      ctx.observe(`/etc/hostname in a container created with Hostname ${hostname}: ${JSON.stringify(file.trim())}`);
    },
  }),
  engineCheck({
    id: `${R}body-tty`,
    title:
      "Tty true puts the container's standard streams, stdin (left open) included, on a terminal (test -t 0, 1, 2), " +
      'stdout and stderr also with stdin closed; with Tty false none is one',
    endpoint: ENDPOINT,
    async run(ctx) {
      // The stream's framing (raw or not) is another rule's: this is the process's own view of its streams.
      ctx.expectEqual(await terminalsOf(ctx, true), ['tty0', 'tty1', 'tty2'], 'test -t of fds 0, 1 and 2 in a container created with Tty true, OpenStdin true');
      // Stdin closed (OpenStdin false, `docker run -t` without -i): the rule says nothing of fd 0 then, stdout and stderr are on the tty.
      const closedStdin = (await terminalsOf(ctx, true, false)).filter((line) => !line.endsWith('0'));
      ctx.expectEqual(closedStdin, ['tty1', 'tty2'], 'test -t of fds 1 and 2 in a container created with Tty true, OpenStdin false');
      ctx.expectEqual(await terminalsOf(ctx, false), ['notty0', 'notty1', 'notty2'], 'test -t of fds 0, 1 and 2 in a container created with Tty false');
    },
  }),
  engineCheck({
    id: `${R}body-env`,
    title: 'Env entries VAR=value are set in the process environment (a value may hold spaces and `=`)',
    endpoint: ENDPOINT,
    async run(ctx) {
      // The name ends at the first `=`: the rest, `=` included, is the value. The fixture sets no variable of its own: an entry
      // for one its image also sets is body-env/over-image's (in the images section, as it commits an image).
      const env = ['CONFORMANCE_A=1', 'CONFORMANCE_B=two words', 'CONFORMANCE_C=k=v=w'];
      const lines = (await stdoutOf(ctx, ['env'], { env })).split('\n');
      ctx.expect(
        env.every((e) => lines.includes(e)),
        '`env` shows every Env entry of create',
        { expected: env, actual: lines },
      );
    },
  }),
  engineCheck({
    id: `${R}body-working-dir`,
    title: 'WorkingDir is the working directory of the command (`ls` lists it)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const out = await stdoutOf(ctx, ['ls'], { extra: { WorkingDir: '/etc' } });
      ctx.expect(out.split(/\s+/).includes('fixture-release'), '`ls` with WorkingDir /etc lists /etc (the fixture has /etc/fixture-release)', {
        expected: 'fixture-release',
        actual: out.slice(0, 300),
      });
    },
  }),
  engineCheck({
    id: `${R}body-cmd`,
    title: 'Cmd is accepted as a string and as a list of strings, and runs',
    endpoint: ENDPOINT,
    async run(ctx) {
      for (const cmd of ['true', ['true']]) {
        const { res, id } = await createRaw(ctx, withoutNetwork(createBody(ctx, { Cmd: cmd })));
        ctx.expectStatus(res, 201, `create with Cmd ${JSON.stringify(cmd)}`);
        await ctx.start(id!);
        ctx.expectEqual(await ctx.waitExit(id!), 0, `the command ${JSON.stringify(cmd)} ran and exited 0`);
      }
    },
  }),
  engineCheck({
    id: `${R}body-entrypoint`,
    title: 'Entrypoint is accepted as a string, a list of strings or null; the command runs as entry point plus Cmd',
    endpoint: ENDPOINT,
    async run(ctx) {
      const forms: Array<[unknown, string[], string]> = [
        ['echo', ['from-string'], 'from-string'],
        [['echo', 'from'], ['list'], 'from list'],
        [null, ['echo', 'from-null'], 'from-null'],
      ];
      for (const [entrypoint, cmd, expected] of forms) {
        const out = await stdoutOf(ctx, cmd, { extra: { Entrypoint: entrypoint } });
        ctx.expectEqual(out.trim(), expected, `Entrypoint ${JSON.stringify(entrypoint)} with Cmd ${JSON.stringify(cmd)} prints ${expected}`);
      }
      // An entry point alone, with an empty Cmd (the fixture image has none): it runs by itself, and inspect shows it as sent.
      const alone = ['echo', 'entrypoint-alone'];
      const c = await ctx.runningContainer([], { extra: { Entrypoint: alone } });
      const out = await stdoutOfRun(ctx, c.id);
      ctx.expectEqual(out.trim(), 'entrypoint-alone', `Entrypoint ${JSON.stringify(alone)} with Cmd [] prints entrypoint-alone`);
      const stored = ((await ctx.inspect(c.id)).Config as Record<string, unknown> | undefined)?.Entrypoint;
      ctx.expect(holds(stored, alone), 'inspect Config.Entrypoint is the entry point sent with an empty Cmd', { expected: alone, actual: stored });
    },
  }),
  engineCheck({
    id: `${R}body-labels`,
    title: 'Labels are the labels of the container: inspect Config.Labels and the list item Labels show them',
    endpoint: ENDPOINT,
    async run(ctx) {
      const label = ownLabel('labels');
      const labels = { 'conformance.field': 'label value', 'conformance.empty': '' };
      const { id } = await createOwn(ctx, label, { cmd: ['true'], labels });
      const stored = ((await ctx.inspect(id)).Config as Record<string, unknown>).Labels as Record<string, string>;
      const listed = ctx.expectJson<ListItem[]>(await listRequest(ctx, label, { all: 1 }), 'container list')[0]?.Labels as Record<string, string> | undefined;
      for (const [k, v] of Object.entries(labels)) {
        ctx.expectEqual(stored?.[k], v, `inspect Config.Labels["${k}"]`);
        ctx.expectEqual(listed?.[k], v, `list item Labels["${k}"]`);
      }
    },
  }),
  engineCheck({
    id: `${R}body-volumes`,
    title: 'Each path of Volumes becomes a volume mount point of the container',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await ctx.createContainer({ cmd: ['true'], extra: { Volumes: { '/conformance-vol': {} } } });
      const mounts = await mountsOf(ctx, id);
      ctx.expect('/conformance-vol' in mounts, `inspect ${ctx.version === '1.22' ? 'Mounts' : 'Volumes'} has a mount point at /conformance-vol`, {
        expected: '/conformance-vol',
        actual: mounts,
      });
    },
  }),
  engineCheck({
    id: `${R}host-config-binds`,
    title: 'Binds host-src:container-dest mounts read-write, with :ro read-only',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await ctx.createContainer({ cmd: ['true'], hostConfig: { Binds: ['/tmp:/conformance-ro:ro', '/tmp:/conformance-rw'] } });
      const mounts = await mountsOf(ctx, id);
      ctx.expectEqual(
        [mounts['/conformance-ro']?.rw, mounts['/conformance-rw']?.rw],
        [false, true],
        'the :ro bind is read-only and the plain one read-write (inspect mount points)',
      );
    },
  }),
  engineCheck({
    id: `${R}host-config-binds-volume-name`,
    title: '(1.22) Binds volume-name:container-dest mounts that named volume',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const volume = await createVolume(ctx);
      const { id } = await ctx.createContainer({ cmd: ['true'], hostConfig: { Binds: [`${volume.Name}:/conformance-named:ro`] } });
      const mount = (await mountsOf(ctx, id))['/conformance-named'];
      ctx.expectEqual(mount, { rw: false, name: volume.Name }, 'inspect Mounts has the named volume at /conformance-named, read-only');
    },
  }),
  engineCheck({
    id: `${R}host-config-volumes-from`,
    title:
      `VolumesFrom ${VOLUMES_FROM_SENT} mounts the mount points of each container (a volume and a bind mount): ` +
      '`:ro` both read-only, `:rw` and the plain form both read-write (inspect)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const sources = await volumesFromSources(ctx);
      const { id } = await ctx.createContainer({ cmd: ['true'], hostConfig: volumesFromHostConfig(sources) });
      const mounts = await mountsOf(ctx, id);
      ctx.expectEqual(
        Object.fromEntries(mountPathsOf(sources).map((p) => [p, mounts[p] ? (mounts[p]!.rw ? 'rw' : 'ro') : 'not mounted'])),
        expectedModes(sources),
        `each source container's volume and bind mount is mounted with its entry's mode (inspect ${ctx.version === '1.22' ? 'Mounts RW' : 'VolumesRW'}): ` +
          sources.map((s) => s.entry).join(', '),
      );
    },
  }),
  engineCheck({
    id: `${R}host-config-network-mode`,
    title: 'NetworkMode bridge, host, none and container:<id> are accepted and stored',
    endpoint: ENDPOINT,
    async run(ctx) {
      const other = await sharedRunningContainer(ctx, [...LONG_SLEEP]);
      for (const mode of ['bridge', 'host', 'none', `container:${other.id}`]) {
        const { res, id } = await createRaw(ctx, createBody(ctx, { HostConfig: { NetworkMode: mode } }));
        ctx.expectStatus(res, 201, `create with NetworkMode ${mode}`);
        ctx.expectEqual(((await ctx.inspect(id!)).HostConfig as Record<string, unknown>).NetworkMode, mode, `inspect HostConfig.NetworkMode for ${mode}`);
      }
    },
  }),
  engineCheck({
    id: `${R}host-config-pid-mode`,
    title: 'PidMode empty (default), host and container:<id> are accepted and stored',
    endpoint: ENDPOINT,
    async run(ctx) {
      const other = await sharedRunningContainer(ctx, [...LONG_SLEEP]);
      for (const mode of ['', 'host', `container:${other.id}`]) {
        const { res, id } = await createRaw(ctx, createBody(ctx, { HostConfig: { PidMode: mode } }));
        ctx.expectStatus(res, 201, `create with PidMode ${JSON.stringify(mode)}`);
        const stored = ((await ctx.inspect(id!)).HostConfig as Record<string, unknown>).PidMode;
        // The default may be shown by its name: the container's own (private) namespace.
        if (mode === '' && stored === 'private') ctx.observe('PidMode "" (the default) is shown as "private"');
        else ctx.expectEqual(stored, mode, `inspect HostConfig.PidMode for ${JSON.stringify(mode)}`);
      }
    },
  }),
  engineCheck({
    id: `${R}body-stop-signal`,
    title:
      '(1.22) StopSignal is the signal used to stop: stop and restart (which stops the container first) send it (SIGHUP), ' +
      'and SIGTERM without it (the trap of each signal prints its name)',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      await expectStopSignalSent(ctx, { StopSignal: 'SIGHUP' }, 'HUP');
      await expectStopSignalSent(ctx, {}, 'TERM');
      const plain = await ctx.createContainer({ cmd: ['true'] });
      const stored = ((await ctx.inspect(plain.id)).Config as Record<string, unknown>).StopSignal;
      ctx.expect(
        [undefined, '', 'SIGTERM', 'TERM', 15, '15'].includes(stored as string),
        'without StopSignal the stop signal is SIGTERM (inspect shows SIGTERM or nothing)',
        { expected: 'SIGTERM', actual: stored },
      );
    },
  }),
  engineCheck({
    id: `${R}body-stop-signal/integer`,
    title: '(1.22) StopSignal is also accepted as an unsigned integer, and is the signal stop and restart send (1, SIGHUP: its trap runs)',
    requirements: [`${R}body-stop-signal`],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { res } = await createRaw(ctx, createBody(ctx, { StopSignal: 1 }));
      ctx.expectStatus(res, 201, 'create with StopSignal 1 (an unsigned integer)');
      // Accepted is not enough: a target that parses only names would stop with its default.
      await expectStopSignalSent(ctx, { StopSignal: 1 }, 'HUP');
    },
  }),
  engineCheck({
    id: `${R}body-networking-config`,
    title:
      '(1.22) NetworkingConfig.EndpointsConfig sets the endpoint of a custom network (NetworkMode = its name): ' +
      'the container endpoint there shows the Aliases, the Links and the IPAMConfig addresses given',
    requirements: [`${R}body-networking-config`, `${R}host-config-network-mode-custom`],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const pools = randomSubnet();
      const network = await createNetwork(ctx, { IPAM: { Config: dualStackConfig(pools) } });
      const peer = await ctx.createContainer({ cmd: ['sleep', '300'], hostConfig: { NetworkMode: network.name } });
      const sent = {
        IPAMConfig: { IPv4Address: pools.host, IPv6Address: pools.ipv6.host },
        Links: [`${peer.name}:conformance-peer`],
        Aliases: ['conformance-alias'],
      };
      const { res, id } = await createRaw(
        ctx,
        createBody(ctx, { HostConfig: { NetworkMode: network.name }, NetworkingConfig: { EndpointsConfig: { [network.name]: sent } } }),
      );
      ctx.expectStatus(res, 201, `create with NetworkMode ${network.name} (a custom network)`, `${R}host-config-network-mode-custom`);
      const networks = (((await ctx.inspect(id!)).NetworkSettings as Record<string, unknown>)?.Networks ?? {}) as Record<string, Record<string, unknown>>;
      ctx.expect(network.name in networks, 'inspect NetworkSettings.Networks has the custom network', {
        expected: network.name,
        actual: Object.keys(networks),
        requirement: `${R}host-config-network-mode-custom`,
      });
      const endpoint = networks[network.name] ?? {};
      const aliases = endpoint.Aliases;
      ctx.verify(Array.isArray(aliases) && aliases.includes('conformance-alias'), 'the endpoint has the Aliases of EndpointsConfig', {
        expected: sent.Aliases,
        actual: aliases,
        requirement: `${R}body-networking-config`,
      });
      // Links in any order, with any the target adds of its own.
      if (endpointShows(ctx, endpoint, 'Links', network.name))
        ctx.verify(
          sent.Links.every((l) => (endpoint.Links as unknown[]).includes(l)),
          'the endpoint has the Links of EndpointsConfig',
          {
            expected: sent.Links,
            actual: endpoint.Links,
            requirement: `${R}body-networking-config`,
          },
        );
      if (endpointShows(ctx, endpoint, 'IPAMConfig', network.name))
        ctx.verify(holds(endpoint.IPAMConfig, sent.IPAMConfig), 'the endpoint has the IPAMConfig of EndpointsConfig', {
          expected: sent.IPAMConfig,
          actual: endpoint.IPAMConfig,
          requirement: `${R}body-networking-config`,
        });
    },
  }),
  engineCheck({
    id: `${R}body-networking-config/address`,
    title:
      '(1.22) The IPAMConfig IPv4Address of NetworkingConfig.EndpointsConfig is the address the started container has on that network ' +
      '(not merely stored: the pool would give another)',
    requirements: [`${R}body-networking-config`],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const pools = randomSubnet();
      const network = await createNetwork(ctx, { IPAM: { Config: dualStackConfig(pools) } });
      // pools.host (.10) is not the first address the pool hands out (.2): an address from the pool shows.
      const endpoints = { [network.name]: { IPAMConfig: { IPv4Address: pools.host } } };
      const { id } = await ctx.runningContainer(['sleep', '300'], {
        hostConfig: { NetworkMode: network.name },
        extra: { NetworkingConfig: { EndpointsConfig: endpoints } },
      });
      const networks = ((await ctx.inspect(id)).NetworkSettings as { Networks?: Record<string, Record<string, unknown>> } | undefined)?.Networks;
      ctx.expectEqual(
        networks?.[network.name]?.IPAddress,
        pools.host,
        `the started container's address on ${network.name} is the IPv4Address its create asked for`,
      );
    },
  }),
];
