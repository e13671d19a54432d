import { isDeepStrictEqual } from 'node:util';
import type { EngineCheck } from '../support/check.ts';
import { expectedModes, mountPathsOf, VOLUMES_FROM_SENT, type VolumesFromSource, volumesFromHostConfig, volumesFromSources } from '../support/volumes-from.ts';
import { CAP_BITS, effectCheck, hasCapability, parseMounts, parseStatus, judged, outputLines as lines, type Observed } from '../support/effects.ts';

const R = 'engine/containers/create/';

/** The /proc/mounts entry at `target`, as the container sees it. */
function mountAt(o: Observed, target: string) {
  return parseMounts(o.out).find((m) => m.target === target);
}

/** A /etc/hosts line that maps `name` to `ip` (any address when `ip` is undefined). */
function hostsMaps(text: string, name: string, ip?: string): boolean {
  return lines(text).some((l) => {
    const [addr, ...names] = l.split(/\s+/);
    return names.includes(name) && (ip === undefined || addr === ip);
  });
}

/** Between the privileged check's /proc/self/status and its listing of /dev. */
const DEV_MARKER = '==conformance-dev==';

/** The names `ls /dev` printed after DEV_MARKER. */
function devEntries(o: Observed): string[] {
  const at = o.out.indexOf(DEV_MARKER);
  return at < 0 ? [] : lines(o.out.slice(at + DEV_MARKER.length));
}

type Capability = keyof typeof CAP_BITS;
/** What the CapAdd/CapDrop check adds and drops: outside the default set of Docker and Podman, and inside it (their containers.conf and daemon defaults). */
const CAPS_ADDED: readonly Capability[] = ['NET_ADMIN', 'SYS_TIME'];
const CAPS_DROPPED: readonly Capability[] = ['SETFCAP', 'SYS_CHROOT'];

/** Whether the container's process holds each of the CapAdd/CapDrop check's capabilities (CapEff). */
function capabilitiesHeld(o: Observed): Record<string, boolean> {
  const capEff = parseStatus(o.out).CapEff;
  return Object.fromEntries([...CAPS_ADDED, ...CAPS_DROPPED].map((c) => [c, hasCapability(capEff, CAP_BITS[c])]));
}

/** The GroupAdd check's groups, by number (the fixture has no group file): two, so that a target applying only one entry shows. */
const GROUPS_ADDED: readonly string[] = ['4242', '4343'];

/** The Tmpfs check's directories, each with its own size in MiB. */
const TMPFS = [
  { path: '/conformance-tmpfs', size: 1 },
  { path: '/conformance-tmpfs-two', size: 2 },
];

/** The ExtraHosts entries (hostname, IP) of its effect check: an IPv4 and an IPv6 address. */
const EXTRA_HOSTS: ReadonlyArray<readonly [string, string]> = [
  ['conformance.test', '10.9.8.6'],
  ['conformance-six.test', '2001:db8::86'],
];

/** The aliases of the Links check, one linked container each. */
const LINK_ALIASES = ['helperalias', 'helperalias-two'];

/** The IP address inspect shows for a container: NetworkSettings.IPAddress, else that of its one network entry. */
function addressOf(inspect: Record<string, unknown>): string | undefined {
  const settings = inspect.NetworkSettings as { IPAddress?: unknown; Networks?: Record<string, { IPAddress?: unknown }> } | undefined;
  const candidates = [settings?.IPAddress, ...Object.values(settings?.Networks ?? {}).map((n) => n?.IPAddress)];
  return candidates.find((ip): ip is string => typeof ip === 'string' && ip !== '');
}

/** The mount points of the Volumes check. */
const VOLUME_PATHS = ['/conformance-vol', '/conformance-vol-two'];

/** Spec: Resources > Container create request: effects seen from inside the container (/proc, /sys, /etc). */
export default [
  effectCheck({
    requirement: `${R}body-user`,
    title: 'User is the user the command runs as (`id -u` prints it)',
    fields: () => ({ User: '1234' }),
    script: 'id -u',
    judge: (o) => judged(o.out.trim() === '1234', '`id -u` in a container created with User 1234', '1234', o.out.trim()),
  }),
  effectCheck({
    requirement: `${R}body-domainname`,
    title: 'Domainname is the domain name the container sees (/proc/sys/kernel/domainname)',
    fields: () => ({ Domainname: 'example.test' }),
    script: 'cat /proc/sys/kernel/domainname',
    judge: (o) =>
      judged(o.out.trim() === 'example.test', '/proc/sys/kernel/domainname in a container created with Domainname example.test', 'example.test', o.out.trim()),
  }),
  effectCheck({
    requirement: `${R}body-mac-address`,
    title: 'MacAddress is the MAC address of the container interface (/sys/class/net/eth0/address)',
    fields: () => ({ MacAddress: '02:42:ac:11:00:99' }),
    script: 'cat /sys/class/net/eth0/address',
    judge: (o) =>
      judged(
        o.out.trim().toLowerCase() === '02:42:ac:11:00:99',
        'eth0 address in a container created with MacAddress 02:42:ac:11:00:99',
        '02:42:ac:11:00:99',
        o.out.trim(),
      ),
  }),
  effectCheck({
    requirement: `${R}body-network-disabled`,
    title: 'NetworkDisabled true leaves the container no network interface besides loopback (ls /sys/class/net)',
    fields: () => ({ NetworkDisabled: true }),
    script: 'ls /sys/class/net',
    baseline: (o) => lines(o.out.replace(/\s+/g, '\n')).some((i) => i !== 'lo'),
    networked: true,
    judge: (o) => {
      const ifaces = lines(o.out.replace(/\s+/g, '\n'));
      return judged(ifaces.length === 1 && ifaces[0] === 'lo', 'the interfaces of a container created with NetworkDisabled true', ['lo'], ifaces);
    },
  }),
  effectCheck({
    requirement: `${R}body-volumes`,
    id: `${R}body-volumes/mounted-inside`,
    title: 'Each path of Volumes is a mount point inside the container (/proc/mounts, two paths)',
    // Two paths, so that a target mounting only the first one shows.
    fields: () => ({ Volumes: Object.fromEntries(VOLUME_PATHS.map((path) => [path, {}])) }),
    script: 'cat /proc/mounts',
    judge: (o) => {
      const mounted = VOLUME_PATHS.filter((path) => mountAt(o, path) !== undefined);
      return judged(
        mounted.length === VOLUME_PATHS.length,
        `a mount at each of ${VOLUME_PATHS.join(', ')} in /proc/mounts`,
        VOLUME_PATHS,
        parseMounts(o.out).map((m) => m.target),
      );
    },
  }),
  effectCheck({
    requirement: `${R}host-config-binds`,
    id: `${R}host-config-binds/mounted-inside`,
    title: 'Binds are mounted inside the container: `:ro` read-only, the plain form read-write (/proc/mounts)',
    fields: () => ({ HostConfig: { Binds: ['/tmp:/conformance-ro:ro', '/tmp:/conformance-rw'] } }),
    script: 'cat /proc/mounts',
    judge: (o) => {
      const ro = mountAt(o, '/conformance-ro')?.options;
      const rw = mountAt(o, '/conformance-rw')?.options;
      return judged(
        ro?.includes('ro') === true && rw?.includes('rw') === true,
        'the binds in /proc/mounts: /conformance-ro read-only, /conformance-rw read-write',
        { '/conformance-ro': 'ro', '/conformance-rw': 'rw' },
        { '/conformance-ro': ro ?? 'not mounted', '/conformance-rw': rw ?? 'not mounted' },
      );
    },
  }),
  effectCheck({
    requirement: `${R}host-config-volumes-from`,
    id: `${R}host-config-volumes-from/mounted-inside`,
    title:
      `VolumesFrom ${VOLUMES_FROM_SENT} mounts each other container's volume and bind mount inside: ` +
      '`:ro` read-only, `:rw` and the plain form read-write (/proc/mounts)',
    fields: async (ctx, scratch) => {
      const sources = await volumesFromSources(ctx);
      scratch.sources = sources;
      return { HostConfig: volumesFromHostConfig(sources) };
    },
    script: 'cat /proc/mounts',
    judge: (o, scratch) => {
      const sources = scratch.sources as VolumesFromSource[];
      const shown = Object.fromEntries(
        mountPathsOf(sources).map((path) => {
          const options = mountAt(o, path)?.options;
          return [path, options?.includes('ro') ? 'ro' : options?.includes('rw') ? 'rw' : (options?.join(',') ?? 'not mounted')];
        }),
      );
      return judged(
        isDeepStrictEqual(shown, expectedModes(sources)),
        `each other container's volume and bind mount is mounted with its entry's mode (${sources.map((s) => s.entry).join(', ')})`,
        expectedModes(sources),
        shown,
      );
    },
  }),
  effectCheck({
    requirement: `${R}host-config-tmpfs`,
    versions: ['1.22'],
    title: "(1.22) Tmpfs replaces each directory it names by a tmpfs mount with that entry's options (/proc/mounts, two paths of two sizes)",
    // Two entries of two sizes, so that a target mounting only the first, or giving each the first one's options, shows.
    fields: () => ({ HostConfig: { Tmpfs: Object.fromEntries(TMPFS.map(({ path, size }) => [path, `size=${size}m`])) } }),
    script: 'cat /proc/mounts',
    judge: (o) => {
      const shown = TMPFS.map(({ path }) => mountAt(o, path));
      return judged(
        // The kernel shows size=<n>m as size=<n*1024>k.
        TMPFS.every(
          ({ size }, i) => shown[i]?.fstype === 'tmpfs' && shown[i]!.options.some((opt) => opt === `size=${size}m` || opt === `size=${size * 1024}k`),
        ),
        `a tmpfs mount at each of ${TMPFS.map(({ path }) => path).join(', ')} with its own size option`,
        Object.fromEntries(TMPFS.map(({ path, size }) => [path, `tmpfs size=${size}m (${size * 1024}k)`])),
        Object.fromEntries(TMPFS.map(({ path }, i) => [path, shown[i] ? `${shown[i]!.fstype} ${shown[i]!.options.join(',')}` : 'not mounted'])),
      );
    },
  }),
  effectCheck({
    requirement: `${R}host-config-privileged`,
    title:
      'Privileged gives full host access: the process holds CAP_SYS_ADMIN (CapEff in /proc/self/status) and /dev shows host devices, ' +
      'neither of which a default container has',
    fields: () => ({ HostConfig: { Privileged: true } }),
    script: `cat /proc/self/status; echo ${DEV_MARKER}; ls /dev`,
    baseline: (o) => !hasCapability(parseStatus(o.out).CapEff, CAP_BITS.SYS_ADMIN),
    judge: (o, _scratch, plain) => {
      const capEff = parseStatus(o.out).CapEff;
      // Which devices the host has is the host's: the privileged container is judged by the nodes it shows beyond a default one.
      const plainDev = new Set(plain ? devEntries(plain) : []);
      const hostDevices = devEntries(o).filter((name) => !plainDev.has(name));
      return judged(
        hasCapability(capEff, CAP_BITS.SYS_ADMIN) && hostDevices.length > 0,
        'a privileged container holds CAP_SYS_ADMIN (CapEff bit 21) and sees host devices in /dev that a default container does not',
        { CapEff: 'bit 21 set', '/dev beyond a default container': 'at least one host device' },
        { CapEff: capEff ?? 'no CapEff line', '/dev beyond a default container': hostDevices.slice(0, 20), '/dev of a default container': [...plainDev] },
      );
    },
  }),
  effectCheck({
    requirement: `${R}host-config-cap-add-drop`,
    title:
      'CapAdd NET_ADMIN, SYS_TIME adds both capabilities and CapDrop SETFCAP, SYS_CHROOT removes both ' +
      '(CapEff in /proc/self/status, against a default container)',
    // Two of each, so that a target applying only the first item of a list shows.
    fields: () => ({ HostConfig: { CapAdd: [...CAPS_ADDED], CapDrop: [...CAPS_DROPPED] } }),
    script: 'cat /proc/self/status',
    baseline: (o) => {
      const held = capabilitiesHeld(o);
      return CAPS_ADDED.every((c) => !held[c]) && CAPS_DROPPED.every((c) => held[c]);
    },
    judge: (o) => {
      const held = capabilitiesHeld(o);
      const expected = Object.fromEntries([...CAPS_ADDED.map((c) => [c, true]), ...CAPS_DROPPED.map((c) => [c, false])]);
      return judged(
        Object.entries(expected).every(([c, want]) => held[c] === want),
        'CapEff holds NET_ADMIN and SYS_TIME (added) and neither SETFCAP nor SYS_CHROOT (dropped)',
        expected,
        { ...held, CapEff: parseStatus(o.out).CapEff },
      );
    },
  }),
  effectCheck({
    requirement: `${R}host-config-readonly-rootfs`,
    title: 'ReadonlyRootfs makes the root filesystem read-only: writing a file fails there and succeeds in a default container',
    fields: () => ({ HostConfig: { ReadonlyRootfs: true } }),
    script: 'touch /conformance-probe && echo written || echo refused',
    baseline: (o) => o.out.trim() === 'written',
    judge: (o) => judged(o.out.trim() === 'refused', '`touch /conformance-probe` with ReadonlyRootfs true', 'refused', o.out.trim()),
  }),
  effectCheck({
    requirement: `${R}host-config-extra-hosts`,
    title: "ExtraHosts hostname:IP entries, an IPv4 and an IPv6 IP, are in the container's hosts file (/etc/hosts)",
    // An IPv6 IP holds colons of its own: the hostname ends at the first colon, the rest is the IP.
    fields: () => ({ HostConfig: { ExtraHosts: EXTRA_HOSTS.map(([name, ip]) => `${name}:${ip}`) } }),
    script: 'cat /etc/hosts',
    judge: (o) =>
      judged(
        EXTRA_HOSTS.every(([name, ip]) => hostsMaps(o.out, name, ip)),
        `/etc/hosts maps ${EXTRA_HOSTS.map(([name, ip]) => `${name} to ${ip}`).join(' and ')}`,
        EXTRA_HOSTS.map(([name, ip]) => `${ip} ${name}`),
        lines(o.out),
      ),
  }),
  effectCheck({
    requirement: `${R}host-config-devices`,
    title: 'Devices makes each host device available in the container at its PathInContainer: /dev/null reads empty there, /dev/zero gives bytes',
    fields: () => ({
      HostConfig: {
        Devices: [
          { PathOnHost: '/dev/null', PathInContainer: '/dev/conformance-null', CgroupPermissions: 'rwm' },
          { PathOnHost: '/dev/zero', PathInContainer: '/dev/conformance-zero', CgroupPermissions: 'rwm' },
        ],
      },
    }),
    // Two host devices: a node that exists at PathInContainer but is not the PathOnHost device (or the same one for both) shows.
    script: 'for d in null zero; do if [ -e /dev/conformance-$d ]; then echo $d=$(head -c 4 /dev/conformance-$d | wc -c); else echo $d=absent; fi; done',
    // A wc that pads its count splits the word at the spaces: 'zero= 4' reads as 'zero=4'.
    judge: (o) =>
      judged(
        lines(o.out.replace(/= +/g, '=')).join(' ') === 'null=0 zero=4',
        'reading 4 bytes from /dev/conformance-null (host /dev/null) and /dev/conformance-zero (host /dev/zero)',
        ['null=0', 'zero=4'],
        lines(o.out),
      ),
  }),
  effectCheck({
    requirement: `${R}host-config-ulimits`,
    title: 'Ulimits set the resource limits of the container process (nofile: Max open files in /proc/self/limits)',
    fields: () => ({ HostConfig: { Ulimits: [{ Name: 'nofile', Soft: 1024, Hard: 2048 }] } }),
    script: 'cat /proc/self/limits',
    judge: (o) => {
      const row = lines(o.out).find((l) => l.startsWith('Max open files'));
      const [soft, hard] = row?.replace('Max open files', '').trim().split(/\s+/) ?? [];
      return judged(
        soft === '1024' && hard === '2048',
        'Max open files of a container created with Ulimits nofile 1024/2048',
        { soft: '1024', hard: '2048' },
        row ?? 'no Max open files row',
      );
    },
  }),
  effectCheck({
    requirement: `${R}host-config-oom-score-adj`,
    versions: ['1.22'],
    title: '(1.22) OomScoreAdj is the OOM score adjustment of the container process (/proc/self/oom_score_adj)',
    fields: () => ({ HostConfig: { OomScoreAdj: 100 } }),
    script: 'cat /proc/self/oom_score_adj',
    judge: (o) => judged(o.out.trim() === '100', '/proc/self/oom_score_adj of a container created with OomScoreAdj 100', '100', o.out.trim()),
  }),
  groupAddCheck(),
  // GroupAdd adds to the groups the process runs with whoever it runs as: a User, whose own groups come first, keeps them too.
  groupAddCheck('1234'),
  effectCheck({
    requirement: `${R}host-config-links`,
    title: "Links container_name:alias, two of them: each alias resolves to its own linked container's address (/etc/hosts)",
    fields: async (ctx, scratch) => {
      // Two links, so that a target applying only the first, or giving both aliases one address, shows.
      const links: Array<{ alias: string; ip: string | undefined }> = [];
      const entries: string[] = [];
      for (const alias of LINK_ALIASES) {
        const helper = await ctx.runningContainer(['sleep', '300'], { networked: true });
        links.push({ alias, ip: addressOf(await ctx.inspect(helper.id)) });
        entries.push(`${helper.name}:${alias}`);
      }
      scratch.links = links;
      return { HostConfig: { Links: entries } };
    },
    script: 'cat /etc/hosts',
    judge: (o, scratch) => {
      const links = scratch.links as Array<{ alias: string; ip: string | undefined }>;
      const unknown = links.filter((l) => l.ip === undefined).map((l) => l.alias);
      const mapped = links.filter((l) => hostsMaps(o.out, l.alias, l.ip)).map((l) => l.alias);
      const ok = mapped.length === links.length;
      return {
        ...judged(
          ok,
          `/etc/hosts maps each alias to its linked container (${links.map((l) => `${l.alias} ${l.ip ?? '?'}`).join(', ')})`,
          links.map((l) => `${l.ip ?? '<its address>'} ${l.alias}`),
          lines(o.out),
        ),
        // Each alias is there, but inspect shows no address of a linked container: whether it maps to that one cannot be told.
        ...(ok && unknown.length ? { unverified: `the inspect of the linked container of ${unknown.join(', ')} shows no IP address` } : {}),
      };
    },
  }),
] satisfies EngineCheck[];
/** GroupAdd's groups are among the supplementary groups of the process, run as `user` when given. */
function groupAddCheck(user?: string): EngineCheck {
  const as = user ? ` and User ${user}` : '';
  return effectCheck({
    requirement: `${R}host-config-group-add`,
    ...(user ? { id: `${R}host-config-group-add/with-user` } : {}),
    versions: ['1.22'],
    title:
      '(1.22) GroupAdd groups are supplementary groups of the container process (Groups in /proc/self/status), each of the list' +
      (user ? ', also for a container with a User' : ''),
    fields: () => ({ ...(user ? { User: user } : {}), HostConfig: { GroupAdd: [...GROUPS_ADDED] } }),
    script: 'cat /proc/self/status',
    judge: (o) => {
      const groups = (parseStatus(o.out).Groups ?? '').split(/\s+/).filter(Boolean);
      return judged(
        GROUPS_ADDED.every((g) => groups.includes(g)),
        `the supplementary groups of a container created with GroupAdd ${JSON.stringify(GROUPS_ADDED)}${as}`,
        `${GROUPS_ADDED.join(' and ')} among the groups`,
        groups,
      );
    },
  });
}
