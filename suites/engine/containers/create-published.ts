import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { targetIsLocal } from '../support/loopback-server.ts';
import { freeHostPort } from '../support/resources.ts';

const R = 'engine/containers/create/';
const LISTED = 'engine/containers/list/ports-published';

/** Two TCP ports and a UDP one: a target that publishes only the first, or only TCP, shows. */
const EVERY_EXPOSED = ['8080/tcp', '9090/tcp', '53/udp'];

type Published = Record<string, Array<{ HostIp?: string; HostPort?: string }> | null>;

/** A token the container's listener on 8080/tcp sends to the first connection that reaches it. */
const newToken = (): string => `published-${randomBytes(6).toString('hex')}`;

/**
 * NetworkSettings.Ports of a running container exposing `exposed` created with the HostConfig:
 * what its run published. With a token, its program listens on 8080/tcp and sends the token.
 */
async function publishedPorts(
  ctx: EngineContext,
  hostConfig: Record<string, unknown>,
  exposed = ['8080/tcp'],
  token?: string,
): Promise<{ id: string; ports: Published }> {
  const ExposedPorts = Object.fromEntries(exposed.map((port) => [port, {}]));
  const cmd = token ? ['sh', '-c', `echo ${token} | busybox nc -l -p 8080`] : ['sleep', '300'];
  const { id } = await ctx.setUp(() => ctx.runningContainer(cmd, { extra: { ExposedPorts }, hostConfig }));
  return { id, ports: (((await ctx.inspect(id)).NetworkSettings as { Ports?: Published } | undefined)?.Ports ?? {}) as Published };
}

/** The Ports of the container's list item. */
async function listedPorts(ctx: EngineContext, id: string): Promise<unknown> {
  const res = await ctx.api.get('/containers/json', { filters: JSON.stringify({ id: [id] }) });
  ctx.expectStatus(res, 200, 'the container list filtered by the container id', LISTED);
  return ctx.expectJson<Array<{ Id?: string; Ports?: unknown }>>(res, 'container list', LISTED).find((i) => i.Id === id)?.Ports;
}

/** What one connection to host:port reads until the peer closes (or `ms` pass); empty when refused. */
function readOnce(host: string, port: number, ms: number): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, host);
    const done = (): void => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const timer = setTimeout(done, ms);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('close', done);
    socket.on('error', () => undefined);
  });
}

/**
 * What the published port answers: connections made until one reads `token` or `ms` pass (the
 * program may not listen yet when the first comes; a proxy in front accepts and closes then).
 */
async function readPublished(host: string, port: number, token: string, ms: number): Promise<string> {
  const deadline = Date.now() + ms;
  let last = '';
  while (Date.now() < deadline) {
    last = await readOnce(host, port, Math.min(3_000, deadline - Date.now()));
    if (last.includes(token)) return last;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return last;
}

/**
 * Spec: Resources > HostConfig fields: PortBindings and PublishAllPorts take effect when the
 * container runs: its NetworkSettings.Ports (what the run published), not only the HostConfig echo,
 * and a connection to the host port reaches the program listening on the container port.
 */
export default [
  engineCheck({
    id: `${R}host-config-port-bindings/published`,
    title:
      'PortBindings publishes the port on each HostPort of its list, two bindings of one port included ' +
      '(NetworkSettings.Ports of the running container, and its list item Ports)',
    requirements: [`${R}host-config-port-bindings`, LISTED],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const port = await freeHostPort();
      let second = await freeHostPort();
      while (second === port) second = await freeHostPort();
      // The value of a port is a list of bindings: its second one is published too, not only the first.
      const { id, ports } = await publishedPorts(ctx, { PortBindings: { '8080/tcp': [{ HostPort: port }, { HostPort: second }] } });
      const bound = (ports['8080/tcp'] ?? []).map((b) => b.HostPort);
      ctx.verify(bound.includes(port) && bound.includes(second), `8080/tcp is published on host ports ${port} and ${second} (its two bindings)`, {
        expected: [port, second],
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
    id: `${R}host-config-port-bindings/reaches-container`,
    title: 'A connection to the host port PortBindings publishes reaches the program listening on the container port',
    requirements: [`${R}host-config-port-bindings`],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      if (!targetIsLocal(ctx)) ctx.skip('the target is not on this host, so the check cannot connect to a host port it publishes');
      const port = await freeHostPort();
      const token = newToken();
      await publishedPorts(ctx, { PortBindings: { '8080/tcp': [{ HostIp: '127.0.0.1', HostPort: port }] } }, ['8080/tcp'], token);
      const read = await readPublished('127.0.0.1', Number(port), token, 10_000);
      ctx.verify(read.includes(token), `a connection to 127.0.0.1:${port} reads what the container's listener on 8080/tcp sends`, {
        expected: token,
        actual: read || 'nothing (refused, or closed at once)',
        requirement: `${R}host-config-port-bindings`,
      });
    },
  }),
  engineCheck({
    id: `${R}host-config-publish-all-ports/published`,
    title:
      'PublishAllPorts publishes every exposed port, TCP and UDP, each on a host port of its own (NetworkSettings.Ports of the running container); ' +
      "a connection to the first TCP one reaches the container; the ports are exposed by the create's ExposedPorts alone (no PortBindings)",
    requirements: [`${R}host-config-publish-all-ports`, `${R}body-exposed-ports`],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const token = newToken();
      const { ports } = await publishedPorts(ctx, { PublishAllPorts: true }, EVERY_EXPOSED, token);
      const hostPorts = (port: string): string[] => (ports[port] ?? []).map((b) => b.HostPort ?? '').filter((p) => /^[1-9]\d*$/.test(p));
      const unpublished = EVERY_EXPOSED.filter((port) => hostPorts(port).length === 0);
      // The fixture image exposes none of them: each is exposed by the create's ExposedPorts, or by nothing. A port that
      // NetworkSettings.Ports lists unpublished (null, as Docker shows an exposed port) was exposed: only PublishAllPorts is in question.
      const exposedShown = unpublished.every((port) => port in ports);
      ctx.expect(unpublished.length === 0, `every port the create's ExposedPorts exposes (${EVERY_EXPOSED.join(', ')}) is published on a host port`, {
        expected: `a HostPort for each of ${EVERY_EXPOSED.join(', ')}`,
        actual: Object.fromEntries(EVERY_EXPOSED.map((port) => [port, ports[port] ?? 'not published'])),
        requirement: exposedShown ? `${R}host-config-publish-all-ports` : [`${R}host-config-publish-all-ports`, `${R}body-exposed-ports`],
      });
      // Two TCP ports on one host port would send both ports' connections to one.
      const tcp = EVERY_EXPOSED.filter((port) => port.endsWith('/tcp')).map((port) => hostPorts(port)[0]);
      ctx.expect(unpublished.length > 0 || new Set(tcp).size === tcp.length, 'the exposed TCP ports are published on different host ports', {
        expected: 'distinct host ports',
        actual: tcp,
        requirement: `${R}host-config-publish-all-ports`,
      });
      const hostPort = hostPorts('8080/tcp')[0];
      if (!hostPort || !targetIsLocal(ctx)) {
        ctx.observe(`a connection to the port published for 8080/tcp was not tried: ${hostPort ? 'the target is not on this host' : 'none was published'}`);
        return;
      }
      const read = await readPublished('127.0.0.1', Number(hostPort), token, 10_000);
      ctx.verify(read.includes(token), `a connection to the host port published for 8080/tcp (${hostPort}) reads what the container's listener sends`, {
        expected: token,
        actual: read || 'nothing (refused, or closed at once)',
        requirement: `${R}host-config-publish-all-ports`,
      });
    },
  }),
];
