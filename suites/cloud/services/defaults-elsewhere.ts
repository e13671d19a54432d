/**
 * Spec: Services > service create body: a container port's `published` defaults to false and a
 * binding's `rewritable` to true. A stack's create items "take the parameters of service create",
 * its update items those of service update, and service update's "value sets and shapes are as in
 * create": wherever a port or a binding is sent without them, those defaults apply.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { createService, createStack, serviceBody, settled } from '../support/app.ts';
import type { Json } from '../support/lists.ts';
import { servicesByName } from '../stacks/create.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const R = {
  published: 'cloud/service/create/default-port-published-false',
  rewritable: 'cloud/service/create/default-binding-rewritable-true',
  stackServices: 'cloud/stack/create/services-created',
  stackUpdates: 'cloud/stack/update/updates-services',
  serviceUpdate: 'cloud/service/update/applies-fields',
};

const PORT: Json = { protocol: 'tcp', inner_port: 8080 };

/** Another port, for the second item of a stack PATCH: which service each item reached shows by its port. */
const OTHER_PORT: Json = { protocol: 'tcp', inner_port: 8081 };

/** The service's ports and bindings sent without `published` and `rewritable` show their defaults. */
function expectDefaults(ctx: CloudContext, svc: Json | undefined, what: string, requirement: string, bindings = true, sent: Json = PORT): void {
  const port = (svc?.container_ports as Json[] | undefined)?.find((p) => p.inner_port === sent.inner_port);
  ctx.expectEqual(port?.published, false, `${what}: a port sent without published is published`, [R.published, requirement]);
  if (bindings)
    ctx.expectEqual((svc?.bindings as Json[] | undefined)?.[0]?.rewritable, true, `${what}: a binding sent without rewritable is not writable`, [
      R.rewritable,
      requirement,
    ]);
}

export default [
  cloudCheck({
    id: `${R.published}/stack`,
    title: "A stack's services, created and updated, take service create's defaults: a port is not published, a binding is writable",
    requirements: [R.published, R.rewritable, R.stackServices, R.stackUpdates],
    endpoint: 'cloud/stack/create',
    async run(ctx) {
      const body = serviceBody(ctx, undefined, { container_ports: [PORT], bindings: [{ container_path: '/conformance-data' }] });
      const stack = await createStack(ctx, { name: ctx.uniqueName('stack'), services: [body] });
      expectDefaults(ctx, (await servicesByName(ctx, stack)).get(String(body.name)), 'a service created with its stack', R.stackServices);
      // Two items, the second service named first, each with its own port: a target applying only the first item,
      // or matching items to services by position, leaves a service without its port.
      const [one, two] = [serviceBody(ctx, undefined), serviceBody(ctx, undefined)];
      const other = await createStack(ctx, { name: ctx.uniqueName('stack'), services: [one, two] });
      const items: [Json, Json][] = [
        [two, PORT],
        [one, OTHER_PORT],
      ];
      const res = await ctx.api.patch(other.resource_uri, { services: items.map(([svc, port]) => ({ name: svc.name, container_ports: [port] })) });
      ctx.expect(isSuccess(res.status), `PATCH answered ${res.status}: ${res.text().slice(0, 200)}`, { requirement: R.stackUpdates });
      await settled(ctx, 'stack', other.resource_uri);
      const after = await servicesByName(ctx, other);
      for (const [svc, port] of items)
        expectDefaults(ctx, after.get(String(svc.name)), `service ${String(svc.name)} updated through its stack`, R.stackUpdates, false, port);
    },
  }),
  cloudCheck({
    id: `${R.published}/service-update`,
    title: 'A port sent by a service update without published is not published',
    requirements: [R.published, R.serviceUpdate],
    endpoint: 'cloud/service/update',
    async run(ctx) {
      const svc = await createService(ctx, serviceBody(ctx, undefined));
      const res = await ctx.api.patch(svc.resource_uri, { container_ports: [PORT] });
      ctx.expect(isSuccess(res.status), `PATCH answered ${res.status}: ${res.text().slice(0, 200)}`, { requirement: R.serviceUpdate });
      const got = await settled(ctx, 'service', svc.resource_uri);
      expectDefaults(ctx, got, 'the updated service', R.serviceUpdate, false);
    },
  }),
];
