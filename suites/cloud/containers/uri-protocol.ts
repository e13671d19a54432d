/**
 * Spec: Container: "container_ports [port] with the extra field uri_protocol S (protocol of the
 * endpoint, such as http)". The endpoint is the port's endpoint_uri (S in the Service port; only a
 * non-published port has none): a published port of a running container shows one, its scheme is
 * the endpoint's protocol, and uri_protocol names it. Two published ports whose
 * endpoints a target may give different protocols (an HTTP port and a plain TCP one), so a field
 * filled with the port's transport protocol, or the first port's value for both, reads differently.
 */
import { cloudCheck } from '../support/check.ts';
import { runningService, sharedNodes, waitForContainers } from '../support/app.ts';
import type { Json } from '../support/lists.ts';

const R = { protocol: 'cloud/container/get/uri-protocol-of-endpoint' };

const PORTS: Json[] = [
  { protocol: 'tcp', inner_port: 80, published: true },
  { protocol: 'tcp', inner_port: 6379, published: true },
];

/** The scheme of an endpoint URI, lower-cased, or undefined for no URI. */
function schemeOf(uri: unknown): string | undefined {
  if (typeof uri !== 'string' || uri === '') return undefined;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(uri)?.[1];
  return scheme?.toLowerCase() ?? '';
}

export default [
  cloudCheck({
    id: R.protocol,
    title: "A container port's uri_protocol is the protocol of its endpoint (the scheme of its endpoint_uri)",
    endpoint: 'cloud/container/get',
    async run(ctx) {
      const svc = await runningService(ctx, await sharedNodes(ctx), { container_ports: PORTS });
      const [listed] = await waitForContainers(ctx, svc, 1);
      const container = await ctx.getJson('container', listed!.resource_uri, 'a container of the service');
      const ports = (Array.isArray(container.container_ports) ? (container.container_ports as Json[]) : []).filter((p) => p.published === true);
      ctx.expect(ports.length === PORTS.length, `the running container shows ${ports.length} published ports of the ${PORTS.length} its service publishes`, {
        expected: PORTS,
        actual: container.container_ports,
        requirement: R.protocol,
      });
      for (const port of ports) {
        const scheme = schemeOf(port.endpoint_uri);
        ctx.expect(scheme !== undefined, `published port ${String(port.inner_port)} of the running container shows no endpoint_uri`, {
          expected: 'a URI (the spec types endpoint_uri S; only a non-published port has no endpoint)',
          actual: port.endpoint_uri,
          requirement: R.protocol,
        });
        if (scheme === undefined) continue;
        ctx.expect(String(port.uri_protocol).toLowerCase() === scheme, `port ${String(port.inner_port)}: uri_protocol is not the scheme of its endpoint`, {
          expected: scheme,
          actual: { uri_protocol: port.uri_protocol, endpoint_uri: port.endpoint_uri },
          requirement: R.protocol,
        });
      }
    },
  }),
];
