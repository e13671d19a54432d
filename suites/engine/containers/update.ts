import { engineCheck } from '../support/check.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { EngineContext } from '../support/context.ts';
import { discardedByHost, type Observed } from '../support/effects.ts';
import {
  CGROUP_CASES,
  FEWER_SHARES,
  judgeCgroup,
  MORE_SHARES,
  noCgroupFile,
  QUOTA_IN_PERIOD,
  readCgroup as readCgroupFile,
  readFirst,
  SHARES_CGROUP,
  swapFile,
} from '../support/cgroups.ts';
import { judgeShares, type CgroupReading as SharesReading } from '../../../harness/check/cpu-shares-weight.ts';
import { execStdout } from '../support/exec.ts';
import { noSuchContainerCheck } from '../support/lifecycle.ts';

const ENDPOINT = 'engine/containers/update';
const SHARES = 512;
const MB = 1024 * 1024;

/**
 * The update body fields (spec: any of ...), in groups a host applies together (swap above
 * memory, a quota within its period). A host that cannot apply one may discard it with a warning.
 * The quota is given with a period other than the default, so that it shows as microseconds of that period.
 */
const QUOTA_GROUP = QUOTA_IN_PERIOD.fields;
/** MemorySwap not twice Memory: that is what a daemon sets when MemorySwap is not given, so it would not show the field. */
const MEMORY_GROUP = { Memory: 96 * MB, MemorySwap: 160 * MB, MemoryReservation: 48 * MB };
const UPDATE_GROUPS: ReadonlyArray<Record<string, unknown>> = [{ CpuShares: SHARES }, QUOTA_GROUP, { CpusetCpus: '0', CpusetMems: '0' }, MEMORY_GROUP];

/**
 * The updated values read back in the running container's cgroup: the cgroup file of each, with
 * the group that sets it. The quota is read with its period (cfs_quota_us and cfs_period_us, or
 * cpu.max); MemorySwap as the swap limit beside the group's Memory (memsw, or swap.max less Memory).
 * CpuShares, a relative weight, is judged apart (judgeSharesUpdates).
 */
const CGROUP_READS = (['Memory', 'MemoryReservation', 'MemorySwap', 'CpuQuota', 'CpusetCpus'] as const).map((field) => {
  const group = UPDATE_GROUPS.find((g) => field in g)!;
  if (field === 'CpuQuota') return { field, group, file: QUOTA_IN_PERIOD.file, v1Value: QUOTA_IN_PERIOD.v1Value, label: QUOTA_IN_PERIOD.label };
  const file = field === 'MemorySwap' ? swapFile(MEMORY_GROUP.Memory) : CGROUP_CASES.find((c) => c.field === field)!.file;
  return { field, group, file, v1Value: String(group[field]), label: `${field} ${String(group[field])}` };
});
type CgroupRead = (typeof CGROUP_READS)[number];

/** What `script` prints run as an exec in the running container `id`, as the cgroup helpers read it. */
async function execOutput(ctx: EngineContext, id: string, script: string): Promise<Observed> {
  return { out: await execStdout(ctx, id, script), code: 0, warnings: [] };
}

function cpuShares(ctx: EngineContext, id: string): Promise<unknown> {
  return ctx.inspect(id).then((c) => (c.HostConfig as Record<string, unknown>).CpuShares);
}

/** The check that reports an update route the target does not serve; the others are blocked by it. */
const SERVED = 'engine/containers/update/200-response-schema';

/**
 * POST /update of a running container. A 404 for it blocks the check when the route is not served:
 * when a valid update of the same container is answered 404 too (otherwise the 404 is the answer
 * to this body, judged by the check).
 */
async function updateServed(ctx: EngineContext, id: string, body: Record<string, unknown>): Promise<HttpResponse> {
  const res = await ctx.api.post(`/containers/${id}/update`, { json: body });
  if (res.status !== 404) return res;
  const valid = await ctx.api.post(`/containers/${id}/update`, { json: { CpuShares: SHARES } });
  if (valid.status === 404)
    ctx.blockedBy(SERVED, `POST /containers/(id)/update answered 404 for the running container ${id.slice(0, 12)}: ${res.text().trim().slice(0, 120)}`);
  return res;
}

/**
 * One update of `group`: 200, and inspect HostConfig shows each value sent (or the answer warned
 * that the host discarded it). Returns how many of the values took effect.
 */
async function expectUpdated(ctx: EngineContext, id: string, group: Record<string, unknown>): Promise<number> {
  const res = await updateServed(ctx, id, group);
  ctx.expectStatus(res, 200, `update of ${Object.keys(group).join(', ')}`);
  const warnings = warningsOf(ctx, res);
  const stored = (await ctx.inspect(id)).HostConfig as Record<string, unknown>;
  let applied = 0;
  for (const [field, sent] of Object.entries(group)) {
    const kept = stored[field] === sent;
    if (kept) applied++;
    if (!kept && warnings.length) ctx.observe(`update of ${field} ${JSON.stringify(sent)} was discarded with a warning: ${warnings.join(' | ')}`);
    ctx.expect(kept || warnings.length > 0, `after the update, inspect HostConfig.${field} is ${JSON.stringify(sent)}, got ${JSON.stringify(stored[field])}`, {
      expected: sent,
      actual: stored[field],
    });
  }
  return applied;
}

/**
 * A warning excuses a value the host discarded, but an update of which no value took effect
 * verified nothing of the rule: unverified, not passed.
 */
function expectSomeApplied(ctx: EngineContext, applied: number, fields: string): void {
  if (applied === 0) ctx.unverified(`every value given (${fields}) was discarded with a warning: whether an update takes effect is unverified on this host`);
}

/** The Warnings of an update answer: a value that is neither a list nor null fails the check, naming the answer's shape. */
function warningsOf(ctx: EngineContext, res: HttpResponse): string[] {
  const warnings = ctx.expectJson<{ Warnings?: unknown }>(res, 'update response').Warnings;
  if (warnings !== undefined && warnings !== null && !Array.isArray(warnings))
    ctx.fail('the update response Warnings is not a list', {
      expected: '[S] or null',
      actual: warnings,
      requirement: 'engine/containers/update/200-response-schema',
    });
  return (Array.isArray(warnings) ? warnings : []).filter((w): w is string => typeof w === 'string' && w !== '');
}

/** A field's cgroup file read by an exec in the running container, judged against the value the update sends. */
async function readCgroup(ctx: EngineContext, id: string, { file, v1Value, label }: CgroupRead): Promise<ReturnType<typeof judgeCgroup>> {
  const what = `the running container's cgroup after an update of ${label}`;
  return judgeCgroup(await execOutput(ctx, id, readFirst(file)), file, v1Value, what);
}

/**
 * The fields updated in a running container and read back in its cgroup: each read before (the
 * value must not be there yet), each group sent once, each read after. A field is judged on its
 * own; one that cannot be (no cgroup file, already there, discarded with a warning) is said so.
 */
async function judgeUpdatesInCgroup(ctx: EngineContext, id: string): Promise<void> {
  const pending: CgroupRead[] = [];
  for (const read of CGROUP_READS) {
    const before = await readCgroup(ctx, id, read);
    if (before.unverified) ctx.cannotVerify(before.unverified);
    else if (before.ok) ctx.cannotVerify(`the container's cgroup showed ${read.label} before the update: its effect cannot be told apart`);
    else pending.push(read);
  }
  for (const group of new Set(pending.map((r) => r.group))) {
    const res = await updateServed(ctx, id, group);
    ctx.expectStatus(res, 200, `update of ${Object.keys(group).join(', ')}`);
    const warnings = warningsOf(ctx, res);
    const stored = (await ctx.inspect(id)).HostConfig as Record<string, unknown>;
    for (const read of pending.filter((r) => r.group === group && discardedByHost(warnings, stored[r.field], group[r.field]))) {
      ctx.cannotVerify(`the host cannot apply ${read.field}: the update was accepted with the value discarded and a warning: ${warnings.join(' | ')}`);
      pending.splice(pending.indexOf(read), 1);
    }
  }
  for (const read of pending) {
    const after = await readCgroup(ctx, id, read);
    if (after.unverified) ctx.cannotVerify(after.unverified);
    else ctx.expect(after.ok, after.message, { expected: after.expected, actual: after.actual });
  }
}

/**
 * CpuShares updated below, then above the default (512, then 2048) in the running container, its
 * shares file read before (the default it was created with) and after each update; judged as the
 * create check judges it (cpu-shares-weight.ts: v1 the number given, v2 the order of the weights).
 */
async function judgeSharesUpdates(ctx: EngineContext, id: string): Promise<void> {
  const what = 'the running container';
  const readShares = async (): Promise<SharesReading | undefined> => readCgroupFile(await execOutput(ctx, id, readFirst(SHARES_CGROUP)));
  const plain = await readShares();
  if (!plain) return ctx.cannotVerify(noCgroupFile(SHARES_CGROUP, what));
  const after: Array<{ shares: number; read: SharesReading }> = [];
  for (const shares of [FEWER_SHARES, MORE_SHARES]) {
    const res = await updateServed(ctx, id, { CpuShares: shares });
    ctx.expectStatus(res, 200, `update of CpuShares ${shares}`);
    const warnings = warningsOf(ctx, res);
    const stored = ((await ctx.inspect(id)).HostConfig as Record<string, unknown>).CpuShares;
    if (discardedByHost(warnings, stored, shares))
      return ctx.cannotVerify(`the host cannot apply CpuShares: the update was accepted with the value discarded and a warning: ${warnings.join(' | ')}`);
    const read = await readShares();
    if (!read) return ctx.cannotVerify(noCgroupFile(SHARES_CGROUP, `${what} after an update of CpuShares ${shares}`));
    after.push({ shares, read });
  }
  for (const v of judgeShares({ fewer: after[0]!, more: after[1]!, plain }, 'CpuShares', 'updated to'))
    ctx.expect(v.ok, `${v.what}, read in its cgroup after the update`, { expected: v.expected, actual: v.actual });
}

/** Spec: Endpoints > Containers > 14. (1.22) POST /containers/(id or name)/update. */
export default [
  engineCheck({
    id: SERVED,
    title: '(1.22) POST /update answers 200 with {Warnings [S]}',
    requirements: ['engine/containers/update/200-response-schema'],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300']);
      const res = await ctx.api.post(`/containers/${id}/update`, { json: { CpuShares: SHARES } });
      ctx.expectStatus(res, 200, 'update of a running container');
      ctx.expectVersionSchema('container-update-response', ctx.expectJson(res, 'update response'), 'update response');
    },
  }),
  engineCheck({
    id: 'engine/containers/update/body-resource-fields',
    title: '(1.22) the resource values given to POST /update take effect (inspect HostConfig shows them), each group of fields in an update of its own',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300']);
      let applied = 0;
      for (const group of UPDATE_GROUPS) applied += await expectUpdated(ctx, id, group);
      expectSomeApplied(ctx, applied, UPDATE_GROUPS.flatMap((g) => Object.keys(g)).join(', '));
    },
  }),
  engineCheck({
    id: 'engine/containers/update/body-resource-fields/cgroup',
    title:
      '(1.22) Memory, MemoryReservation, MemorySwap, CpuQuota (with a CpuPeriod of 50000), CpusetCpus and CpuShares given to POST /update ' +
      'of a running container take effect in its cgroup: an exec after the update reads them (cgroup v1 or v2 files), each field judged on its own',
    requirements: ['engine/containers/update/body-resource-fields'],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300']);
      await judgeUpdatesInCgroup(ctx, id);
      await judgeSharesUpdates(ctx, id);
    },
  }),
  engineCheck({
    id: 'engine/containers/update/body-resource-fields/created',
    title: '(1.22) KernelMemory given to POST /update of a created container takes effect (inspect HostConfig shows it)',
    requirements: ['engine/containers/update/body-resource-fields'],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      // Created, not started: a running container's kernel memory limit some hosts cannot change.
      const { id } = await ctx.createContainer({ cmd: ['sleep', '300'] });
      expectSomeApplied(ctx, await expectUpdated(ctx, id, { KernelMemory: 64 * MB }), 'KernelMemory');
    },
  }),
  engineCheck({
    id: 'engine/containers/update/body-resource-fields/blkio-weight-bounds',
    title: '(1.22) BlkioWeight 10 and 1000, the bounds of its HostConfig range, given to POST /update take effect',
    requirements: ['engine/containers/update/body-resource-fields'],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      // "Same types as in HostConfig": BlkioWeight 10 to 1000, bounds included; a host without blkio weight discards it with a warning.
      const { id } = await ctx.runningContainer(['sleep', '300']);
      let applied = 0;
      for (const weight of [10, 1000]) applied += await expectUpdated(ctx, id, { BlkioWeight: weight });
      expectSomeApplied(ctx, applied, 'BlkioWeight 10 and 1000');
    },
  }),
  engineCheck({
    id: 'engine/containers/update/400-bad-parameter',
    title: '(1.22) POST /update with BlkioWeight outside 10..1000, below and above, answers 400',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300']);
      // Both sides of the range: a target bounding only the bottom passed with 5 alone.
      for (const weight of [5, 1001]) {
        const res = await updateServed(ctx, id, { BlkioWeight: weight });
        if (res.status === 200) {
          const warnings = warningsOf(ctx, res);
          const stored = ((await ctx.inspect(id)).HostConfig as Record<string, unknown>).BlkioWeight;
          if (discardedByHost(warnings, stored, weight))
            ctx.unverified(`the host cannot apply BlkioWeight: the update was accepted with the value discarded and a warning: ${warnings.join(' | ')}`);
        }
        ctx.expectStatus(res, 400, `update with BlkioWeight ${weight} (out of range 10 to 1000)`);
      }
    },
  }),
  engineCheck({
    id: 'engine/limits/memory-swap/update',
    title: '(1.22) MemorySwap is larger than Memory on POST /update too: Memory 64 MB with MemorySwap 32 MB answers 400',
    requirements: ['engine/limits/memory-swap'],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      // The limit holds for the field wherever it is given: update takes "the same types as in HostConfig".
      const { id } = await ctx.createContainer({ cmd: ['sleep', '300'] });
      const sent = { Memory: 64 * MB, MemorySwap: 32 * MB };
      const res = await updateServed(ctx, id, sent);
      if (res.status === 200) {
        const warnings = warningsOf(ctx, res);
        const stored = ((await ctx.inspect(id)).HostConfig as Record<string, unknown>).MemorySwap;
        if (discardedByHost(warnings, stored, sent.MemorySwap))
          ctx.unverified(`the host cannot apply MemorySwap: the update was accepted with the value discarded and a warning: ${warnings.join(' | ')}`);
      }
      ctx.expectStatus(res, 400, `update with ${JSON.stringify(sent)} (MemorySwap not larger than Memory)`);
    },
  }),
  engineCheck({
    id: 'engine/containers/update/absent-in-1.18',
    title: 'POST /v1.18/containers/(id)/update is not served: update is a 1.22 item',
    endpoint: ENDPOINT,
    versions: ['1.18'],
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300']);
      const before = await cpuShares(ctx, id);
      const res = await ctx.api.post(`/containers/${id}/update`, { json: { CpuShares: SHARES } });
      ctx.expect(res.status !== 200, `a /v1.18 update request must not be served as the 1.22 operation; it answered ${res.status}`, {
        expected: 'not 200 (the endpoint does not exist in 1.18)',
        actual: { status: res.status, body: res.text().slice(0, 300) },
      });
      ctx.expectEqual(await cpuShares(ctx, id), before, 'the /v1.18 update request changed nothing (HostConfig.CpuShares)');
    },
  }),
  noSuchContainerCheck({ endpoint: ENDPOINT, method: 'POST', suffix: 'update', versions: ['1.22'], body: { CpuShares: SHARES } }),
];
