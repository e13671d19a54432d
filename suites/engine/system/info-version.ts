import { engineCheck } from '../support/check.ts';

/** Spec: Endpoints > System > 43, 44; Resources > System information. */
export default [
  engineCheck({
    id: 'engine/system/info/200-response-schema',
    title: 'GET /info answers 200 with the Info object of the version',
    endpoint: 'engine/system/info',
    async run(ctx) {
      const res = await ctx.api.get('/info');
      ctx.expectStatus(res, 200, 'GET /info');
      ctx.expectVersionSchema('info', ctx.expectJson(res, 'info'), `the ${ctx.version} Info object`);
    },
  }),
  engineCheck({
    id: 'engine/system/version/200-response-schema',
    title: 'GET /version answers 200 with the Version object of the version',
    endpoint: 'engine/system/version',
    async run(ctx) {
      const res = await ctx.api.get('/version');
      ctx.expectStatus(res, 200, 'GET /version');
      ctx.expectVersionSchema('version', ctx.expectJson(res, 'version'), `the ${ctx.version} Version object`);
    },
  }),
];
