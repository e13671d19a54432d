import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { holds } from '../support/container-data.ts';
import { expectEndpointInSubnet } from '../support/endpoints.ts';
import { createNetwork, inspectNetwork, PLUGIN_LOOKUP_MS, randomSubnet } from '../support/resources.ts';

const V122 = ['1.22' as const];

/** POST /networks/create as sent, removing whatever it creates after the check. */
async function postCreate(ctx: EngineContext, body: Record<string, unknown>, timeoutMs?: number) {
  const res = await ctx.api.post('/networks/create', { json: body, ...(timeoutMs ? { timeoutMs } : {}) });
  if (res.status === 201) {
    // Read without trusting the answer's shape: the checks judge it; this only cleans up.
    let id: unknown;
    try {
      id = (JSON.parse(res.text() || '{}') as { Id?: unknown } | null)?.Id;
    } catch {
      id = undefined;
    }
    if (typeof id === 'string' && id) ctx.defer(async () => void (await ctx.api.delete(`/networks/${id}`)));
  }
  return res;
}

/** Spec: Endpoints > Networks > 53. POST /networks/create (1.22). */
export default [
  engineCheck({
    id: 'engine/networks/create/201-response-schema',
    title: 'POST /networks/create answers 201 with {Id S, Warning S}',
    endpoint: 'engine/networks/create',
    versions: V122,
    async run(ctx) {
      const res = await postCreate(ctx, { Name: ctx.uniqueName('net') });
      ctx.expectStatus(res, 201, 'POST /networks/create');
      ctx.expectVersionSchema('network-create-response', ctx.expectJson(res, 'network create response'), 'the network create response');
    },
  }),
  engineCheck({
    id: 'engine/networks/create/404-plugin-not-found',
    title: 'POST /networks/create with a driver no plugin provides answers 404',
    endpoint: 'engine/networks/create',
    versions: V122,
    long: true,
    async run(ctx) {
      // A real daemon looks for the plugin for about 15 s before it answers.
      const res = await postCreate(ctx, { Name: ctx.uniqueName('net'), Driver: ctx.uniqueName('nodriver') }, 30_000);
      ctx.expectStatus(res, 404, 'network create with an unknown driver plugin');
    },
  }),
  engineCheck({
    id: 'engine/networks/create/body-name-mandatory',
    title: 'POST /networks/create without a Name is refused',
    endpoint: 'engine/networks/create',
    versions: V122,
    async run(ctx) {
      const res = await postCreate(ctx, { Driver: 'bridge' });
      ctx.expect(res.status >= 400, `a network create without Name must be refused, got ${res.status}`, {
        expected: 'an error status',
        actual: { status: res.status, body: res.text().slice(0, 200) },
      });
    },
  }),
  engineCheck({
    id: 'engine/networks/create/body-check-duplicate',
    title: 'CheckDuplicate=true refuses a second network with the same name',
    endpoint: 'engine/networks/create',
    versions: V122,
    async run(ctx) {
      const { name } = await createNetwork(ctx);
      const res = await postCreate(ctx, { Name: name, CheckDuplicate: true });
      ctx.expect(res.status >= 400, `CheckDuplicate=true with the name of an existing network must be refused, got ${res.status}`, {
        expected: 'an error status (409)',
        actual: { status: res.status, body: res.text().slice(0, 200) },
      });
    },
  }),
  engineCheck({
    id: 'engine/networks/create/body-check-duplicate-default',
    title: 'Without CheckDuplicate (default false) a second create of an existing network name: the suite records whether the target creates or refuses it',
    endpoint: 'engine/networks/create',
    versions: V122,
    async run(ctx) {
      const { name } = await createNetwork(ctx);
      const res = await postCreate(ctx, { Name: name });
      const listed = await ctx.api.get('/networks', { filters: JSON.stringify({ name: [name] }) });
      const same = listed.status === 200 ? (listed.json() as Array<{ Name?: unknown }>).filter((n) => n.Name === name).length : undefined;
      ctx.observe(
        `a second create of network ${name} without CheckDuplicate answered ${res.status}: ${res.text().trim().slice(0, 200)}; ` +
          `networks of that name listed: ${same ?? `unknown (list answered ${listed.status})`}`,
      );
    },
  }),
  engineCheck({
    id: 'engine/networks/create/body-driver-default-bridge',
    title: 'A network created without a Driver uses the bridge driver and the default IPAM driver',
    endpoint: 'engine/networks/create',
    versions: V122,
    async run(ctx) {
      const { id } = await createNetwork(ctx);
      const network = await inspectNetwork(ctx, id);
      ctx.expectEqual(network.Driver, 'bridge', 'the default network Driver is bridge');
    },
  }),
  engineCheck({
    id: 'engine/networks/create/body-ipam',
    title:
      'IPAM Config and Options: the given Subnet and Gateway are used, the IPRange and AuxAddress and the Options shown as given; ' +
      'the IPAM Driver defaults to default',
    endpoint: 'engine/networks/create',
    versions: V122,
    async run(ctx) {
      const { subnet, range, aux } = randomSubnet();
      // Not the subnet's .1, which every allocator takes as its default gateway: a gateway given is told from one chosen.
      const gateway = subnet.replace(/\.0\/24$/, '.3');
      const options = { 'conformance.ipam.a': 'one', 'conformance.ipam.b': 'two' };
      const sent = { Subnet: subnet, Gateway: gateway, IPRange: range, AuxAddress: aux };
      const { id, name } = await createNetwork(ctx, { IPAM: { Config: [sent], Options: options } });
      const ipam = (await inspectNetwork(ctx, id)).IPAM;
      const config = (ipam.Config ?? []).map((c) => ({ Subnet: c.Subnet, Gateway: c.Gateway }));
      ctx.expectEqual(config, [{ Subnet: subnet, Gateway: gateway }], 'the network IPAM Config shows the given Subnet and Gateway');
      ctx.expectEqual(ipam.Driver, 'default', 'the IPAM Driver defaults to default');
      ctx.expect(holds(ipam.Options, options), 'the network IPAM Options show the Options given at create', { expected: options, actual: ipam.Options });
      for (const field of ['IPRange', 'AuxAddress'] as const) {
        const shown = ipam.Config?.[0]?.[field];
        // A pool that leaves the field out is the network schema's breach, reported by its inspect check.
        if (shown === undefined) ctx.cannotVerify(`the network IPAM Config does not show ${field}: its value given at create cannot be compared`);
        else ctx.expectEqual(shown, sent[field], `the network IPAM Config shows the ${field} given at create`);
      }
      // Used, not only shown: a container on the network is given an address of the Subnet, and the Gateway as its gateway.
      const container = await ctx.setUp(() => ctx.runningContainer(['sleep', '300'], { hostConfig: { NetworkMode: name } }));
      await expectEndpointInSubnet(ctx, container.id, name, [subnet], {
        what: `a running container on ${name}`,
        requirement: 'engine/networks/create/body-ipam',
        gateway,
      });
    },
  }),
  engineCheck({
    id: 'engine/networks/create/body-ipam/named-driver',
    title: 'The IPAM Driver sent is the network IPAM driver: one the target lacks is refused, or the network shows that Driver (never default in its place)',
    requirements: ['engine/networks/create/body-ipam'],
    endpoint: 'engine/networks/create',
    versions: V122,
    async run(ctx) {
      const driver = ctx.uniqueName('no-such-ipam');
      const res = await postCreate(ctx, { Name: ctx.uniqueName('net'), IPAM: { Driver: driver } }, PLUGIN_LOOKUP_MS);
      const shown = res.status === 201 ? (await inspectNetwork(ctx, ctx.readId(res, 'network create response'))).IPAM.Driver : undefined;
      ctx.expect(res.status !== 201 || shown === driver, `a network created with IPAM Driver ${driver} (no such driver) is refused or shows that Driver`, {
        expected: `a refusal, or IPAM Driver ${driver}`,
        actual: res.status === 201 ? { status: 201, IPAM: { Driver: shown } } : { status: res.status },
      });
    },
  }),
  engineCheck({
    id: 'engine/networks/create/body-options',
    title: 'Driver Options given at create are seen in the network Options',
    endpoint: 'engine/networks/create',
    versions: V122,
    async run(ctx) {
      // Two keys, so an implementation that keeps only the first (or the last) of the map is seen.
      const given: Record<string, string> = {
        [ctx.spell('com.vendor.network.driver.mtu')]: '1400',
        [ctx.spell('com.vendor.network.bridge.enable_icc')]: 'false',
      };
      const { id } = await createNetwork(ctx, { Options: given });
      const options = (await inspectNetwork(ctx, id)).Options ?? {};
      for (const [key, value] of Object.entries(given)) ctx.expectEqual(options[key], value, `the network Options show ${key}=${value} as given`);
    },
  }),
  engineCheck({
    id: 'engine/networks/create/body-internal',
    title: 'Internal=true is accepted at network create',
    endpoint: 'engine/networks/create',
    versions: V122,
    async run(ctx) {
      const res = await postCreate(ctx, { Name: ctx.uniqueName('net'), Internal: true });
      ctx.expectStatus(res, 201, 'network create with Internal=true');
      const network = (await inspectNetwork(ctx, ctx.expectJson<{ Id: string }>(res, 'network create response').Id)) as unknown as Record<string, unknown>;
      ctx.observe(`the network inspect shows Internal=${JSON.stringify(network.Internal)}`);
    },
  }),
];
