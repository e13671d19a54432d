import { engineCheck } from '../support/check.ts';
import { BUILD_ENDPOINT, buildName, expectBuildSucceeded, intermediatesAfter, markedBuild } from '../support/build.ts';
import type { EngineContext } from '../support/context.ts';
import type { Query } from '../../../harness/protocol/query.ts';

/**
 * Spec: Endpoints > Images > 26. POST /build: `rm` (remove intermediate containers after success),
 * `forcerm`, and the limits `memory`, `memswap`, `cpushares`, `cpusetcpus`, (1.22) `cpuperiod`,
 * `cpuquota`, read on the containers a build with rm=0 keeps (postBuild removes them afterwards). The
 * containers are found by a marker their RUN step's command holds; the output's wording is not stated.
 */
const KEEP = 'engine/images/build/query-rm';

type HostConfig = Record<string, unknown>;

/**
 * Builds one RUN step with rm=0&forcerm=0 and the extra query; returns the HostConfig of every
 * intermediate container left, each of which must still exist (`requirement`): those of the list
 * whose Command holds the step's marker, and those the output names. That neither source finds
 * one is a breach: a kept container is in the list, whatever the output says.
 */
async function keptContainers(ctx: EngineContext, purpose: string, query: Query, requirement: string): Promise<HostConfig[]> {
  const { result, marker } = await markedBuild(ctx, 'true', { t: buildName(ctx, purpose), rm: false, forcerm: false, ...query });
  expectBuildSucceeded(ctx, result, 'build with rm=0&forcerm=0', requirement);
  const { marked, named } = await intermediatesAfter(ctx, result, marker);
  for (const { id, status } of named)
    ctx.expect(status === 200, `after a successful build with rm=0&forcerm=0 the intermediate container ${id} its output names is gone`, {
      expected: 200,
      actual: status,
      requirement,
    });
  const left = [...marked, ...named.filter((n) => n.status === 200).map((n) => n.id)];
  ctx.expect(left.length > 0, 'after a successful build with rm=0&forcerm=0 no intermediate container is left', {
    expected: `a container in GET /containers/json?all=1 whose Command holds the RUN step's marker ${marker} (or one the output names)`,
    actual: { listed: 'none with the marker', namedByOutput: named },
    requirement,
  });
  const kept: HostConfig[] = [];
  for (const id of left) {
    const res = await ctx.api.get(`/containers/${id}/json`);
    ctx.expect(res.status === 200, `after a successful build with rm=0&forcerm=0 the intermediate container ${id} cannot be inspected`, {
      expected: 200,
      actual: res.status,
      requirement,
    });
    if (res.status === 200) kept.push(ctx.expectJson<{ HostConfig?: HostConfig }>(res, `inspect of ${id}`, requirement).HostConfig ?? {});
  }
  return kept;
}

interface Limit {
  /** The query parameter sent with the value; undefined where the value is the default of a parameter left out. */
  param?: string;
  value: number | string;
  field: string;
}

/** A build with rm=0 and `limits`: each kept container's HostConfig shows every limit (`requirement`). */
async function expectLimitsApplied(ctx: EngineContext, purpose: string, limits: Limit[], requirement: string): Promise<void> {
  const query = Object.fromEntries(limits.flatMap((l) => (l.param ? [[l.param, l.value]] : [])));
  const kept = await ctx.setUp(() => keptContainers(ctx, purpose, query, KEEP), KEEP);
  for (const host of kept)
    for (const { param, value, field } of limits)
      ctx.verify(host[field] === value, `the build container's HostConfig.${field} is not ${param ? `the ${param} of the build` : 'the stated default'}`, {
        expected: value,
        actual: host[field],
        requirement,
      });
}

export default [
  engineCheck({
    id: KEEP,
    title: 'rm=0 (with forcerm=0) keeps the intermediate containers of a successful build',
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      await keptContainers(ctx, 'keep', {}, KEEP);
    },
  }),
  engineCheck({
    id: 'engine/images/build/query-resource-limits',
    title: 'memory, memswap, cpushares and cpusetcpus apply to the build containers (the HostConfig of those rm=0 keeps)',
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      const limits = [
        { param: 'memory', value: 64 * 1024 * 1024, field: 'Memory' },
        // -1 (unlimited swap) is valid with or without memory: a target that drops memory still keeps the containers.
        { param: 'memswap', value: -1, field: 'MemorySwap' },
        { param: 'cpushares', value: 512, field: 'CpuShares' },
        { param: 'cpusetcpus', value: '0', field: 'CpusetCpus' },
      ];
      await expectLimitsApplied(ctx, 'limits', limits, 'engine/images/build/query-resource-limits');
    },
  }),
  engineCheck({
    id: 'engine/images/build/query-cpu-period-quota',
    title: '(1.22) cpuperiod and cpuquota apply to the build containers (the HostConfig of those rm=0 keeps)',
    endpoint: BUILD_ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const limits = [
        { param: 'cpuperiod', value: 100_000, field: 'CpuPeriod' },
        { param: 'cpuquota', value: 50_000, field: 'CpuQuota' },
      ];
      await expectLimitsApplied(ctx, 'cpu-quota', limits, 'engine/images/build/query-cpu-period-quota');
    },
  }),
  engineCheck({
    id: 'engine/images/build/query-shmsize/applied',
    title: '(1.22) shmsize applies to the build containers (the HostConfig.ShmSize of those rm=0 keeps), not the 64 MB default',
    requirements: ['engine/images/build/query-shmsize'],
    endpoint: BUILD_ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      await expectLimitsApplied(ctx, 'shm', [{ param: 'shmsize', value: 128 * 1024 * 1024, field: 'ShmSize' }], 'engine/images/build/query-shmsize');
    },
  }),
  engineCheck({
    id: 'engine/images/build/query-shmsize/default',
    title: '(1.22) without shmsize the build containers get the 64 MB default (the HostConfig.ShmSize of those rm=0 keeps)',
    requirements: ['engine/images/build/query-shmsize'],
    endpoint: BUILD_ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      await expectLimitsApplied(ctx, 'shm-default', [{ value: 64 * 1024 * 1024, field: 'ShmSize' }], 'engine/images/build/query-shmsize');
    },
  }),
];
