/**
 * Spec: Service fields, "net | network mode: `bridge` or `host`" and "pid | PID namespace mode:
 * `none` or `host`". The modes are judged by their effect, read by exec, not by their echo: a
 * container of a service with net host sees the node's network interfaces (/proc/net/dev), not the
 * private set a container under bridge sees; one with pid host sees the node's PID 1
 * (/proc/1/comm), not its own first program as a container under pid none does, and as one
 * created without pid (the default, none) does too.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { firstContainer, runningService, sharedNodes, type AppNodes } from '../support/app.ts';
import type { Json } from '../support/lists.ts';
import { printedIn } from '../support/streams.ts';

const R = {
  modes: 'cloud/service/net-pid-modes',
  defaultPid: 'cloud/service/create/default-pid-none',
};

/** What exec prints in the first container of a running service created with `fields`. */
async function printedUnder(ctx: CloudContext, at: AppNodes, fields: Json, command: string): Promise<string> {
  return printedIn(ctx, await firstContainer(ctx, await runningService(ctx, at, fields)), command);
}

/** The interface names of a /proc/net/dev listing, sorted; none read is unverified. */
function interfaces(ctx: CloudContext, listing: string, mode: string): string {
  const names = [...listing.matchAll(/^\s*([^\s:|]+):/gm)].map((m) => m[1]!).sort();
  return names.length > 0 ? names.join(',') : ctx.unverified(`/proc/net/dev of a container under net ${mode} lists no interface: ${listing.slice(0, 200)}`);
}

export default [
  cloudCheck({
    id: `${R.modes}/net-host-interfaces`,
    title:
      "net host gives a container the node's network interfaces: its /proc/net/dev lists another set than a container under net bridge, " +
      'with container_ports or without',
    requirements: [R.modes],
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const bridge = interfaces(ctx, await printedUnder(ctx, at, { net: 'bridge' }, 'cat /proc/net/dev'), 'bridge');
      const host = interfaces(ctx, await printedUnder(ctx, at, { net: 'host' }, 'cat /proc/net/dev'), 'host');
      ctx.expect(host !== bridge, 'a container under net host sees the same interfaces as one under net bridge: no host network', {
        expected: `the node's interfaces, not the bridge container's own (${bridge})`,
        actual: host,
        requirement: R.modes,
      });
      // A service with container_ports (an unpublished one: nothing to collide on the shared nodes) is under net host all the same:
      // the ports do not move it to a stack of its own on the bridge.
      const ports = [{ protocol: 'tcp', inner_port: 80 }];
      const hostWithPorts = interfaces(ctx, await printedUnder(ctx, at, { net: 'host', container_ports: ports }, 'cat /proc/net/dev'), 'host');
      ctx.expect(hostWithPorts === host, 'a container of a net host service with container_ports does not see the host network interfaces', {
        expected: `the node's interfaces (${host}), as under net host without ports; not the bridge container's own (${bridge})`,
        actual: hostWithPorts,
        requirement: R.modes,
      });
    },
  }),
  cloudCheck({
    id: `${R.modes}/pid-host-init`,
    title:
      "pid host shares the node's PID namespace: PID 1 seen in a container is not its own first program, as it is under pid none " +
      'and under the default (no pid sent, which is none)',
    requirements: [R.modes, R.defaultPid],
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const own = await printedUnder(ctx, at, { pid: 'none' }, 'cat /proc/1/comm');
      ctx.precondition(/^\S+$/.test(own), `/proc/1/comm of a container under pid none reads ${JSON.stringify(own.slice(0, 100))}`);
      const host = await printedUnder(ctx, at, { pid: 'host' }, 'cat /proc/1/comm');
      ctx.expect(host !== own, "a container under pid host sees its own first program as PID 1: not the node's PID namespace", {
        expected: `the node's PID 1, not the container's own (${own})`,
        actual: host,
        requirement: R.modes,
      });
      // The default is judged by its effect, not its echo: a service created without pid runs in a PID namespace of its own.
      const unset = await printedUnder(ctx, at, {}, 'cat /proc/1/comm');
      ctx.expect(unset === own, 'a container of a service created without pid does not see its own first program as PID 1: the default is not none', {
        expected: `its own first program (${own}), as under pid none`,
        actual: unset,
        requirement: R.defaultPid,
      });
    },
  }),
];
