import { randomInt } from 'node:crypto';
import { engineCheck, type EngineCheck } from '../support/check.ts';
import { effectCheck, expectEffect, judged, observeInside, outputLines, type Judgement, type Observed } from '../support/effects.ts';
import { hostInterfaceMacs, INTERFACE_MACS_SCRIPT, printedInterfaces, showsInterfaces, stableInterfaces, type InterfaceMacs } from '../support/host-network.ts';
import { targetIsLocal } from '../support/loopback-server.ts';
import { endpointsOf, expectEndpointInSubnet, ipv4Subnets } from '../support/endpoints.ts';
import { createNetwork, randomSubnet } from '../support/resources.ts';

const R = 'engine/containers/create/';

/** PID 1 as the container sees it (its command line, NUL-separated). */
const PID_ONE = 'cat /proc/1/cmdline';
const ownPidOne = (o: Observed): boolean => o.out.includes('/proc/1/cmdline');

const interfacesOf = (o: Observed): string[] => outputLines(o.out.replace(/\s+/g, '\n'));

function networkModeChecks(): EngineCheck[] {
  return [
    effectCheck({
      requirement: `${R}host-config-network-mode`,
      id: `${R}host-config-network-mode/none-inside`,
      title: 'NetworkMode none leaves the container only the loopback interface (ls /sys/class/net)',
      fields: () => ({ HostConfig: { NetworkMode: 'none' } }),
      script: 'ls /sys/class/net',
      baseline: (o) => interfacesOf(o).some((i) => i !== 'lo'),
      networked: true,
      judge: (o) => judged(interfacesOf(o).join() === 'lo', 'the interfaces of a container created with NetworkMode none', ['lo'], interfacesOf(o)),
    }),
    networkHostCheck(),
    networkBridgeCheck(),
    networkCustomCheck(),
    networkJoinCheck('id', 'container-inside'),
    networkJoinCheck('name', 'container-name-inside'),
  ];
}

/**
 * NetworkMode host: the container is on the host's network stack, so it shows this host's
 * interfaces with their MAC addresses (a default container has its own). Seen only when the target
 * runs on this host: elsewhere its host's interfaces are not known here, and the check ends
 * unverified.
 */
function networkHostCheck(): EngineCheck {
  return effectCheck({
    requirement: `${R}host-config-network-mode`,
    id: `${R}host-config-network-mode/host-inside`,
    title: "NetworkMode host puts the container on the host's network stack: it shows this host's interfaces with their MAC addresses",
    fields: (ctx, scratch) => {
      scratch.local = targetIsLocal(ctx);
      scratch.before = hostInterfaceMacs();
      return { HostConfig: { NetworkMode: 'host' } };
    },
    script: INTERFACE_MACS_SCRIPT,
    baseline: (o) => !showsInterfaces(printedInterfaces(o.out), hostInterfaceMacs()),
    networked: true,
    judge: (o, scratch) => judgeHostInterfaces(o, scratch.local === true, stableInterfaces(scratch.before as InterfaceMacs, hostInterfaceMacs())),
  });
}

function judgeHostInterfaces(o: Observed, local: boolean, host: InterfaceMacs): Judgement {
  const shown = printedInterfaces(o.out);
  const judgement = judged(
    showsInterfaces(shown, host),
    "a container created with NetworkMode host shows this host's interfaces, each with the host's MAC address",
    Object.fromEntries(host),
    Object.fromEntries(shown),
  );
  if (!local) return { ...judgement, unverified: "the target is not on this host, so the interfaces of its host's network stack are not known here" };
  if (host.size === 0) return { ...judgement, unverified: 'this host has no interface besides loopback with a MAC address to look for' };
  return judgement;
}

/**
 * NetworkMode bridge, sent explicitly: the container is attached to the bridge network. Inside it
 * has an interface besides loopback (the suite's other containers are created with NetworkMode
 * none, which leaves only lo); (1.22) its inspect shows an endpoint on bridge with an address of
 * the bridge network's subnet. Stored alone, the mode passed whatever it did.
 */
function networkBridgeCheck(): EngineCheck {
  return engineCheck({
    id: `${R}host-config-network-mode/bridge-inside`,
    title:
      'NetworkMode bridge attaches the container to the bridge network: it has an interface besides loopback (ls /sys/class/net) ' +
      "and (1.22) an endpoint on bridge whose IPAddress is inside the bridge network's subnet",
    requirements: [`${R}host-config-network-mode`],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const fields = { HostConfig: { NetworkMode: 'bridge' } };
      const observed = await observeInside(ctx, 'ls /sys/class/net', fields);
      const shown = interfacesOf(observed);
      expectEffect(
        ctx,
        observed,
        shown.some((i) => i !== 'lo'),
        'a container created with NetworkMode bridge has an interface besides lo',
        {
          requirement: `${R}host-config-network-mode`,
          expected: 'lo and an interface of the bridge network',
          actual: shown,
        },
      );
      if (ctx.version !== '1.22') return;
      const subnets = await ctx.setUp(() => ipv4Subnets(ctx, 'bridge'));
      if (subnets.length === 0) ctx.unverified('the bridge network shows no IPv4 Subnet in its IPAM Config: the address cannot be placed');
      const { id } = await ctx.setUp(() => ctx.runningContainer(['sleep', '300'], { hostConfig: fields.HostConfig }));
      await expectEndpointInSubnet(ctx, id, 'bridge', subnets, {
        what: 'a running container created with NetworkMode bridge',
        requirement: `${R}host-config-network-mode`,
      });
    },
  });
}

/**
 * (1.22) NetworkMode naming a custom network, without NetworkingConfig: the container joins that
 * network (an endpoint on it with an address of its subnet), not the default one.
 */
function networkCustomCheck(): EngineCheck {
  const requirement = `${R}host-config-network-mode-custom`;
  return engineCheck({
    id: `${requirement}/alone`,
    title:
      '(1.22) NetworkMode naming a custom network, sent without NetworkingConfig, joins the container to that network: ' +
      "its inspect shows an endpoint there whose IPAddress is inside the network's subnet",
    requirements: [requirement],
    endpoint: 'engine/containers/create',
    versions: ['1.22'],
    async run(ctx) {
      const pool = randomSubnet();
      const network = await ctx.setUp(() => createNetwork(ctx, { IPAM: { Config: [{ Subnet: pool.subnet, Gateway: pool.gateway }] } }));
      const { id } = await ctx.setUp(() => ctx.runningContainer(['sleep', '300'], { hostConfig: { NetworkMode: network.name } }));
      await expectEndpointInSubnet(ctx, id, network.name, [pool.subnet], { what: `a running container created with NetworkMode ${network.name}`, requirement });
      const others = Object.keys(await endpointsOf(ctx, id)).filter((n) => n !== network.name);
      if (others.length) ctx.observe(`the container created with NetworkMode ${network.name} is also on ${others.join(', ')}`);
    },
  });
}

/**
 * NetworkMode container:<id> or container:<name> (the spec gives both forms): the container's eth0
 * is the named container's interface, with its MAC address.
 */
function networkJoinCheck(form: 'id' | 'name', suffix: string): EngineCheck {
  return effectCheck({
    requirement: `${R}host-config-network-mode`,
    id: `${R}host-config-network-mode/${suffix}`,
    title: `NetworkMode container:<${form}> shares that container's network stack (its eth0 has the other container's MAC address)`,
    fields: async (ctx, scratch) => {
      const other = await ctx.runningContainer(['sleep', '300'], { networked: true });
      scratch.mac = ((await ctx.inspect(other.id)).NetworkSettings as Record<string, unknown> | undefined)?.MacAddress;
      return { HostConfig: { NetworkMode: `container:${other[form]}` } };
    },
    script: 'cat /sys/class/net/eth0/address',
    judge: (o, scratch) =>
      judged(
        typeof scratch.mac === 'string' && scratch.mac !== '' && o.out.trim().toLowerCase() === scratch.mac.toLowerCase(),
        `eth0 of a container created with NetworkMode container:<${form}> is the other container's interface`,
        scratch.mac,
        o.out.trim() || 'no eth0',
      ),
  });
}

function pidModeChecks(): EngineCheck[] {
  return [
    effectCheck({
      requirement: `${R}host-config-pid-mode`,
      id: `${R}host-config-pid-mode/host-inside`,
      title: "PidMode host: the container uses the host's PID namespace (PID 1 is not its own command)",
      fields: () => ({ HostConfig: { PidMode: 'host' } }),
      script: PID_ONE,
      baseline: ownPidOne,
      judge: (o) =>
        judged(!ownPidOne(o), 'PID 1 seen from a container with PidMode host is not its own command', "the host's PID 1", o.out.split('\0').join(' ').trim()),
    }),
    pidJoinCheck('id', 'container-inside'),
    pidJoinCheck('name', 'container-name-inside'),
  ];
}

/**
 * PidMode container:<id> or container:<name> (the spec gives both forms): PID 1 is the other
 * container's command. Two containers run commands of their own (sleeps of lengths no other
 * container of the run is given) and each is joined in turn, so that joining any container but
 * the one named shows.
 */
function pidJoinCheck(form: 'id' | 'name', suffix: string): EngineCheck {
  return engineCheck({
    id: `${R}host-config-pid-mode/${suffix}`,
    title: `PidMode container:<${form}> joins that container's PID namespace (PID 1 is the named container's command, for each of two)`,
    requirements: [`${R}host-config-pid-mode`],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const first = 1000 + randomInt(4000);
      const candidates = await ctx.setUp(() =>
        Promise.all(
          [first, first + 1 + randomInt(4000)].map(async (seconds) => {
            const argv = ['sleep', String(seconds)];
            return { argv, ref: (await ctx.runningContainer(argv))[form] };
          }),
        ),
      );
      for (const { argv, ref } of candidates) {
        const observed = await observeInside(ctx, PID_ONE, { HostConfig: { PidMode: `container:${ref}` } });
        const seen = observed.out.split('\0').filter(Boolean);
        expectEffect(
          ctx,
          observed,
          seen.length === 2 && seen[0]!.endsWith(argv[0]!) && seen[1] === argv[1],
          `PID 1 seen from a container with PidMode container:<${form}> is that container's \`${argv.join(' ')}\``,
          { requirement: `${R}host-config-pid-mode`, expected: argv, actual: seen },
        );
      }
    },
  });
}

/** The namespace modes observed from inside: NetworkMode none, host and container:<id>, PidMode host and container:<id or name>. */
export default [...pidModeChecks(), ...networkModeChecks()] satisfies EngineCheck[];
