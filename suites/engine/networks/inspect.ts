import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { forAll, hexId, nameSuffix } from '../support/properties.ts';
import { connect, containerFor, createNetwork, inspectNetwork, type Network } from '../support/resources.ts';
import fc from 'fast-check';

const V122 = ['1.22' as const];

/** The bridge-driver option keys the spec lists, in the run's vendor spelling. */
const BRIDGE_OPTIONS = ['bridge.default_bridge', 'bridge.enable_icc', 'bridge.enable_ip_masquerade', 'bridge.host_binding_ipv4', 'bridge.name', 'driver.mtu'];

type Json = Record<string, unknown>;

/**
 * The Containers entry's MacAddress and IPv4Address are the container's own on that network (its inspect
 * NetworkSettings.Networks[network]): the same MAC, the same IPv4 address (an address/prefix form carries
 * the container's IPPrefixLen), not any well-formed string.
 */
async function expectAddressesOwn(ctx: EngineContext, entry: Json, id: string, network: string): Promise<void> {
  const own = (((await ctx.inspect(id)).NetworkSettings as Json | undefined)?.Networks as Json | undefined)?.[network] as Json | undefined;
  const ip = String(own?.IPAddress ?? '');
  ctx.precondition(
    ip !== '' && String(own?.MacAddress ?? '') !== '',
    `the running container's inspect shows no IPAddress and MacAddress on ${network}: ${JSON.stringify(own)}`,
  );
  const [address, prefix] = String(entry.IPv4Address).split('/');
  const shown = { MacAddress: entry.MacAddress, IPv4Address: address, IPPrefixLen: prefix === undefined ? undefined : Number(prefix) };
  const expected = { MacAddress: own!.MacAddress, IPv4Address: ip, IPPrefixLen: prefix === undefined ? undefined : own!.IPPrefixLen };
  ctx.expectEqual(
    shown,
    expected,
    `the Containers entry's MacAddress and IPv4Address are the container's own on ${network} (its NetworkSettings.Networks entry)`,
  );
}

/** Spec: Endpoints > Networks > 52. GET /networks/(id or name) (1.22); Resources > Network. */
export default [
  engineCheck({
    id: 'engine/networks/inspect/200-response-schema',
    title: 'GET /networks/(id or name) answers 200 with the Network, by id and by name: the one named, not a network created after it',
    endpoint: 'engine/networks/inspect',
    versions: V122,
    async run(ctx) {
      const { id, name } = await createNetwork(ctx);
      await createNetwork(ctx);
      for (const ref of [id, name]) {
        const res = await ctx.api.get(`/networks/${ref}`);
        ctx.expectStatus(res, 200, `GET /networks/${ref}`);
        const network = ctx.expectVersionSchema<Network>('network', ctx.expectJson(res, 'network inspect'), 'the inspected network');
        ctx.expectEqual([network.Id, network.Name], [id, name], `GET /networks/${ref} shows the network created`);
      }
    },
  }),
  engineCheck({
    id: 'engine/networks/inspect/404-no-such-network',
    title: 'GET /networks/(id or name) of a network that does not exist answers 404',
    endpoint: 'engine/networks/inspect',
    versions: V122,
    async run(ctx) {
      ctx.expectStatus(await ctx.api.get(`/networks/${ctx.uniqueName('missing')}`), 404, 'inspect of a missing network');
    },
  }),
  engineCheck({
    id: 'engine/networks/inspect/404-no-such-network/property',
    title: 'Any name or id no network carries answers 404 on inspect and on delete',
    requirements: ['engine/networks/inspect/404-no-such-network', 'engine/networks/delete/404-no-such-network'],
    endpoint: 'engine/networks/inspect',
    versions: V122,
    async run(ctx) {
      const prefix = ctx.uniqueName('missing');
      const refs = fc.oneof(
        nameSuffix().map((s) => `${prefix}-${s}`),
        hexId(64),
      );
      await forAll(ctx, refs, async (ref) => {
        const inspect = await ctx.api.get(`/networks/${ref}`);
        if (inspect.status !== 404) return `GET /networks/${ref} answered ${inspect.status}, expected 404`;
        const remove = await ctx.api.delete(`/networks/${ref}`);
        if (remove.status !== 404) return `DELETE /networks/${ref} answered ${remove.status}, expected 404`;
        return undefined;
      });
    },
  }),
  engineCheck({
    id: 'engine/networks/inspect/containers-entry-name',
    title: 'Inspect maps each connected container ID to {Name, EndpointID, MacAddress, IPv4Address, IPv6Address}',
    endpoint: 'engine/networks/inspect',
    versions: V122,
    async run(ctx) {
      const network = await createNetwork(ctx);
      // Its own container: it is renamed below.
      const container = await containerFor(ctx, network.id, true);
      ctx.expectStatus(await connect(ctx, network.id, container.id), 200, 'connecting a running container');
      const entry = (await inspectNetwork(ctx, network.id)).Containers?.[container.id];
      ctx.expect(entry !== undefined && entry !== null && typeof entry === 'object', `inspect Containers must have an entry (an object) for ${container.id}`, {
        actual: entry,
      });
      const fields = ['Name', 'EndpointID', 'MacAddress', 'IPv4Address', 'IPv6Address'].filter((f) => typeof entry![f] !== 'string');
      ctx.expect(fields.length === 0, `the Containers entry lacks string field(s) ${fields.join(', ')}`, {
        expected: 'Name, EndpointID, MacAddress, IPv4Address, IPv6Address',
        actual: entry,
      });
      ctx.expectEqual(entry!.Name, container.name, 'the Containers entry Name is the container name');
      await expectAddressesOwn(ctx, entry!, container.id, network.name);
      // The name is the container's as it is now: a member renamed while connected shows its new name.
      const renamed = ctx.uniqueName('renamed-member');
      const rename = await ctx.api.post(`/containers/${container.id}/rename`, { query: { name: renamed } });
      ctx.precondition(rename.status === 204, `renaming the member to ${renamed} answered ${rename.status}`, 'engine/containers/rename/204-renamed');
      const after = (await inspectNetwork(ctx, network.id)).Containers?.[container.id];
      ctx.expectEqual(after?.Name, renamed, `after the member was renamed to ${renamed}, its Containers entry Name is the new name`);
      // Whether a member without an endpoint (created on the network, never started) has an entry is not shown: recorded.
      const { id: idle } = await ctx.createContainer({ cmd: ['true'], hostConfig: { NetworkMode: network.name } });
      const idleEntry = (await inspectNetwork(ctx, network.id)).Containers?.[idle];
      ctx.observe(
        idleEntry === undefined
          ? 'a container created on the network and never started has no Containers entry'
          : `a container created on the network and never started has the Containers entry ${JSON.stringify(idleEntry)}`,
      );
    },
  }),
  engineCheck({
    id: 'engine/networks/inspect/bridge-options-namespaced',
    title:
      'The pre-defined bridge network shows its driver options namespaced: com.vendor.network.bridge.* (default_bridge, enable_icc, ' +
      'enable_ip_masquerade, host_binding_ipv4, name) plus com.vendor.network.driver.mtu, and no key outside com.vendor.network.*',
    endpoint: 'engine/networks/inspect',
    versions: V122,
    async run(ctx) {
      // The pre-defined bridge network: a user-created one shows the options its create gave (none, or keys of the user's choosing).
      const options = (await inspectNetwork(ctx, 'bridge')).Options ?? {};
      const namespace = ctx.spell('com.vendor.network.');
      const expected = BRIDGE_OPTIONS.map((key) => `${namespace}${key}`);
      const missing = expected.filter((key) => !(key in options));
      ctx.expect(missing.length === 0, `the bridge network Options lack ${missing.join(', ')}`, { expected, actual: Object.keys(options) });
      // A bridge-driver key without the namespace (`mtu`, `enable_icc`) is one the statement says is namespaced.
      const bare = Object.keys(options).filter((key) => !key.startsWith(namespace));
      ctx.expect(bare.length === 0, `the bridge network Options have keys outside ${namespace}*: ${bare.join(', ')}`, {
        expected: `every key under ${namespace}`,
        actual: Object.keys(options),
      });
      // Keys of the vendor's network namespace the statement does not name (a newer driver's) are the target's to add.
      const others = Object.keys(options).filter((key) => key.startsWith(namespace) && !expected.includes(key) && !key.startsWith(`${namespace}bridge.`));
      if (others.length) ctx.observe(`the bridge network Options also hold ${others.join(', ')} (outside ${namespace}bridge.*)`);
    },
  }),
];
