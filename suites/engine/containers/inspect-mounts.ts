import { engineCheck } from '../support/check.ts';

/** Spec: Resources > Container inspect (1.22 Mounts [{Name, Source, Destination, Driver, Mode, RW B, Propagation}]). */
export default [
  engineCheck({
    id: 'engine/containers/inspect/mounts-each-once',
    title: '(1.22) Inspect Mounts has one item per mount point: two volumes, each Destination once',
    endpoint: 'engine/containers/inspect',
    versions: ['1.22'],
    async run(ctx) {
      const paths = ['/conformance-vol', '/conformance-vol-two'];
      const { id } = await ctx.createContainer({ cmd: ['true'], extra: { Volumes: Object.fromEntries(paths.map((p) => [p, {}])) } });
      const mounts = (await ctx.inspect(id)).Mounts;
      const destinations = (Array.isArray(mounts) ? mounts : []).map((m) => (m as { Destination?: unknown } | null)?.Destination);
      ctx.expect(
        paths.every((p) => destinations.filter((d) => d === p).length === 1),
        'inspect Mounts does not show each mount point once',
        {
          expected: paths,
          actual: mounts,
        },
      );
    },
  }),
];
