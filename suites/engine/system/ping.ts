import { engineCheck } from '../support/check.ts';

/** Spec: Endpoints > System > 45. GET /_ping: text `OK`, `text/plain`. */
export default [
  engineCheck({
    id: 'engine/system/ping/200-ok',
    title: 'GET /_ping answers 200 with the text OK',
    endpoint: 'engine/system/ping',
    async run(ctx) {
      const res = await ctx.api.get('/_ping');
      ctx.expectStatus(res, 200, 'GET /_ping');
      ctx.expectEqual(res.text(), 'OK', 'GET /_ping answers the text OK');
    },
  }),
  engineCheck({
    id: 'engine/system/ping/content-type-text-plain',
    title: 'GET /_ping answers with Content-Type text/plain',
    endpoint: 'engine/system/ping',
    async run(ctx) {
      const res = await ctx.api.get('/_ping');
      const type = res.headers['content-type'] ?? '';
      ctx.expect(type.startsWith('text/plain'), `GET /_ping answers text/plain, got '${type}'`, { expected: 'text/plain', actual: type });
    },
  }),
];
