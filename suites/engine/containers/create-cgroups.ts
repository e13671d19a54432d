import type { EngineContext } from '../support/context.ts';
import { engineCheck, type EngineCheck } from '../support/check.ts';
import { effectBaseline, effectCheck, expectEffect, observeInside, type Observed } from '../support/effects.ts';
import {
  CGROUP_CASES,
  type CgroupCase,
  type CgroupFile,
  type CgroupReading,
  judgeCgroup,
  noCgroupFile,
  readCgroup,
  FEWER_SHARES,
  MORE_SHARES,
  readFirst,
  SHARES_CGROUP,
  SWAP_FILE,
  SWAP_MEMORY,
  SWAP_TOTAL,
} from '../support/cgroups.ts';
import { judgeShares, needsPlain, type SharesReadings } from '../../../harness/check/cpu-shares-weight.ts';
import { judgeKernelMemory, KERNEL_MEMORY, KERNEL_MEMORY_SCRIPT } from '../support/kernel-memory.ts';
import { BLOCK_DEVICES_SCRIPT, hostDisk, readThrottle, THROTTLE_FILES, throttledContainer, THROTTLES } from '../support/blkio-throttle.ts';

const R = 'engine/containers/create/';

const CPU_SHARES = `${R}host-config-cpu-shares`;
const sharesBaseline = effectBaseline(readFirst(SHARES_CGROUP));

/** CpuShares is a relative weight: judged by cpu-shares-weight.ts (v1 the number given, v2 the order of the weights). */
const cpuSharesCheck = engineCheck({
  id: `${CPU_SHARES}/cgroup`,
  title:
    `CpuShares is the relative weight of the container's cgroup: cpu.shares shows ${FEWER_SHARES} and ${MORE_SHARES} as given (v1); ` +
    `cpu.weight (v2) of CpuShares ${FEWER_SHARES} is below that of a container created without it, of ${MORE_SHARES} above that of ${FEWER_SHARES}`,
  requirements: [CPU_SHARES],
  endpoint: 'engine/containers/create',
  async run(ctx) {
    const script = readFirst(SHARES_CGROUP);
    const [fewer, more] = await Promise.all(
      [FEWER_SHARES, MORE_SHARES].map(async (shares) => {
        const observed = await observeInside(ctx, script, { HostConfig: { CpuShares: shares } });
        const read = readCgroup(observed) ?? ctx.unverified(noCgroupFile(SHARES_CGROUP, `a container created with CpuShares ${shares}`));
        return { shares, observed, read };
      }),
    );
    const readings: SharesReadings = { fewer: fewer!, more: more! };
    if (needsPlain(readings))
      readings.plain = readCgroup(await sharesBaseline(ctx)) ?? ctx.unverified(noCgroupFile(SHARES_CGROUP, 'a container created without CpuShares'));
    // The first verdict is about the container with fewer shares, the second about the one with more.
    const verdicts = judgeShares(readings);
    for (const [i, about] of [fewer!, more!].entries()) {
      const v = verdicts[i]!;
      expectEffect(ctx, about.observed, v.ok, v.what, { requirement: CPU_SHARES, expected: v.expected, actual: v.actual });
    }
  },
});

const SWAP_REQUIREMENT = `${R}host-config-memory-swap-needs-memory`;

/**
 * The swap limit file of a container created with Memory 64 MB and `memorySwap`. A host without
 * swap accounting cannot apply it (no swap file in the cgroup, or the create warns that it
 * discarded a setting while the file shows otherwise): that leaves the effect unverified, never failed.
 */
async function swapLimit(
  ctx: EngineContext,
  memorySwap: number,
  shows: (path: string, value: string) => boolean,
): Promise<{ observed: Observed; ok: boolean; actual: string }> {
  const observed = await observeInside(ctx, readFirst(SWAP_FILE), { HostConfig: { Memory: SWAP_MEMORY, MemorySwap: memorySwap } });
  const [path = '', ...rest] = observed.out.trim().split('\n');
  const value = rest.join(' ').trim();
  const what = `the cgroup of a container created with Memory 64 MB and MemorySwap ${memorySwap}`;
  if (path === 'none') ctx.unverified(`${what} has no swap limit file (${SWAP_FILE.v1}, ${SWAP_FILE.v2}): the host has no swap accounting`);
  const ok = shows(path, value);
  if (!ok && observed.warnings.length)
    ctx.unverified(`${what} shows ${path}: ${value}; the create warned the host discarded a setting: ${observed.warnings.join(' | ')}`);
  return { observed, ok, actual: `${path}: ${value}` };
}

/** Unlimited as a limit file of the cgroup shows it: v2 `max`, v1 the page-rounded maximum (2^63 less a page). */
const unlimitedIn =
  (file: CgroupFile) =>
  (path: string, value: string): boolean =>
    path === file.v2 ? value === 'max' : /^\d{19}$/.test(value) && BigInt(value) >= 2n ** 62n;
const unlimited = unlimitedIn(SWAP_FILE);

const memorySwapChecks: EngineCheck[] = [
  engineCheck({
    id: `${SWAP_REQUIREMENT}/cgroup`,
    title:
      'MemorySwap is total memory plus swap: with Memory 64 MB, MemorySwap 96 MB limits memory+swap to 96 MB (memory.memsw.limit_in_bytes or memory.swap.max)',
    requirements: [SWAP_REQUIREMENT],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const v1 = String(SWAP_TOTAL);
      const expected = `${v1} in ${SWAP_FILE.v1} or ${SWAP_FILE.v2Text(v1)} in ${SWAP_FILE.v2}`;
      const shows = (path: string, value: string) => value === (path === SWAP_FILE.v2 ? SWAP_FILE.v2Text(v1) : v1);
      const { observed, ok, actual } = await swapLimit(ctx, SWAP_TOTAL, shows);
      expectEffect(ctx, observed, ok, 'the swap limit of a container created with Memory 64 MB and MemorySwap 96 MB', {
        requirement: SWAP_REQUIREMENT,
        expected,
        actual,
      });
    },
  }),
  engineCheck({
    id: 'engine/limits/memory-swap/cgroup',
    title: 'MemorySwap -1 is unlimited swap: with Memory 64 MB the swap limit of the cgroup is unlimited (memory.memsw.limit_in_bytes or memory.swap.max)',
    requirements: ['engine/limits/memory-swap'],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const { observed, ok, actual } = await swapLimit(ctx, -1, unlimited);
      expectEffect(ctx, observed, ok, 'the swap limit of a container created with Memory 64 MB and MemorySwap -1', {
        requirement: 'engine/limits/memory-swap',
        expected: `unlimited: max in ${SWAP_FILE.v2}, or the maximum in ${SWAP_FILE.v1}`,
        actual,
      });
    },
  }),
];

const RESERVATION = `${R}host-config-memory-reservation`;
/** The hard memory limit: the file the Memory case reads. */
const HARD_LIMIT = CGROUP_CASES.find((c) => c.field === 'Memory')!.file;

/** MemoryReservation is "soft": with no Memory beside it, the container's hard limit stays unlimited. */
const softOnlyCheck = effectCheck({
  requirement: RESERVATION,
  id: `${RESERVATION}/soft-only`,
  title:
    '(1.22) MemoryReservation is a soft limit: a container created with MemoryReservation 32 MB and no Memory has no hard memory limit ' +
    `(${HARD_LIMIT.v1.split('/').pop()} or ${HARD_LIMIT.v2.split('/').pop()} unlimited)`,
  versions: ['1.22'],
  fields: () => ({ HostConfig: { MemoryReservation: 32 * 1024 * 1024 } }),
  script: readFirst(HARD_LIMIT),
  judge: (o) => {
    const read = readCgroup(o);
    const what = 'the hard memory limit of a container created with MemoryReservation 32 MB and no Memory';
    return {
      ok: read !== undefined && unlimitedIn(HARD_LIMIT)(read.path, read.value),
      message: `${what} (${read?.path || 'no cgroup file'})`,
      expected: `unlimited: max in ${HARD_LIMIT.v2}, or the maximum in ${HARD_LIMIT.v1}`,
      actual: read ? `${read.path}: ${read.value}` : 'neither cgroup file exists in the container',
      ...(read ? {} : { unverified: noCgroupFile(HARD_LIMIT, what) }),
    };
  },
});

const KERNEL_MEMORY_REQUIREMENT = `${R}host-config-kernel-memory`;

/** KernelMemory is the kernel memory limit of the cgroup, where the host has one (support/kernel-memory.ts). */
const kernelMemoryCheck = effectCheck({
  requirement: KERNEL_MEMORY_REQUIREMENT,
  id: `${KERNEL_MEMORY_REQUIREMENT}/cgroup`,
  title:
    `(1.22) KernelMemory ${KERNEL_MEMORY} is the kernel memory limit of the container's cgroup (memory.kmem.limit_in_bytes); ` +
    'unverified where the host has none (cgroup v2, Linux 5.16 and later)',
  versions: ['1.22'],
  fields: () => ({ HostConfig: { KernelMemory: KERNEL_MEMORY } }),
  script: KERNEL_MEMORY_SCRIPT,
  judge: judgeKernelMemory,
});

const RATES = `${R}host-config-blkio-device-rates`;
const blockDevices = effectBaseline(BLOCK_DEVICES_SCRIPT);

/**
 * The device rates throttle the container's block I/O: each is the rule of its cgroup file on a
 * disk of the host (found from a container: the one holding its /etc/hosts). No disk, a host that
 * refuses the device, or no throttle file in the container leave the check unverified.
 */
const blkioThrottleCheck = engineCheck({
  id: `${RATES}/cgroup`,
  title:
    "(1.22) BlkioDeviceReadBps, WriteBps, ReadIOps and WriteIOps on a disk of the host are the throttle of the container's cgroup " +
    '(blkio.throttle.*_device, or io.max)',
  requirements: [RATES],
  endpoint: 'engine/containers/create',
  versions: ['1.22'],
  async run(ctx) {
    const listed = await blockDevices(ctx);
    const disk =
      hostDisk(listed.out) ??
      ctx.unverified(`a container sees no block device of the host in /sys/block (${listed.out.trim().slice(0, 200)}): no device to throttle`);
    const observed = await throttledContainer(ctx, disk);
    const what = `the cgroup of a container created with device rates on ${disk.path} (${disk.dev})`;
    const readings =
      readThrottle(observed, disk.dev) ?? ctx.unverified(`${what} has none of ${THROTTLE_FILES}: the host does not show the throttle to containers`);
    if (readings.some((r) => !r.ok) && observed.warnings.length)
      ctx.unverified(`${what} does not show every rate; the create warned the host discarded a setting: ${observed.warnings.join(' | ')}`);
    for (const r of readings) {
      const sent = THROTTLES.find((t) => t.field === r.field)!.rate;
      expectEffect(ctx, observed, r.ok, `${r.field} ${sent} is the rule of ${what}`, { requirement: RATES, expected: r.expected, actual: r.actual });
    }
  },
});

const base = (path: string) => path.split('/').pop();
/** The files a reading shows: v1 (one or two) or v2. */
const fileNames = (f: CgroupFile) =>
  `${[f.v1, f.v1With]
    .filter((p) => p !== undefined)
    .map(base)
    .join(' and ')} or ${base(f.v2)}`;

/** A host whose default already is the value sent (one CPU: cpuset 0) cannot show the field's effect. */
const showsByDefault = (c: CgroupCase) => (o: Observed) => !judgeCgroup(o, c.file, c.v1Value, '').ok;

/**
 * The check of a cgroup case: a container created with the field shows it in its cgroup; where the
 * case has a second reading (the field beside another that its meaning depends on), a second
 * container created with those fields shows it too, each judged on its own.
 */
function cgroupCaseCheck(c: CgroupCase): EngineCheck {
  const sent = `${c.field} ${JSON.stringify(c.sent)}`;
  const common = {
    id: `${c.requirement}/cgroup`,
    title:
      `${c.versions ? '(1.22) ' : ''}${sent} is the limit of the container's cgroup (${fileNames(c.file)})` +
      (c.also ? `, and ${c.also.label} shows both (${fileNames(c.also.file)}: ${c.also.v1Value})` : ''),
    ...(c.versions ? { versions: c.versions } : {}),
  };
  const alone: CgroupReading = { fields: { [c.field]: c.sent }, label: sent, v1Value: c.v1Value, file: c.file };
  if (!c.also)
    return effectCheck({
      ...common,
      requirement: c.requirement,
      fields: () => ({ HostConfig: alone.fields }),
      script: readFirst(c.file),
      baseline: showsByDefault(c),
      judge: (o) => judgeCgroup(o, c.file, c.v1Value, `the cgroup of a container created with ${sent}`),
    });
  const baseline = effectBaseline(readFirst(c.file));
  const readings = [alone, c.also];
  return engineCheck({
    ...common,
    requirements: [c.requirement],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const plain = await baseline(ctx);
      if (!showsByDefault(c)(plain))
        ctx.notApplicable(
          `a container created without ${c.field} already shows ${c.v1Value} (${plain.out.trim().slice(0, 200)}): the field's own effect cannot be told apart`,
        );
      const observed = await Promise.all(readings.map((r) => observeInside(ctx, readFirst(r.file), { HostConfig: r.fields })));
      for (const [i, r] of readings.entries()) {
        const v = judgeCgroup(observed[i]!, r.file, r.v1Value, `the cgroup of a container created with ${r.label}`);
        if (v.unverified) ctx.cannotVerify(v.unverified);
        else expectEffect(ctx, observed[i]!, v.ok, v.message, { requirement: c.requirement, expected: v.expected, actual: v.actual });
      }
    },
  });
}

/**
 * Spec: Resources > HostConfig fields: resource limits are seen by the container's own process in
 * its cgroup (v1 or v2 files), not only echoed by inspect.
 */
export default [
  ...CGROUP_CASES.map(cgroupCaseCheck),
  softOnlyCheck,
  kernelMemoryCheck,
  cpuSharesCheck,
  ...memorySwapChecks,
  blkioThrottleCheck,
] satisfies EngineCheck[];
