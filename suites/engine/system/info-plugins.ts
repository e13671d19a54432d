/**
 * What Info Plugins (1.22) names: the volume and network plugins of the daemon. A network create
 * answers 404 when its driver plugin is not found, so a network's Driver is a network plugin; a
 * list emptied, cut short or naming other drivers than the daemon's own networks show.
 */
import { engineCheck } from '../support/check.ts';
import { createVolume, listNetworks } from '../support/resources.ts';

const PLUGINS = 'engine/system/info/plugins-drivers';

/** Spec: Resources and their fields > Info (Plugins, 1.22); Endpoints > Networks > 53 (404 plugin not found). */
export default [
  engineCheck({
    id: PLUGINS,
    title: '(1.22) Info Plugins.Network holds the Driver of every network GET /networks shows, Plugins.Volume the Driver of a volume created',
    endpoint: 'engine/system/info',
    versions: ['1.22'],
    async run(ctx) {
      const volume = await ctx.setUp(() => createVolume(ctx));
      const volumeDriver = await ctx.setUp(async () => {
        const res = await ctx.api.get(`/volumes/${encodeURIComponent(volume.Name)}`);
        return ctx.expectJson<{ Driver?: unknown }>(res, 'the volume inspect').Driver;
      });
      const networkDrivers = [...new Set((await ctx.setUp(() => listNetworks(ctx))).map((n) => n.Driver))];
      const res = await ctx.api.get('/info');
      ctx.expectStatus(res, 200, 'GET /info');
      const plugins = (ctx.expectJson<{ Plugins?: Record<string, unknown> }>(res, 'info').Plugins ?? {}) as Record<string, unknown>;
      const drivers: Record<string, unknown[]> = { Network: networkDrivers, Volume: [volumeDriver] };
      for (const [kind, wanted] of Object.entries(drivers)) {
        const listed = Array.isArray(plugins[kind]) ? (plugins[kind] as unknown[]) : [];
        const missing = wanted.filter((d) => !listed.includes(d));
        ctx.verify(missing.length === 0, `Info Plugins.${kind} lacks the driver(s) ${missing.join(', ')} the daemon's own ${kind.toLowerCase()}s have`, {
          expected: wanted,
          actual: plugins[kind],
          requirement: PLUGINS,
        });
      }
    },
  }),
];
