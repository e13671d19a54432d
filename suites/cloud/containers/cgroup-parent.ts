/**
 * Spec: Service fields, "cgroup_parent | S | parent cgroup" (the attribute table names it
 * cgroup_name, the sample cgroup_parent), shown per container too. Judged by its effect, not only
 * its echo: a container of a service with cgroup_parent runs in a cgroup below it, as its own
 * /proc/self/cgroup shows (harness/check/cgroup-parent.ts). The create body does not list the
 * field, so a target that refuses or ignores it leaves the rule unverified; so does one whose
 * containers cannot show their cgroup path (a private cgroup namespace shows `/`, or exec prints none).
 */
import { belowParent, cgroupPaths, parentOutOfSight } from '../../../harness/check/cgroup-parent.ts';
import { type HttpResponse, isSuccess } from '../../../harness/target/http-transport.ts';
import { firstContainer, serviceBody, SERVICES, sharedNodes, startedService, terminateLater, type AppNodes } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import type { Service } from '../support/views.generated.ts';
import { printedIn } from '../support/streams.ts';
import { DEVICE_FIELDS } from './device-fields.ts';

const R = { applied: 'cloud/service/cgroup-parent-applied' };
const PARENT = String(DEVICE_FIELDS.cgroup_parent);

/** The cgroup paths the first container of the service a create answered shows, once it runs. */
async function cgroupOfCreated(ctx: CloudContext, res: HttpResponse): Promise<{ service: Service; paths: string[]; text: string }> {
  const created = ctx.expectJson<Service>(res, 'service create response');
  terminateLater(ctx, created.resource_uri);
  const service = await startedService(ctx, created);
  const text = await printedIn(ctx, await firstContainer(ctx, service), 'cat /proc/self/cgroup');
  return { service, paths: cgroupPaths(text.split('\n')), text };
}

/**
 * A slice (the name a systemd cgroup driver takes) and a plain path (what a cgroupfs driver takes):
 * a target may refuse the form its driver cannot place, but one it accepts must be applied.
 */
const PARENTS = [PARENT, 'conformance-parent'] as const;

/** The cgroup judged for one parent: undefined (observed) when the target refused the create or did not take the field. */
async function judgeParent(ctx: CloudContext, at: AppNodes, parent: string): Promise<boolean | undefined> {
  const res = await ctx.api.post(SERVICES, serviceBody(ctx, at, { cgroup_parent: parent }));
  if (!isSuccess(res.status)) {
    ctx.observe(`a service create with cgroup_parent ${parent} answered ${res.status} (the create body does not list the field)`);
    return undefined;
  }
  const { service, paths, text } = await cgroupOfCreated(ctx, res);
  if (service.cgroup_parent !== parent) {
    ctx.observe(`the service created with cgroup_parent ${parent} shows ${JSON.stringify(service.cgroup_parent)}: the target does not take the field`);
    return undefined;
  }
  if (!paths.length) ctx.unverified(`the container shows no cgroup path in /proc/self/cgroup: ${JSON.stringify(text.slice(0, 200))}`);
  const below = paths.some((p) => belowParent(p, parent));
  if (!below && parentOutOfSight(paths)) ctx.unverified("the container's cgroup namespace shows every cgroup path as /: its parent cannot be read from inside");
  ctx.expect(below, `no cgroup path of a container of a service with cgroup_parent ${parent} lies below it`, {
    expected: `…/${parent}/<container cgroup>`,
    actual: paths,
    requirement: R.applied,
  });
  return true;
}

export default [
  cloudCheck({
    id: R.applied,
    title: `cgroup_parent (${PARENTS.join(', ')}) is the parent of the containers' cgroup: /proc/self/cgroup, read by exec, shows a path below it`,
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const judged = [];
      for (const parent of PARENTS) judged.push(await judgeParent(ctx, at, parent));
      if (!judged.some(Boolean)) ctx.unverified(`the target took neither cgroup_parent ${PARENTS.join(' nor ')} (a field the create body does not list)`);
      // The default parent is not stated: a container of a service without the field is observed.
      const plain = await cgroupOfCreated(ctx, await ctx.api.post(SERVICES, serviceBody(ctx, at)));
      ctx.observe(`a container without cgroup_parent: /proc/self/cgroup shows ${JSON.stringify(plain.paths)}`);
    },
  }),
];
