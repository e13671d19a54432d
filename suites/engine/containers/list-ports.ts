import { repeated } from '../../../harness/check/repeated.ts';
import { isJsonObject } from '../../../harness/protocol/json-value.ts';
import { engineCheck } from '../support/check.ts';
import { freeHostPort } from '../support/resources.ts';

const REQUIREMENT = 'engine/containers/list/ports-published';
const SCHEMA = 'engine/containers/list/200-response-schema';

/**
 * Spec: Resources > Container list item (Ports [{PrivatePort I, PublicPort I, Type S}]). A target
 * may list a mapping once per host address it binds (Docker lists 0.0.0.0 and ::), so each
 * mapping must be there, and others may be; none twice.
 */
export default [
  engineCheck({
    id: REQUIREMENT,
    title: 'A running container publishing 8080/tcp and 5353/udp lists both mappings in its list item Ports, with PrivatePort, PublicPort and Type',
    endpoint: 'engine/containers/list',
    async run(ctx) {
      const [tcp, udp] = [await freeHostPort(), await freeHostPort()];
      const { id } = await ctx.setUp(() =>
        ctx.runningContainer(['sleep', '300'], {
          extra: { ExposedPorts: { '8080/tcp': {}, '5353/udp': {} } },
          hostConfig: { PortBindings: { '8080/tcp': [{ HostPort: tcp }], '5353/udp': [{ HostPort: udp }] } },
        }),
      );
      const res = await ctx.api.get('/containers/json');
      ctx.expectStatus(res, 200, 'GET /containers/json');
      const items = ctx.expectJson<unknown[]>(res, 'container list');
      const item = (Array.isArray(items) ? items : []).find((c) => isJsonObject(c) && c.Id === id) as { Ports?: unknown } | undefined;
      const ports = Array.isArray(item?.Ports) ? (item.Ports as unknown[]) : [];
      const expected = [
        { PrivatePort: 8080, PublicPort: Number(tcp), Type: 'tcp' },
        { PrivatePort: 5353, PublicPort: Number(udp), Type: 'udp' },
      ];
      const missing = expected.filter(
        (e) => !ports.some((p) => isJsonObject(p) && p.PrivatePort === e.PrivatePort && p.PublicPort === e.PublicPort && p.Type === e.Type),
      );
      ctx.expect(item !== undefined && missing.length === 0, `the list item of ${id} does not show every published port`, {
        expected,
        actual: item?.Ports ?? 'not listed',
      });
      // One entry per mapping and host address: the same entry twice shows a port the container does not publish twice.
      const shown = ports.map((p) => JSON.stringify(p));
      const twice = repeated(shown);
      ctx.expect(twice.length === 0, `the list item of ${id} shows an entry of Ports twice`, { expected: 'each entry once', actual: twice });
    },
  }),
  engineCheck({
    id: `${SCHEMA}/network-mode-container`,
    title:
      "(1.22) The list item of a running container sharing another's network stack (NetworkMode container:<id>) is valid for the version: " +
      'its NetworkSettings holds Networks, a map (empty when the container has no endpoint of its own)',
    requirements: [SCHEMA],
    endpoint: 'engine/containers/list',
    versions: ['1.22'],
    async run(ctx) {
      const other = await ctx.setUp(() => ctx.runningContainer(['sleep', '300'], { networked: true }));
      const { id } = await ctx.setUp(() => ctx.runningContainer(['sleep', '300'], { hostConfig: { NetworkMode: `container:${other.id}` } }));
      const res = await ctx.api.get('/containers/json');
      ctx.expectStatus(res, 200, 'GET /containers/json');
      const items = ctx.expectJson<unknown[]>(res, 'container list');
      const item = (Array.isArray(items) ? items : []).find((c) => isJsonObject(c) && c.Id === id);
      if (item === undefined) return ctx.blockedBy('engine/containers/list/query-all-default', `the running container ${id.slice(0, 12)} is not listed`);
      ctx.expectVersionSchema('container-list-item', item, `the list item of the container created with NetworkMode container:<id>`, SCHEMA);
    },
  }),
];
