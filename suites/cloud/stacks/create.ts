/** Spec: Stacks > POST /api/app/v1/[ns/]stack/ (services referring to each other by name). */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { getRequirement } from '../support/operation-requirements.ts';
import { createStack, serviceBody, sharedNodes, stackCreatedBy, STACKS } from '../support/app.ts';
import { postFriendlyNamed } from '../support/friendly-name.ts';
import { listAll, sameResource, type Json } from '../support/lists.ts';
import { expectStaysUnstarted } from '../support/unstarted.ts';
import type { Service, Stack } from '../support/views.generated.ts';
import { verifyKept } from '../support/kept.ts';
import { everyFieldBody } from '../services/every-field.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const ENDPOINT = 'cloud/stack/create';
const R = {
  returns: 'cloud/stack/create/returns-stack',
  notStarted: 'cloud/stack/create/not-started',
  status201: 'cloud/stack/create/201',
  requiresName: 'cloud/stack/create/requires-name',
  nickname: 'cloud/stack/create/default-nickname-name',
  noServices: 'cloud/stack/create/default-services-empty',
  services: 'cloud/stack/create/services-created',
  linkByName: 'cloud/stack/create/link-by-name',
  volumesByName: 'cloud/stack/create/volumes-from-by-name',
};

/** The services of a stack, by name. */
export async function servicesByName(ctx: CloudContext, stack: Stack): Promise<Map<string, Service>> {
  const fresh = await ctx.getJson('stack', stack.resource_uri, 'stack');
  const listed: unknown = fresh.services ?? [];
  // A services field that is not a list is the stack GET's departure (the judge reports it): nothing to read here.
  ctx.precondition(Array.isArray(listed), `the stack's services is ${JSON.stringify(listed)}, not a list of URIs`, getRequirement('stack'));
  const services = await Promise.all((listed as string[]).map((s) => ctx.getJson('service', s, 'stack service')));
  return new Map(services.map((s) => [String(s.name), s]));
}

export default [
  cloudCheck({
    id: R.returns,
    title: 'POST creates a stack and returns it, without starting it (Not Running, services Not running)',
    requirements: [R.returns, R.notStarted, R.status201],
    endpoint: ENDPOINT,
    async run(ctx) {
      const name = ctx.uniqueName('stack');
      const res = await ctx.api.post(STACKS, { name, services: [serviceBody(ctx, undefined)] });
      ctx.expect(isSuccess(res.status), `create answered ${res.status}: ${res.text().slice(0, 200)}`, { requirement: R.returns });
      const stack = ctx.expectView('stack', ctx.expectJson(res, 'create response'), 'the created stack', R.returns);
      ctx.defer(async () => void (await ctx.api.delete(stack.resource_uri)));
      ctx.expectEqual(stack.name, name, 'the created stack has another name', R.returns);
      const got = await ctx.getJson('stack', stack.resource_uri, 'stack');
      ctx.expectEqual(got.state, 'Not Running', 'a created stack is not Not Running', R.notStarted);
      for (const svc of (await servicesByName(ctx, stack)).values())
        ctx.expectEqual(svc.state, 'Not running', 'a service of a created stack is not Not running', R.notStarted);
      ctx.expectStatus(res, 201, 'create (facts: 201 with the stack)', R.status201);
    },
  }),
  cloudCheck({
    id: `${R.notStarted}/placeable`,
    title:
      'A stack created where its service could run (its tags name a deployed node) stays Not Running, its service without containers, a while after create',
    requirements: [R.notStarted],
    endpoint: ENDPOINT,
    async run(ctx) {
      // The stack of the check above holds a service whose tags no node carries: a start could place nothing there.
      const stack = await createStack(ctx, { name: ctx.uniqueName('stack'), services: [serviceBody(ctx, await sharedNodes(ctx))] });
      const shown = async (): Promise<Json> => {
        const got = await ctx.getJson('stack', stack.resource_uri, 'the created stack');
        const services = await Promise.all((got.services ?? []).map((s) => ctx.getJson('service', s, 'its service')));
        return { state: got.state, services: services.map((s) => ({ state: s.state, containers: s.containers })) };
      };
      const unstarted = { state: 'Not Running', services: [{ state: 'Not running', containers: [] }] };
      await expectStaysUnstarted(ctx, shown, unstarted, 'a created stack', R.notStarted);
    },
  }),
  cloudCheck({
    id: R.requiresName,
    title: 'name is required: a stack body without it is refused and creates nothing',
    endpoint: ENDPOINT,
    async run(ctx) {
      const nickname = ctx.uniqueName('nameless');
      const res = await ctx.api.post(STACKS, { nickname });
      const made = res.status < 300 ? (JSON.parse(res.text()) as Json) : undefined;
      if (made?.resource_uri) ctx.defer(async () => void (await ctx.api.delete(String(made.resource_uri))));
      ctx.expect(res.status >= 400 && res.status < 500, `a stack without name answered ${res.status}`, {
        expected: '4xx',
        actual: res.status,
        requirement: R.requiresName,
      });
      const left = (await listAll(ctx, STACKS)).filter((s) => s.nickname === nickname && s.state !== 'Terminated');
      ctx.expectEqual(left.length, 0, 'a refused stack create left a stack behind', R.requiresName);
    },
  }),
  cloudCheck({
    id: R.nickname,
    title: 'nickname defaults to name (a name with capitals and spaces, kept as written), a nickname sent is kept; services default to []',
    requirements: [R.nickname, R.noServices],
    endpoint: ENDPOINT,
    async run(ctx) {
      const { name, res } = await postFriendlyNamed(ctx, 'stack', (named) => ctx.api.post(STACKS, { name: named }));
      const stack = stackCreatedBy(ctx, res, { name });
      const got = await ctx.getJson('stack', stack.resource_uri, 'stack');
      ctx.verify(got.nickname === got.name, 'nickname does not default to name', { requirement: R.nickname, expected: got.name, actual: got.nickname });
      ctx.verify(JSON.stringify(got.services) === '[]', 'a stack created without services has some', {
        requirement: R.noServices,
        expected: [],
        actual: got.services,
      });
      const nickname = ctx.uniqueName('nick');
      const named = await createStack(ctx, { name: ctx.uniqueName('stack'), nickname });
      const gotNamed = await ctx.getJson('stack', named.resource_uri, 'stack');
      ctx.verify(gotNamed.nickname === nickname, 'a nickname sent is not kept', { requirement: R.nickname, expected: nickname, actual: gotNamed.nickname });
    },
  }),
  cloudCheck({
    id: R.services,
    title:
      'Each item of services creates a service of the stack carrying every field sent; links and volumes-from bindings may name another service of the stack',
    requirements: [R.services, R.linkByName, R.volumesByName],
    endpoint: ENDPOINT,
    async run(ctx) {
      // "each item takes the parameters of service create": one item sets every one of them.
      const db = await ctx.setUp(() => everyFieldBody(ctx));
      const web = serviceBody(ctx, undefined, { linked_to_service: [{ to_service: db.name, name: 'db' }], bindings: [{ volumes_from: db.name }] });
      // Siblings before, between and after: a name resolved to the first, the previous or the last other service shows.
      const siblings = [serviceBody(ctx, undefined), serviceBody(ctx, undefined)];
      const stack = await createStack(ctx, { name: ctx.uniqueName('stack'), services: [siblings[0]!, web, db, siblings[1]!] });
      const byName = await servicesByName(ctx, stack);
      const gotDb = byName.get(String(db.name));
      const gotWeb = byName.get(String(web.name));
      ctx.expect(gotDb !== undefined && gotWeb !== undefined, "the stack's services are not the items sent", {
        expected: [db.name, web.name],
        actual: [...byName.keys()],
        requirement: R.services,
      });
      for (const svc of [gotDb!, gotWeb!])
        ctx.expect(sameResource(svc.stack, stack.resource_uri), `service ${String(svc.name)} names stack ${String(svc.stack)}`, { requirement: R.services });
      verifyKept(ctx, db, gotDb!, 'a service of the created stack', R.services);
      const link = (gotWeb!.linked_to_service as Json[])[0];
      ctx.expect(
        sameResource(link?.to_service, gotDb!.resource_uri) && link?.name === 'db',
        "a link naming a sibling service does not point to that service's URI with the link name sent",
        {
          expected: { to_service: gotDb!.resource_uri, name: 'db' },
          actual: link,
          requirement: R.linkByName,
        },
      );
      const binding = (gotWeb!.bindings as Json[]).find((b) => b.volumes_from);
      ctx.expect(
        sameResource(binding?.volumes_from, gotDb!.resource_uri),
        "a volumes-from binding naming a sibling service does not point to that service's URI",
        { expected: gotDb!.resource_uri, actual: gotWeb!.bindings, requirement: R.volumesByName },
      );
    },
  }),
];
