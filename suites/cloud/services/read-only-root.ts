/**
 * Spec: Service fields, "read_only | B | read-only filesystem; default false" (the container carries
 * it in per-container form). The flag is judged by its effect, not by its echo: a write to the root
 * filesystem, `touch` by exec, succeeds in a container of a service without it and fails in one
 * whose container says read_only true. read_only is not in the create body the spec lists: a target
 * that refuses it there, or leaves the container read_only false, leaves that half unverified.
 */
import { isSuccess } from '../../../harness/target/http-transport.ts';
import { firstContainer, runningService, SERVICES, serviceBody, sharedNodes, startedService, terminateLater } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { printedIn } from '../support/streams.ts';
import type { Container, Service } from '../support/views.generated.ts';

const R = {
  readOnly: 'cloud/service/read-only-filesystem',
};

const RAN = 'conformance-probe-ran';
const WROTE = 'conformance-probe-wrote';
/** A file of the root filesystem, outside any mount the suite makes. */
const PROBE_FILE = '/conformance-probe';

/** Whether a write to the root filesystem by exec succeeded, with what the shell printed. */
async function rootWrite(ctx: CloudContext, container: Container): Promise<{ wrote: boolean; printed: string }> {
  const printed = await printedIn(ctx, container, `echo ${RAN}; touch ${PROBE_FILE} && echo ${WROTE}`);
  if (!printed.includes(RAN)) return ctx.unverified(`exec in container ${String(container.name)} showed no output of the shell: ${printed.slice(0, 200)}`);
  return { wrote: printed.includes(WROTE), printed };
}

/** A running service created with read_only true, or undefined (observed) when the target did not take the field. */
async function readOnlyService(ctx: CloudContext): Promise<Service | undefined> {
  const res = await ctx.api.post(SERVICES, serviceBody(ctx, await sharedNodes(ctx), { read_only: true }));
  if (!isSuccess(res.status)) {
    ctx.cannotVerify(`a service create with read_only true (a field the create body the spec lists has not) answered ${res.status}`);
    return undefined;
  }
  const svc = ctx.expectJson<Service>(res, 'service create response');
  terminateLater(ctx, svc.resource_uri);
  return startedService(ctx, svc);
}

export default [
  cloudCheck({
    id: `${R.readOnly}/root-write`,
    title: "read_only is the containers' read-only filesystem: a write to / succeeds by default and fails in a container that says read_only true",
    requirements: [R.readOnly],
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const plain = await firstContainer(ctx, await runningService(ctx, await sharedNodes(ctx)));
      const byDefault = await rootWrite(ctx, plain);
      if (plain.read_only !== false) ctx.cannotVerify(`a container of a service created without read_only says read_only ${String(plain.read_only)}`);
      else if (byDefault.wrote || /read-only/i.test(byDefault.printed))
        ctx.expect(byDefault.wrote, `container ${String(plain.name)} says read_only false, yet its root filesystem refused a write`, {
          expected: `touch ${PROBE_FILE} succeeds`,
          actual: byDefault.printed,
          requirement: R.readOnly,
        });
      else
        ctx.cannotVerify(`touch ${PROBE_FILE} failed in a container with read_only false for another cause than a read-only filesystem: ${byDefault.printed}`);
      const svc = await readOnlyService(ctx);
      if (!svc) return;
      const container = await firstContainer(ctx, svc);
      if (container.read_only !== true)
        return ctx.cannotVerify(
          `the container of a service created with read_only true says read_only ${String(container.read_only)}: the target did not take the field`,
        );
      const readOnly = await rootWrite(ctx, container);
      ctx.expect(!readOnly.wrote, `container ${String(container.name)} says read_only true, yet a write to its root filesystem succeeded`, {
        expected: `touch ${PROBE_FILE} fails (read-only file system)`,
        actual: readOnly.printed,
        requirement: R.readOnly,
      });
    },
  }),
];
