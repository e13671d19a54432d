import { engineCheck } from '../support/check.ts';
import { noSuchContainerCheck } from '../support/lifecycle.ts';

const ENDPOINT = 'engine/containers/inspect';
const R = 'engine/containers/inspect/';

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
