import { belowParent, cgroupPaths, parentOutOfSight } from '../../../harness/check/cgroup-parent.ts';
import type { EngineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { effectCheck, judged, outputLines, type Judgement, type Observed } from '../support/effects.ts';

const REQUIREMENT = 'engine/containers/create/host-config-cgroup-parent';
/**
 * A relative parent: the cgroup path of the init process, then this, then the container's own cgroup.
 * The name is fixed, not run-scoped: the daemon creates the parent and leaves it when the container
 * goes, and no API call removes it, so one name leaves one empty cgroup on the host, not one per run.
 */
const PARENT = 'conformance-parent';

function judgeParent(o: Observed): Judgement {
  const paths = cgroupPaths(outputLines(o.out));
  const ok = paths.some((p) => belowParent(p, PARENT));
  const judgement = judged(
    ok,
    `a cgroup path in /proc/self/cgroup lies below ${PARENT} (CgroupParent ${PARENT})`,
    `…/${PARENT}/<container cgroup>`,
    outputLines(o.out),
  );
  // A private cgroup namespace shows the container its own cgroup as the root: the parent is not in sight from inside.
  if (!ok && parentOutOfSight(paths))
    return { ...judgement, unverified: "the container's cgroup namespace shows every cgroup path as /: the parent cannot be read from inside" };
  return judgement;
}

/** The systemd cgroup driver names cgroups as slices: a plain relative path is not a parent it can place a container under. */
async function refuseSystemdDriver(ctx: EngineContext): Promise<void> {
  const res = await ctx.api.get('/info');
  const driver = res.status === 200 ? String(ctx.expectJson<{ CgroupDriver?: string }>(res, 'info').CgroupDriver ?? '') : '';
  if (driver === 'systemd')
    ctx.unverified(`the target's cgroup driver is systemd (GET /info CgroupDriver): its parents are slices (name.slice), not cgroup paths`);
}

/**
 * Spec: Container create request > HostConfig fields: "CgroupParent S: path of the parent cgroup; relative paths are
 * relative to the cgroup path of the init process; cgroups are created if absent." Observed in the container's own
 * /proc/self/cgroup (v1 and v2 forms), not only echoed by inspect.
 */
export default [
  effectCheck({
    requirement: REQUIREMENT,
    id: `${REQUIREMENT}/cgroup`,
    title: `CgroupParent ${PARENT} (relative, absent before) is the parent of the container's cgroup: /proc/self/cgroup shows a path below it`,
    fields: async (ctx) => {
      await refuseSystemdDriver(ctx);
      return { HostConfig: { CgroupParent: PARENT } };
    },
    script: 'cat /proc/self/cgroup',
    judge: judgeParent,
  }),
] satisfies EngineCheck[];
