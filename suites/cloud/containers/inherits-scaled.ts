/**
 * Spec: Container: a container has its service's descriptive fields in per-container form ("labels
 * | {S:S} | metadata applied to each container"); cloud/container/get/inherits-service: they "equal
 * the service's at deployment". Each container, not only those of a first start: a container a scale
 * adds is deployed from the service as well, and shows every inherited field as the service does
 * (labels, the descriptive lists, the create body's fields, each set to a value other than its default).
 */
import { cloudCheck } from '../support/check.ts';
import { operateAndSettle, scaledTo, serviceBody, sharedNodes, waitForContainers } from '../support/app.ts';
import { LISTED_INHERITED, UNLISTED_SCALARS, verifyInherited } from '../support/inherited.ts';
import { createDescriptive, DESCRIPTIVE } from '../support/linked-app.ts';
import { DEVICE_FIELDS } from './device-fields.ts';

const R = { inherits: 'cloud/container/get/inherits-service' };

export default [
  cloudCheck({
    id: `${R.inherits}/scaled`,
    title: "A container a scale adds carries its service's inherited fields (labels, descriptive lists, flags...), as the first container does",
    requirements: [R.inherits],
    endpoint: 'cloud/container/get',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const created = await createDescriptive(ctx, serviceBody(ctx, at, LISTED_INHERITED), { ...DESCRIPTIVE, ...UNLISTED_SCALARS, ...DEVICE_FIELDS });
      const svc = await operateAndSettle(ctx, { resource_uri: String(created.resource_uri) }, 'start');
      const [first] = await waitForContainers(ctx, svc, 1);
      if (!(await scaledTo(ctx, svc, 2))) ctx.skip(`the service ${svc.resource_uri} could not be scaled: no container was added by a scale`);
      const service = await ctx.getJson('service', svc.resource_uri, 'the scaled service');
      for (const own of await waitForContainers(ctx, svc, 2)) {
        const got = await ctx.getJson('container', own.resource_uri, 'the container');
        const what = own.uuid === first?.uuid ? 'the container of the start' : 'the container added by the scale';
        verifyInherited(ctx, got, service, `${what} (${String(got.name)})`, R.inherits);
      }
    },
  }),
];
