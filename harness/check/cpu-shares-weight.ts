/**
 * What the cgroup of a container created with CPU shares (the engine's CpuShares, the cloud
 * service's cpu_shares) shows, judged as a relative weight.
 * cgroup v1 keeps shares: it shows the number given. v2 keeps a weight of its own scale, and
 * runtimes convert by different formulas: runc before 1.3.2 and crun before 1.23 linearly
 * (512 → 20, 1024 → 39, 2048 → 79), later ones by a log-quadratic formula so that 1024 → 100
 * (512 → 59, 2048 → 173). A container created without CpuShares keeps the cgroup's default
 * weight, 100. What holds under every conversion is the order: fewer shares than the default
 * weigh less than that default, and more shares weigh more than fewer (under the linear one,
 * 2048 still weighs less than the default).
 */

/** The file a container printed and its content. */
export interface CgroupReading {
  path: string;
  value: string;
}

export const SHARES_FILE = { v1: '/sys/fs/cgroup/cpu/cpu.shares', v2: '/sys/fs/cgroup/cpu.weight' } as const;

export interface SharesReadings {
  fewer: { shares: number; read: CgroupReading };
  more: { shares: number; read: CgroupReading };
  /** A container created without CpuShares (needed on v2 only). */
  plain?: CgroupReading;
}

export interface SharesVerdict {
  ok: boolean;
  what: string;
  expected: string;
  actual: string;
}

const shown = (r: CgroupReading): string => `${r.path}: ${r.value}`;
const weightOf = (r: CgroupReading): number => (/^\d+$/.test(r.value) ? Number(r.value) : Number.NaN);

/** Whether the readings need the container created without CpuShares: a v2 weight is only judged by its order. */
export const needsPlain = (r: SharesReadings): boolean => r.fewer.read.path === SHARES_FILE.v2 || r.more.read.path === SHARES_FILE.v2;

/**
 * The verdicts on the readings: on v1 each container's shares exactly; on v2 the order of the
 * weights. `field`: the name of the shares setting the verdicts speak of; `given`: how a container
 * got its shares (`created with`, or `updated to` for one container read after each update).
 */
export function judgeShares({ fewer, more, plain }: SharesReadings, field = 'CpuShares', given = 'created with'): SharesVerdict[] {
  if (!needsPlain({ fewer, more })) {
    return [fewer, more].map(({ shares, read }) => ({
      ok: read.path === SHARES_FILE.v1 && read.value === String(shares),
      what: `the cpu.shares of a container ${given} ${field} ${shares}`,
      expected: `${shares} in ${SHARES_FILE.v1}`,
      actual: shown(read),
    }));
  }
  const onV2 = (r: CgroupReading | undefined): boolean => r?.path === SHARES_FILE.v2;
  const withShares = `${field} ${fewer.shares}: ${shown(fewer.read)}; ${field} ${more.shares}: ${shown(more.read)}`;
  const actual = `${withShares}; without ${field}: ${plain ? shown(plain) : 'not read'}`;
  const allV2 = onV2(fewer.read) && onV2(more.read) && onV2(plain);
  return [
    {
      ok: allV2 && weightOf(fewer.read) < weightOf(plain!),
      what: `the cpu.weight of a container ${given} ${field} ${fewer.shares} (fewer than the default), beside one created without ${field}`,
      expected: `below the weight of a container created without ${field}, in ${SHARES_FILE.v2}`,
      actual,
    },
    {
      ok: allV2 && weightOf(more.read) > weightOf(fewer.read),
      what: `the cpu.weight of a container ${given} ${field} ${more.shares}, beside one ${given} ${fewer.shares}`,
      expected: `above the weight of the container ${given} ${field} ${fewer.shares}, in ${SHARES_FILE.v2}`,
      actual,
    },
  ];
}
