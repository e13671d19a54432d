/**
 * Spec: Service (privileged, "privileged flag"; the container carries it in per-container form).
 * The flag is judged by its effect, not by its echo: a process in a container of a service created
 * with privileged true holds more capabilities than one in a container of a service without it,
 * read from the effective set (CapEff) of `/proc/self/status`, printed by exec. A target that shows
 * privileged true while it starts its containers unprivileged fails. The flag is the containers'
 * whenever the service has it, so the containers are read again after a redeploy of the service.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { firstContainer, operateAndSettle, runningService, sharedNodes, waitForContainers } from '../support/app.ts';
import { printedIn } from '../support/streams.ts';
import type { Container, Service } from '../support/views.generated.ts';

const R = {
  privileged: 'cloud/service/privileged-in-containers',
};

/** The effective capability set of a process run by exec in the container. */
async function effectiveCapabilities(ctx: CloudContext, container: Container): Promise<bigint> {
  const status = await printedIn(ctx, container, 'cat /proc/self/status');
  const found = /^CapEff:\s*([0-9a-fA-F]+)\s*$/m.exec(status)?.[1];
  return found !== undefined
    ? BigInt(`0x${found}`)
    : ctx.unverified(`the container ${String(container.name)} shows no CapEff line in /proc/self/status: ${status.slice(0, 200)}`);
}

const hex = (mask: bigint): string => `0x${mask.toString(16)}`;

/** Two containers: a flag applied to the first deployed only shows. */
const CONTAINERS = 2;

/** Each running container of the service holds a strict superset of `plain`, the capabilities of an unprivileged one. */
async function expectPrivileged(ctx: CloudContext, svc: Service, plain: bigint, when: string): Promise<void> {
  for (const container of await waitForContainers(ctx, svc, CONTAINERS)) {
    const held = await effectiveCapabilities(ctx, container);
    ctx.expect((held & plain) === plain && held !== plain, `container ${String(container.name)} of a privileged service does not run privileged ${when}`, {
      requirement: R.privileged,
      expected: `a strict superset of ${hex(plain)} (the effective capabilities of a container of a service without privileged)`,
      actual: hex(held),
    });
  }
}

export default [
  cloudCheck({
    id: `${R.privileged}/capabilities`,
    title: 'A container of a privileged service runs privileged, after a redeploy too: it holds more effective capabilities than one of a service without it',
    requirements: [R.privileged],
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const plain = await effectiveCapabilities(ctx, await firstContainer(ctx, await runningService(ctx, at)));
      const svc = await runningService(ctx, at, { privileged: true, target_num_containers: CONTAINERS });
      await expectPrivileged(ctx, svc, plain, 'after its first deploy');
      // A redeploy rebuilds the containers from the service: they stay privileged.
      await expectPrivileged(ctx, await operateAndSettle(ctx, svc, 'redeploy'), plain, 'after a redeploy of the service');
    },
  }),
];
