/**
 * What the Info host flags name: MemoryLimit and SwapLimit (I in 1.18, B in 1.22), (1.22) CpuCfsQuota
 * and CpuCfsPeriod, each the daemon's support of the container setting it is named after. The
 * flag is judged in the one direction a container shows: a setting whose effect the container's
 * own cgroup shows is supported, so the daemon may not say false (0). OomKillDisable is judged
 * where its effect is seen (memory-limit.ts).
 */
import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { CGROUP_CASES, type CgroupFile, judgeCgroup, readFirst, SWAP_FILE, SWAP_MEMORY, SWAP_TOTAL } from '../support/cgroups.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { observeInside } from '../support/effects.ts';

export const HOST_FLAGS = 'engine/system/info/host-flags-support';

interface FlagCase {
  flag: string;
  versions: readonly EngineVersion[];
  fields: Record<string, unknown>;
  file: CgroupFile;
  v1Value: string;
}

function fromCgroupCase(flag: string, field: string, versions: readonly EngineVersion[]): FlagCase {
  const c = CGROUP_CASES.find((k) => k.field === field)!;
  return { flag, versions, fields: { [field]: c.sent }, file: c.file, v1Value: c.v1Value };
}

const FLAGS: FlagCase[] = [
  fromCgroupCase('MemoryLimit', 'Memory', ['1.18', '1.22']),
  {
    flag: 'SwapLimit',
    versions: ['1.18', '1.22'],
    fields: { Memory: SWAP_MEMORY, MemorySwap: SWAP_TOTAL },
    file: SWAP_FILE,
    v1Value: String(SWAP_TOTAL),
  },
  fromCgroupCase('CpuCfsQuota', 'CpuQuota', ['1.22']),
  fromCgroupCase('CpuCfsPeriod', 'CpuPeriod', ['1.22']),
];

/** A flag that says supported: true (1.22), 1 in 1.18; the spelling per version is versioning's to judge. */
export const saysSupported = (value: unknown): boolean => value === true || value === 1;

/** The flags whose setting took effect in a container of this check's, each with what showed it. */
async function supportedByEffect(ctx: EngineContext): Promise<ShownSupport[]> {
  const cases = FLAGS.filter((f) => f.versions.includes(ctx.version));
  const judged = await Promise.all(
    cases.map(async (f) => {
      const what = `a container created with ${JSON.stringify(f.fields)}`;
      const verdict = judgeCgroup(await observeInside(ctx, readFirst(f.file), { HostConfig: f.fields }), f.file, f.v1Value, what);
      if (!verdict.ok) ctx.observe(`${f.flag} not judged: ${what} did not show the setting (${verdict.actual})`);
      return verdict.ok ? { flag: f.flag, shown: `${what} showed in its cgroup (${String(verdict.actual)})` } : undefined;
    }),
  );
  return judged.filter((j) => j !== undefined);
}

/** A flag whose setting a container showed, and what showed it. */
export interface ShownSupport {
  flag: string;
  shown: string;
}

/** Info (read once) says each flag of `supported` is supported: a container showed its setting's effect. */
export async function expectFlagsSupported(ctx: EngineContext, supported: readonly ShownSupport[]): Promise<void> {
  const res = await ctx.api.get('/info');
  ctx.expectStatus(res, 200, 'GET /info', HOST_FLAGS);
  const info = ctx.expectJson<Record<string, unknown>>(res, 'GET /info', HOST_FLAGS);
  for (const { flag, shown } of supported)
    ctx.expect(saysSupported(info[flag]), `Info ${flag} says unsupported the setting that ${shown}`, {
      expected: ctx.version === '1.18' ? '1 (or true)' : true,
      actual: info[flag] ?? 'left out',
      requirement: HOST_FLAGS,
    });
}

export default [
  engineCheck({
    id: HOST_FLAGS,
    title:
      'Info MemoryLimit, SwapLimit and (1.22) CpuCfsQuota and CpuCfsPeriod say supported where a container created with Memory, ' +
      'MemorySwap, CpuQuota or CpuPeriod shows it in its cgroup',
    endpoint: 'engine/system/info',
    async run(ctx) {
      const supported = await supportedByEffect(ctx);
      if (!supported.length) ctx.unverified('no container of this check showed its setting in its cgroup: no flag can be judged on this host');
      await expectFlagsSupported(ctx, supported);
    },
  }),
];
