/**
 * Spec: Service and Container fields devices ([S], device mappings `host:container`) and
 * cgroup_parent (parent cgroup; the attribute table names it cgroup_name, the sample
 * cgroup_parent). The create body table does not list them: a target may ignore them, and then
 * shows what it shows for a service created without them. One that takes them shows them as sent
 * (two devices, a cgroup other than any default), and its containers show the service's in
 * per-container form. The order of the devices is not stated, and a mapping may carry the
 * engine's permissions after host:container.
 */
import type { CloudContext } from '../support/context.ts';
import { sameField } from '../support/inherited.ts';
import type { Json } from '../support/lists.ts';
import type { Container, Service } from '../support/views.generated.ts';

export const DEVICE_FIELDS: Json = {
  devices: ['/dev/null:/dev/conformance-null', '/dev/zero:/dev/conformance-zero'],
  // A slice name: a valid parent under both the cgroupfs and the systemd cgroup drivers.
  cgroup_parent: 'conformance.slice',
};

/**
 * The service shows each field as sent, or (ignored) as `plain`, a service created without them,
 * shows it; every container shows the service's.
 */
export function expectDeviceFields(
  ctx: CloudContext,
  service: Service,
  plain: Service,
  containers: readonly Container[],
  requirements: { shown: string; inherited: string },
): void {
  for (const [field, sent] of Object.entries(DEVICE_FIELDS)) {
    const shown = (service as Json)[field];
    if (!sameField(field, shown, sent) && sameField(field, shown, (plain as Json)[field]))
      ctx.cannotVerify(
        `the service shows ${field} ${JSON.stringify(shown)}, as one created without it: the target ignores it on create (the create body does not list it)`,
      );
    else
      ctx.expect(sameField(field, shown, sent), `the service created with ${field} ${JSON.stringify(sent)} shows ${JSON.stringify(shown)}`, {
        expected: sent,
        actual: shown,
        requirement: requirements.shown,
      });
    for (const c of containers)
      ctx.expect(sameField(field, (c as Json)[field], shown), `container ${String(c.name)} shows ${field} other than its service's`, {
        expected: shown,
        actual: (c as Json)[field],
        requirement: requirements.inherited,
      });
  }
}
