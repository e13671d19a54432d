/**
 * Spec: Service fields, "net | network mode: `bridge` or `host`" and "pid | PID namespace mode:
 * `none` or `host`". The modes are judged by their effect, read by exec, not by their echo, against
 * "Network modes: `bridge` (new network stack on the engine bridge), `host` (host network stack)": a
 * container under bridge has a stack of its own with an interface besides lo (its end on the
 * bridge), and does not see the engine bridge (docker0) itself, an interface of the node; one under
 * net host sees the node's interfaces (/proc/net/dev), the bridge among them, so one the bridge
 * container does not have; a second one, with container_ports, sees them too (those the first saw
 * but the links of other containers, which come and go: support/host-stack.ts). One with pid host
 * sees the node's PID 1 (/proc/1/comm), not its own first program as a container under pid none
 * does, and as one created without pid (the default, none) does too.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { firstContainer, runningService, sharedNodes, type AppNodes } from '../support/app.ts';
import type { Json } from '../support/lists.ts';
import { printedIn } from '../support/streams.ts';
import { laterHostStack } from '../support/host-stack.ts';

const R = {
  modes: 'cloud/service/net-pid-modes',
  defaultPid: 'cloud/service/create/default-pid-none',
};

/** What exec prints in the first container of a running service created with `fields`. */
async function printedUnder(ctx: CloudContext, at: AppNodes, fields: Json, command: string): Promise<string> {
  return printedIn(ctx, await firstContainer(ctx, await runningService(ctx, at, fields)), command);
}

/** The engine's bridge as the node names it: an interface of the host stack, never of a container's own. */
const ENGINE_BRIDGE = 'docker0';

/** The interface names of a /proc/net/dev listing, sorted; none read is unverified. */
function interfaces(ctx: CloudContext, listing: string, mode: string): string[] {
  const names = [...listing.matchAll(/^\s*([^\s:|]+):/gm)].map((m) => m[1]!).sort();
  return names.length > 0 ? names : ctx.unverified(`/proc/net/dev of a container under net ${mode} lists no interface: ${listing.slice(0, 200)}`);
}

/** The interfaces seen by the first container of a running service created with `fields`. */
async function interfacesUnder(ctx: CloudContext, at: AppNodes, fields: Json): Promise<string[]> {
  return interfaces(ctx, await printedUnder(ctx, at, fields, 'cat /proc/net/dev'), String(fields.net));
}

export default [
  cloudCheck({
    id: `${R.modes}/net-host-interfaces`,
    title:
      'net bridge gives a container a stack of its own on the engine bridge (an interface besides lo, not the bridge docker0 itself); ' +
      "net host gives it the node's interfaces (one the bridge container does not have), with container_ports or without",
    requirements: [R.modes],
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const bridge = await interfacesUnder(ctx, at, { net: 'bridge' });
      ctx.expect(
        bridge.some((i) => i !== 'lo'),
        'a container under net bridge has no interface besides lo: no network stack on the engine bridge',
        { expected: 'lo and an interface on the engine bridge (eth0)', actual: bridge.join(','), requirement: R.modes },
      );
      ctx.expect(!bridge.includes(ENGINE_BRIDGE), `a container under net bridge sees the engine bridge ${ENGINE_BRIDGE}: the node's stack, not a new one`, {
        expected: `a stack of its own, without the node's ${ENGINE_BRIDGE}`,
        actual: bridge.join(','),
        requirement: R.modes,
      });
      const host = await interfacesUnder(ctx, at, { net: 'host' });
      ctx.expect(
        host.some((i) => !bridge.includes(i)),
        "a container under net host sees no interface a bridge container lacks: not the node's stack",
        {
          expected: `the node's interfaces, the engine bridge (${ENGINE_BRIDGE}) among them, beside the bridge container's own (${bridge.join(',')})`,
          actual: host.join(','),
          requirement: R.modes,
        },
      );
      if (!host.includes(ENGINE_BRIDGE)) ctx.observe(`a container under net host does not list ${ENGINE_BRIDGE}; it lists ${host.join(',')}`);
      // A service with container_ports (an unpublished one: nothing to collide on the shared nodes) is under net host all the same:
      // the ports do not move it to a stack of its own on the bridge.
      const ports = [{ protocol: 'tcp', inner_port: 80 }];
      // Not the same list as the first: bridge containers of other checks on the node add and remove their links (veth…) between the reads.
      const hostWithPorts = await interfacesUnder(ctx, at, { net: 'host', container_ports: ports });
      const later = laterHostStack(bridge, host, hostWithPorts);
      ctx.expect(
        later.beyondBridge.length > 0 && later.missing.length === 0,
        'a container of a net host service with container_ports does not see the host network interfaces',
        {
          expected:
            `the node's interfaces, as under net host without ports: its own (${later.lasting.join(',') || 'none seen'}) and one the bridge ` +
            `container lacks (${bridge.join(',')}); links of other containers (veth…) come and go`,
          actual: hostWithPorts.join(','),
          requirement: R.modes,
        },
      );
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
