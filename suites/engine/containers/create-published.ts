import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { freeHostPort } from '../support/resources.ts';

const R = 'engine/containers/create/';
const LISTED = 'engine/containers/list/ports-published';

/** Two TCP ports and a UDP one: a target that publishes only the first, or only TCP, shows. */
const EVERY_EXPOSED = ['8080/tcp', '9090/tcp', '53/udp'];

type Published = Record<string, Array<{ HostIp?: string; HostPort?: string }> | null>;

/** NetworkSettings.Ports of a running container exposing `exposed` created with the HostConfig: what its run published. */
async function publishedPorts(ctx: EngineContext, hostConfig: Record<string, unknown>, exposed = ['8080/tcp']): Promise<{ id: string; ports: Published }> {
  const ExposedPorts = Object.fromEntries(exposed.map((port) => [port, {}]));
  const { id } = await ctx.setUp(() => ctx.runningContainer(['sleep', '300'], { extra: { ExposedPorts }, hostConfig }));
  return { id, ports: (((await ctx.inspect(id)).NetworkSettings as { Ports?: Published } | undefined)?.Ports ?? {}) as Published };
}

/** The Ports of the container's list item. */
async function listedPorts(ctx: EngineContext, id: string): Promise<unknown> {
  const res = await ctx.api.get('/containers/json', { filters: JSON.stringify({ id: [id] }) });
  ctx.expectStatus(res, 200, 'the container list filtered by the container id', LISTED);
  return ctx.expectJson<Array<{ Id?: string; Ports?: unknown }>>(res, 'container list', LISTED).find((i) => i.Id === id)?.Ports;
}

/**
 * Spec: Resources > HostConfig fields: PortBindings and PublishAllPorts take effect when the
 * container runs: its NetworkSettings.Ports (what the run published), not only the HostConfig echo.
 */
export default [
  engineCheck({
    id: `${R}host-config-port-bindings/published`,
    title: 'PortBindings publishes the port on the HostPort given (NetworkSettings.Ports of the running container, and its list item Ports)',
    requirements: [`${R}host-config-port-bindings`, LISTED],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const port = await freeHostPort();
      const { id, ports } = await publishedPorts(ctx, { PortBindings: { '8080/tcp': [{ HostPort: port }] } });
      const bound = (ports['8080/tcp'] ?? []).map((b) => b.HostPort);
      ctx.verify(bound.includes(port), `8080/tcp is published on host port ${port}`, {
        expected: [port],
        actual: ports['8080/tcp'] ?? 'not published',
        requirement: `${R}host-config-port-bindings`,
      });
      const listed = await listedPorts(ctx, id);
      const shown = (Array.isArray(listed) ? listed : []) as Array<Record<string, unknown>>;
      const want = { PrivatePort: 8080, PublicPort: Number(port), Type: 'tcp' };
      ctx.verify(
        shown.some((p) => p.PrivatePort === want.PrivatePort && p.PublicPort === want.PublicPort && p.Type === want.Type),
        `the list item's Ports show 8080/tcp published on host port ${port}`,
        { expected: want, actual: listed, requirement: LISTED },
      );
    },
  }),
  engineCheck({
    id: `${R}host-config-publish-all-ports/published`,
    title: 'PublishAllPorts publishes every exposed port, TCP and UDP, each on a host port of its own (NetworkSettings.Ports of the running container)',
    requirements: [`${R}host-config-publish-all-ports`],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const { ports } = await publishedPorts(ctx, { PublishAllPorts: true }, EVERY_EXPOSED);
      const hostPorts = (port: string): string[] => (ports[port] ?? []).map((b) => b.HostPort ?? '').filter((p) => /^[1-9]\d*$/.test(p));
      const unpublished = EVERY_EXPOSED.filter((port) => hostPorts(port).length === 0);
      ctx.expect(unpublished.length === 0, `every exposed port (${EVERY_EXPOSED.join(', ')}) is published on a host port`, {
        expected: `a HostPort for each of ${EVERY_EXPOSED.join(', ')}`,
        actual: Object.fromEntries(EVERY_EXPOSED.map((port) => [port, ports[port] ?? 'not published'])),
      });
      // Two TCP ports on one host port would send both ports' connections to one.
      const tcp = EVERY_EXPOSED.filter((port) => port.endsWith('/tcp')).map((port) => hostPorts(port)[0]);
      ctx.expect(unpublished.length > 0 || new Set(tcp).size === tcp.length, 'the exposed TCP ports are published on different host ports', {
        expected: 'distinct host ports',
        actual: tcp,
      });
    },
  }),
];
