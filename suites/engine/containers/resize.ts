import { engineCheck } from '../support/check.ts';
import { noSuchContainerCheck } from '../support/lifecycle.ts';

const ENDPOINT = 'engine/containers/resize';
const SIZE = { h: 40, w: 100 };

/** Spec: Endpoints > Containers > 9. POST /containers/(id or name)/resize?h=<height>&w=<width>. */
export default [
  engineCheck({
    id: 'engine/containers/resize/200-empty-text-plain',
    title: 'POST /resize of a running tty container answers 200 with an empty text/plain body',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await ctx.runningContainer(['sleep', '300'], { tty: true, openStdin: true });
      const res = await ctx.api.post(`/containers/${id}/resize`, { query: SIZE });
      ctx.expectStatus(res, 200, 'resize of a running tty container');
      ctx.expectEqual(res.body.length, 0, 'the resize answer has an empty body');
      const type = res.headers['content-type'] ?? '';
      ctx.expect(type.startsWith('text/plain'), `the resize answer is text/plain, got '${type}'`, {
        expected: 'text/plain',
        actual: type || '(no Content-Type)',
      });
    },
  }),
  noSuchContainerCheck({ endpoint: ENDPOINT, method: 'POST', suffix: 'resize', query: SIZE, keepsExited: true }),
];
