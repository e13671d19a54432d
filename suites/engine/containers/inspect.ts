import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { engineCheck } from '../support/check.ts';
import { LONG_SLEEP, noSuchContainerCheck, sharedRunningContainer } from '../support/lifecycle.ts';

const ENDPOINT = 'engine/containers/inspect';
const R = 'engine/containers/inspect/';

/**
 * The top-level inspect fields only one version has (spec: ExecDriver "1.18 only", "1.18 also has
 * Volumes and VolumesRW", "1.22 has Mounts and, with size=1, SizeRw and SizeRootFs").
 */
const ONLY_IN: Record<EngineVersion, readonly string[]> = {
  '1.18': ['ExecDriver', 'Volumes', 'VolumesRW'],
  '1.22': ['Mounts', 'SizeRw', 'SizeRootFs'],
};

/** Spec: Endpoints > Containers > 3. GET /containers/(id or name)/json; Resources > Container inspect. */
export default [
  engineCheck({
    id: `${R}200-response-schema`,
    title: 'GET /containers/(id)/json answers 200 with the inspect object of the version (Config, HostConfig, State, NetworkSettings, ...)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id, name } = await ctx.runningContainer(['sleep', '300'], { networked: true });
      for (const ref of [id, name]) {
        const res = await ctx.api.get(`/containers/${ref}/json`);
        ctx.expectStatus(res, 200, `inspect by ${ref === id ? 'id' : 'name'}`);
        const body = ctx.expectVersionSchema(
          'container-inspect',
          ctx.expectJson(res, 'container inspect'),
          `the inspect object (by ${ref === id ? 'id' : 'name'})`,
        );
        ctx.expectEqual(body.Id, id, 'the inspect object is the container asked for');
      }
    },
  }),
  engineCheck({
    id: `${R}200-response-schema/version-fields`,
    title:
      'The inspect object carries no top-level field of the other version: (1.22) no ExecDriver, Volumes or VolumesRW; ' +
      '(1.18) no Mounts, SizeRw or SizeRootFs, also when size=1 is sent',
    requirements: [`${R}200-response-schema`],
    endpoint: ENDPOINT,
    async run(ctx) {
      const other: EngineVersion = ctx.version === '1.18' ? '1.22' : '1.18';
      const { id } = await sharedRunningContainer(ctx, [...LONG_SLEEP]);
      // size is a 1.22 parameter: a 1.18 answer that follows it with the 1.22 sizes shows a 1.22 field too.
      let res = await ctx.api.get(`/containers/${id}/json`, { size: 1 });
      if (ctx.version === '1.18' && res.status !== 200) {
        ctx.observe(`/v1.18 inspect with size=1 (a 1.22 parameter) answered ${res.status}: judged without it`);
        res = await ctx.api.get(`/containers/${id}/json`);
      }
      ctx.expectStatus(res, 200, 'container inspect');
      const body = ctx.expectJson<Record<string, unknown>>(res, 'container inspect') ?? {};
      const foreign = ONLY_IN[other].filter((field) => Object.hasOwn(body, field));
      ctx.expect(foreign.length === 0, `a /v${ctx.version} inspect object carries the ${other} field(s) ${foreign.join(', ')}`, {
        expected: `none of ${ONLY_IN[other].join(', ')} under /v${ctx.version}/`,
        actual: Object.fromEntries(foreign.map((field) => [field, body[field]])),
      });
    },
  }),
  engineCheck({
    id: `${R}query-size`,
    title: '(1.22) With size=1 the inspect object has SizeRw I and SizeRootFs I',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sh', '-c', 'echo data > /sized; sleep 300']);
      const res = await ctx.api.get(`/containers/${id}/json`, { size: 1 });
      ctx.expectStatus(res, 200, 'inspect with size=1');
      const body = ctx.expectJson<Record<string, unknown>>(res, 'container inspect');
      ctx.expect(Number.isInteger(body.SizeRw) && Number.isInteger(body.SizeRootFs), 'with size=1, inspect has SizeRw I and SizeRootFs I', {
        expected: { SizeRw: 'integer', SizeRootFs: 'integer' },
        actual: { SizeRw: body.SizeRw, SizeRootFs: body.SizeRootFs },
      });
    },
  }),
  engineCheck({
    id: `${R}query-size-default-false`,
    title: '(1.22) Without size, inspect does not compute the sizes (no SizeRw/SizeRootFs)',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await ctx.createContainer({ cmd: ['true'] });
      const body = await ctx.inspect(id);
      ctx.expect(body.SizeRw === undefined && body.SizeRootFs === undefined, 'without size, inspect carries no SizeRw/SizeRootFs', {
        expected: 'no SizeRw, no SizeRootFs',
        actual: { SizeRw: body.SizeRw, SizeRootFs: body.SizeRootFs },
      });
    },
  }),
  noSuchContainerCheck({ endpoint: ENDPOINT, method: 'GET', suffix: 'json' }),
];
