/**
 * Spec: Service fields, "cpu_shares | I | relative CPU priority". The field is judged by its effect,
 * not by its echo: the cgroup of a container of a service given cpu_shares, read by exec, shows it
 * as a relative weight (see cpu-shares-weight.ts: cgroup v1 cpu.shares the number given, v2
 * cpu.weight in the order of the shares, beside a container of a service without them). The
 * shares are set by PATCH, whose body the spec lists with cpu_shares, before the first start.
 */
import { isSuccess } from '../../../harness/target/http-transport.ts';
import { judgeShares, needsPlain, SHARES_FILE, type CgroupReading, type SharesReadings } from '../../../harness/check/cpu-shares-weight.ts';
import { createService, firstContainer, serviceBody, sharedNodes, startedService, type AppNodes } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { printedIn } from '../support/streams.ts';

const R = {
  shares: 'cloud/service/cpu-shares-relative',
  update: 'cloud/service/update/applies-fields',
};

/** Below and above the engine's default of 1024 shares. */
const FEWER_SHARES = 512;
const MORE_SHARES = 2048;

/** The cgroup file a running container of a service with `shares` (none: the default) shows, v2 first. */
async function sharesOf(ctx: CloudContext, at: AppNodes, shares?: number): Promise<CgroupReading> {
  const svc = await createService(ctx, serviceBody(ctx, at));
  if (shares !== undefined) {
    const res = await ctx.api.patch(svc.resource_uri, { cpu_shares: shares });
    ctx.precondition(isSuccess(res.status), `PATCH cpu_shares ${shares} answered ${res.status}`, R.update);
  }
  const container = await firstContainer(ctx, await startedService(ctx, svc));
  const shown: string[] = [];
  for (const path of [SHARES_FILE.v2, SHARES_FILE.v1]) {
    const value = await printedIn(ctx, container, `cat ${path}`);
    if (/^\d+$/.test(value)) return { path, value };
    shown.push(`${path}: ${value.slice(0, 100)}`);
  }
  return ctx.unverified(`the container ${String(container.name)} shows no CPU weight in its cgroup (${shown.join('; ')})`);
}

export default [
  cloudCheck({
    id: `${R.shares}/cgroup`,
    title:
      `cpu_shares is the containers' relative CPU weight: cpu.shares shows ${FEWER_SHARES} and ${MORE_SHARES} (v1); ` +
      'cpu.weight (v2) orders them beside the default',
    requirements: [R.shares],
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const readings: SharesReadings = {
        fewer: { shares: FEWER_SHARES, read: await sharesOf(ctx, at, FEWER_SHARES) },
        more: { shares: MORE_SHARES, read: await sharesOf(ctx, at, MORE_SHARES) },
      };
      if (needsPlain(readings)) readings.plain = await sharesOf(ctx, at);
      for (const v of judgeShares(readings, 'cpu_shares'))
        ctx.expect(v.ok, `${v.what} is not that relative weight`, { expected: v.expected, actual: v.actual, requirement: R.shares });
    },
  }),
];
