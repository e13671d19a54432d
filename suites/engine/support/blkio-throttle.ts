/**
 * The block I/O throttle of a container's cgroup (HostConfig BlkioDevice{Read,Write}{Bps,IOps}):
 * a block device of the daemon's host to set the rates on, found from inside a container, and the
 * cgroup files that show them: cgroup v1 `blkio.throttle.<kind>_device` (`MAJ:MIN rate` a line),
 * v2 `io.max` (`MAJ:MIN rbps=.. wbps=.. riops=.. wiops=..`, one line per device, `max` unset: the
 * kernel merges the four rules runc writes one by one).
 */
import { createBody, createRaw, wholeStdoutOf } from './container-data.ts';
import { withoutNetwork, type EngineContext } from './context.ts';
import type { Observed } from './effects.ts';

/** The four fields, the v1 file and v2 key each is written to, and a rate none is at by default. */
export const THROTTLES = [
  { field: 'BlkioDeviceReadBps', v1: 'read_bps', v2: 'rbps', rate: 10485760 },
  { field: 'BlkioDeviceWriteBps', v1: 'write_bps', v2: 'wbps', rate: 5242880 },
  { field: 'BlkioDeviceReadIOps', v1: 'read_iops', v2: 'riops', rate: 1000 },
  { field: 'BlkioDeviceWriteIOps', v1: 'write_iops', v2: 'wiops', rate: 500 },
] as const;

type Throttle = (typeof THROTTLES)[number];

const v1File = (t: Throttle): string => `/sys/fs/cgroup/blkio/blkio.throttle.${t.v1}_device`;
const IO_MAX = '/sys/fs/cgroup/io.max';

/**
 * Lists the host's whole disks (/sys/block: `disk <name> <MAJ:MIN>`) and their partitions
 * (`part <disk> <MAJ:MIN>`), then the container's mount table.
 */
export const BLOCK_DEVICES_SCRIPT =
  'for d in $(ls /sys/block 2>/dev/null); do echo "disk $d $(cat /sys/block/$d/dev)"; ' +
  'for p in $(ls /sys/block/$d/); do if [ -e /sys/block/$d/$p/partition ]; then echo "part $d $(cat /sys/block/$d/$p/dev)"; fi; done; done; ' +
  'echo "== mountinfo"; cat /proc/self/mountinfo';

/** Prints each throttle file the container sees, after a `== <path>` line. */
export const THROTTLE_SCRIPT = `for f in ${[...THROTTLES.map(v1File), IO_MAX].join(' ')}; do if [ -e $f ]; then echo "== $f"; cat $f; fi; done`;

export interface HostDisk {
  /** The device node on the host: /dev/<name>, sysfs' `!` standing for `/`. */
  path: string;
  /** MAJ:MIN of the whole disk (the kernel throttles whole disks, not partitions). */
  dev: string;
  /** How it was chosen. */
  why: string;
}

/** Devices the kernel makes of memory or files, tried last: the host may have no node for them. */
const VIRTUAL = /^(loop|ram|zram|nbd|sr|fd)\d/;
/** Files the daemon writes for each container on its data disk, bound into the container. */
const BOUND_FILES = ['/etc/hosts', '/etc/resolv.conf', '/etc/hostname'];

/**
 * The disk to set the rates on, from BLOCK_DEVICES_SCRIPT's output: the one holding the daemon's
 * files for the container (its /etc/hosts), else the first disk sysfs lists that is not virtual,
 * else the first; undefined when the container sees none.
 */
export function hostDisk(out: string): HostDisk | undefined {
  const [listing = '', mountinfo = ''] = out.split('== mountinfo');
  const whole = new Map<string, string>();
  const diskOf = new Map<string, string>();
  for (const [kind, name, dev] of listing.split('\n').map((l) => l.trim().split(/\s+/))) {
    if (!name || !dev || !/^\d+:\d+$/.test(dev)) continue;
    if (kind === 'disk') whole.set(name, dev);
    if (kind === 'disk' || kind === 'part') diskOf.set(dev, name);
  }
  const disk = (name: string, why: string): HostDisk => ({ path: `/dev/${name.replace(/!/g, '/')}`, dev: whole.get(name)!, why });
  const mounts = mountinfo.split('\n').map((l) => l.trim().split(/\s+/));
  for (const file of BOUND_FILES) {
    const name = diskOf.get(mounts.find((m) => m[4] === file)?.[2] ?? '');
    if (name && whole.has(name)) return disk(name, `the disk holding the container's ${file}`);
  }
  const names = [...whole.keys()];
  const first = names.find((n) => !VIRTUAL.test(n)) ?? names[0];
  return first === undefined ? undefined : disk(first, 'the first disk the host lists in /sys/block');
}

/** The four rate lists on `path`, each Rate quoted (the spec's form) or a JSON number. */
export function throttleFields(path: string, quoted: boolean): Record<string, unknown> {
  return Object.fromEntries(THROTTLES.map((t) => [t.field, [{ Path: path, Rate: quoted ? String(t.rate) : t.rate }]]));
}

/**
 * Runs THROTTLE_SCRIPT in a container created with the rates on `disk`: sent quoted, as the spec
 * shows them, or, refused so, as JSON numbers. A target refusing both, or a host refusing to start
 * it (the kernel throttles block devices only), leaves the check unverified: the host may not take
 * that device.
 */
export async function throttledContainer(ctx: EngineContext, disk: HostDisk): Promise<Observed> {
  return ctx.setUp(async () => {
    const refusals: string[] = [];
    for (const quoted of [true, false]) {
      const form = quoted ? 'quoted' : 'JSON numbers';
      const fields = { Cmd: ['sh', '-c', THROTTLE_SCRIPT], HostConfig: throttleFields(disk.path, quoted) };
      const { res, id, warnings } = await createRaw(ctx, withoutNetwork(createBody(ctx, fields), false));
      if (res.status !== 201) {
        refusals.push(`Rate ${form}: ${res.status} ${res.text().trim().slice(0, 200)}`);
        continue;
      }
      ctx.observe(`rates on ${disk.path} (${disk.dev}, ${disk.why}) sent ${form}`);
      for (const w of warnings) ctx.observe(`create warning: ${w}`);
      await ctx.start(id!, `device rates on ${disk.path}`);
      const code = await ctx.waitExit(id!);
      return { out: await wholeStdoutOf(ctx, id!), code, warnings };
    }
    return ctx.unverified(`a create with device rates on ${disk.path} (${disk.dev}, ${disk.why}) was refused: ${refusals.join('; ')}`);
  });
}

/** What one field's rule shows, and whether it is the rate sent. */
export interface ThrottleReading {
  field: string;
  ok: boolean;
  expected: string;
  actual: string;
}

/** The `== <path>` sections of THROTTLE_SCRIPT's output. */
function sections(out: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  let lines: string[] | undefined;
  for (const line of out.split('\n').map((l) => l.trim())) {
    if (line.startsWith('== ')) {
      lines = [];
      found.set(line.slice(3), lines);
    } else if (line) lines?.push(line);
  }
  return found;
}

/**
 * Each field's rule on `dev` as the container's cgroup shows it: v1 when its throttle files are
 * there, else v2's io.max; undefined when the container sees neither.
 */
export function readThrottle(o: Observed, dev: string): ThrottleReading[] | undefined {
  const files = sections(o.out);
  if (THROTTLES.some((t) => files.has(v1File(t))))
    return THROTTLES.map((t) => {
      const rules = files.get(v1File(t));
      const expected = `${dev} ${t.rate}`;
      const ok = rules?.some((r) => r.split(/\s+/).join(' ') === expected) === true;
      return { field: t.field, ok, expected: `${expected} in ${v1File(t)}`, actual: rules ? rules.join(' | ') || '(empty)' : 'no such file' };
    });
  const ioMax = files.get(IO_MAX);
  if (!ioMax) return undefined;
  const line = ioMax.find((l) => l.split(/\s+/)[0] === dev);
  const keys = new Map((line ?? '').split(/\s+/).map((kv) => kv.split('=') as [string, string]));
  return THROTTLES.map((t) => ({
    field: t.field,
    ok: keys.get(t.v2) === String(t.rate),
    expected: `${t.v2}=${t.rate} on the ${dev} line of ${IO_MAX}`,
    actual: line ?? `no ${dev} line: ${ioMax.join(' | ') || '(empty)'}`,
  }));
}

/** The files the container would show the rates in, for a reason it shows none. */
export const THROTTLE_FILES = `${THROTTLES.map(v1File).join(', ')} or ${IO_MAX}`;
