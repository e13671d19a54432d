import { belowParent, belowPath, cgroupPaths, cgroupsByHierarchy, joinedParent, parentOutOfSight } from '../../../harness/check/cgroup-parent.ts';
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
const SEPARATOR = '--- self';

/**
 * The container shares the host's PID namespace (PidMode host), so /proc/1/cgroup is the init
 * process's: in each hierarchy, the container's cgroup must lie below <init's path>/PARENT.
 */
function judgeParent(o: Observed): Judgement {
  const [initText = '', selfText = ''] = o.out.split(SEPARATOR);
  const init = cgroupsByHierarchy(outputLines(initText));
  const self = cgroupsByHierarchy(outputLines(selfText));
  const paths = [...self.values()];
  if (!paths.some((p) => belowParent(p, PARENT)) && parentOutOfSight(paths))
    // A private cgroup namespace shows the container its own cgroup as the root: the parent is not in sight from inside.
    return {
      ...judged(false, 'the parent cannot be read from inside', `…/${PARENT}/<container cgroup>`, outputLines(selfText)),
      unverified: "the container's cgroup namespace shows every cgroup path as /: the parent cannot be read from inside",
    };
  const initInSight = [...self].some(([key, path]) => init.has(key) && init.get(key) !== path);
  if (!initInSight) {
    const below = judged(
      cgroupPaths(outputLines(selfText)).some((p) => belowParent(p, PARENT)),
      `a cgroup path in /proc/self/cgroup lies below ${PARENT} (CgroupParent ${PARENT})`,
      `…/${PARENT}/<container cgroup>`,
      outputLines(selfText),
    );
    const cause = `/proc/1/cgroup with PidMode host is the container's own cgroup, not the init process's: whether ${PARENT} is relative to it cannot be seen`;
    return below.ok ? { ...below, unverified: cause } : below;
  }
  const misplaced = [...self].filter(([key, path]) => !belowPath(path, joinedParent(init.get(key) ?? '/', PARENT)));
  return judged(
    misplaced.length === 0,
    `in every cgroup hierarchy the container's cgroup lies below the init process's cgroup path joined with ${PARENT} (CgroupParent ${PARENT}, relative)`,
    [...self.keys()].map((key) => `${key}:${joinedParent(init.get(key) ?? '/', PARENT)}/…`),
    misplaced.map(([key, path]) => `${key}:${path} (init: ${init.get(key) ?? 'not listed'})`),
  );
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
 * /proc/self/cgroup (v1 and v2 forms) against the init process's /proc/1/cgroup, not only echoed by inspect.
 */
export default [
  effectCheck({
    requirement: REQUIREMENT,
    id: `${REQUIREMENT}/cgroup`,
    title:
      `CgroupParent ${PARENT} (relative, absent before) is the parent of the container's cgroup, relative to the init process's ` +
      "cgroup: with PidMode host, each hierarchy of /proc/self/cgroup lies below /proc/1/cgroup's path joined with it",
    fields: async (ctx) => {
      await refuseSystemdDriver(ctx);
      return { HostConfig: { CgroupParent: PARENT, PidMode: 'host' } };
    },
    script: `cat /proc/1/cgroup; echo '${SEPARATOR}'; cat /proc/self/cgroup`,
    judge: judgeParent,
  }),
] satisfies EngineCheck[];
