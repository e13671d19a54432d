/**
 * Spec: Services > GET /api/app/v1/[ns/]service/: a listed service is a service object, so it
 * carries every field as created, its lists (ports, envvars, links, bindings, tags) holding exactly
 * the items sent, each once, and the fields whose value is zero (an unpublished port's
 * `published: false` and `outer_port: null`, a binding's `host_path: null`) present.
 */
import { cloudCheck } from '../support/check.ts';
import { createService, SERVICES } from '../support/app.ts';
import { verifyKept } from '../support/kept.ts';
import { listAll } from '../support/lists.ts';
import { everyFieldBody } from './every-field.ts';

const R = { list: 'cloud/service/list/returns-services' };

export default [
  cloudCheck({
    id: `${R.list}/fields`,
    title: 'A listed service carries every field as created, each list with exactly the items sent',
    requirements: [R.list],
    endpoint: 'cloud/service/list',
    async run(ctx) {
      const body = await ctx.setUp(() => everyFieldBody(ctx));
      const svc = await createService(ctx, body);
      const listed = (await listAll(ctx, SERVICES)).find((o) => o.uuid === svc.uuid);
      ctx.expect(listed !== undefined, `the service ${String(svc.uuid)} just created is not listed`, { requirement: R.list });
      const view = ctx.expectView('service', listed, 'the listed service', R.list);
      verifyKept(ctx, body, view, 'the listed service', R.list);
    },
  }),
];
