/**
 * The cgroup files a container sees for its resource settings (v1 per controller, v2 unified), and
 * the settings whose effect the checks read there: one value sent, the file that shows it.
 */
import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { SHARES_FILE } from '../../../harness/check/cpu-shares-weight.ts';
import type { Judgement, Observed } from './effects.ts';

const R = 'engine/containers/create/';
const MB = 1024 * 1024;

/** The cgroup file the container sees for a setting: cgroup v1 (per controller) or v2 (unified). */
export interface CgroupFile {
  v1: string;
  v2: string;
  /** The v2 file's text for the value the v1 file shows. */
  v2Text(v1: string): string;
  /** A second v1 file printed after the first (v1 splits over two files what the v2 file shows in one): the v1 value is both, space-separated. */
  v1With?: string;
}

export const same = (v: string) => v;

/** Prints the path of the first of the files that exists, then its content; `none` when neither does (a v1 setting without v2 counterpart has one). */
export function readFirst(file: Pick<CgroupFile, 'v1'> & Partial<Pick<CgroupFile, 'v2' | 'v1With'>>): string {
  if (file.v1With)
    return (
      `if [ -e ${file.v1} ]; then echo ${file.v1}; cat ${file.v1} ${file.v1With}; ` +
      `elif [ -e ${file.v2} ]; then echo ${file.v2}; cat ${file.v2}; else echo none; fi`
    );
  const paths = [file.v1, file.v2].filter(Boolean).join(' ');
  return `for f in ${paths}; do if [ -e $f ]; then echo $f; cat $f; exit 0; fi; done; echo none`;
}

/** The file a container printed with readFirst and its content; undefined when neither file exists. */
export function readCgroup(o: Observed): { path: string; value: string } | undefined {
  const [path = '', ...rest] = o.out.trim().split('\n');
  return path === 'none' ? undefined : { path, value: rest.join(' ').trim() };
}

/** A host whose containers see neither file cannot show the setting: that is no departure of the target. */
export const noCgroupFile = (file: CgroupFile, what: string): string =>
  `${what} sees neither ${file.v1} nor ${file.v2}: the host does not show this cgroup setting to containers`;

export function judgeCgroup(o: Observed, file: CgroupFile, v1Value: string, what: string): Judgement {
  const read = readCgroup(o);
  const expected = read?.path === file.v2 ? file.v2Text(v1Value) : v1Value;
  return {
    ok: read !== undefined && (read.path === file.v1 || read.path === file.v2) && read.value === expected,
    message: `${what} (${read?.path || 'no cgroup file'})`,
    expected: `${expected} in ${file.v1}${file.v1With ? ` and ${file.v1With}` : ''} or ${file.v2}`,
    actual: read ? `${read.path}: ${read.value}` : 'neither cgroup file exists in the container',
    ...(read ? {} : { unverified: noCgroupFile(file, what) }),
  };
}

export interface CgroupCase {
  requirement: string;
  field: string;
  sent: number | string;
  /** What the v1 file shows for the value sent. */
  v1Value: string;
  file: CgroupFile;
  versions?: EngineVersion[];
  /** A second container the check reads: the field given beside another that its meaning depends on. */
  also?: CgroupReading;
}

/** The fields a container is created with, and what its cgroup file shows for them. */
export interface CgroupReading {
  fields: Readonly<Record<string, unknown>>;
  label: string;
  v1Value: string;
  file: CgroupFile;
}

/**
 * CpuQuota is microseconds of CPU time per period: given with a CpuPeriod other than the default,
 * the quota is that many microseconds of each of those periods. The container's cgroup shows both
 * (v1 cpu.cfs_quota_us and cpu.cfs_period_us, v2 cpu.max `quota period`); a quota rescaled to
 * another period shows another number.
 */
export const QUOTA_IN_PERIOD: CgroupReading = {
  fields: { CpuPeriod: 50000, CpuQuota: 25000 },
  label: 'CpuQuota 25000 with CpuPeriod 50000',
  v1Value: '25000 50000',
  file: {
    v1: '/sys/fs/cgroup/cpu/cpu.cfs_quota_us',
    v1With: '/sys/fs/cgroup/cpu/cpu.cfs_period_us',
    v2: '/sys/fs/cgroup/cpu.max',
    v2Text: same,
  },
};

export const CGROUP_CASES: CgroupCase[] = [
  {
    requirement: `${R}host-config-memory`,
    field: 'Memory',
    sent: 64 * MB,
    v1Value: String(64 * MB),
    file: { v1: '/sys/fs/cgroup/memory/memory.limit_in_bytes', v2: '/sys/fs/cgroup/memory.max', v2Text: same },
  },
  {
    requirement: `${R}host-config-memory-reservation`,
    field: 'MemoryReservation',
    sent: 32 * MB,
    v1Value: String(32 * MB),
    file: { v1: '/sys/fs/cgroup/memory/memory.soft_limit_in_bytes', v2: '/sys/fs/cgroup/memory.low', v2Text: same },
    versions: ['1.22'],
  },
  {
    requirement: `${R}host-config-cpu-quota`,
    field: 'CpuQuota',
    sent: 50000,
    v1Value: '50000',
    file: { v1: '/sys/fs/cgroup/cpu/cpu.cfs_quota_us', v2: '/sys/fs/cgroup/cpu.max', v2Text: (q) => `${q} 100000` },
    versions: ['1.22'],
    also: QUOTA_IN_PERIOD,
  },
  {
    requirement: `${R}host-config-cpu-period`,
    field: 'CpuPeriod',
    sent: 50000,
    v1Value: '50000',
    file: { v1: '/sys/fs/cgroup/cpu/cpu.cfs_period_us', v2: '/sys/fs/cgroup/cpu.max', v2Text: (p) => `max ${p}` },
    versions: ['1.22'],
  },
  {
    requirement: `${R}host-config-cpuset-cpus`,
    field: 'CpusetCpus',
    sent: '0',
    v1Value: '0',
    file: { v1: '/sys/fs/cgroup/cpuset/cpuset.cpus', v2: '/sys/fs/cgroup/cpuset.cpus', v2Text: same },
  },
];

/** CpuShares's file: v1 cpu.shares, v2 cpu.weight (a weight of its own scale, judged by cpu-shares-weight.ts). */
export const SHARES_CGROUP: CgroupFile = { ...SHARES_FILE, v2Text: same };
/** Below and above the default of 1024 shares. */
export const FEWER_SHARES = 512;
export const MORE_SHARES = 2048;

export const SWAP_MEMORY = 64 * MB;
/** Not twice Memory: that is what a daemon sets when MemorySwap is not given, so it would not show the field. */
export const SWAP_TOTAL = 96 * MB;
/** The swap limit beside a Memory of `memory` bytes: v1 limits memory plus swap; v2 limits the swap alone (the total less Memory). */
export const swapFile = (memory: number): CgroupFile => ({
  v1: '/sys/fs/cgroup/memory/memory.memsw.limit_in_bytes',
  v2: '/sys/fs/cgroup/memory.swap.max',
  v2Text: (total) => String(Number(total) - memory),
});
export const SWAP_FILE: CgroupFile = swapFile(SWAP_MEMORY);
