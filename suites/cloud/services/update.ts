/** Spec: Services > PATCH (update body) and scale. The EVERY_NODE limits are checked with Limits (suites/cloud/limits). */
import { expectActionSucceeded, expectRefused, ENDS, finishedActionOf, IN_PROGRESS, isSuccess, SUCCEEDS } from '../support/actions.ts';
import { expect202, expectCreatedInProgress } from '../support/async-op.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import {
  containersOf,
  createService,
  live,
  operate,
  operateAndSettle,
  runningService,
  serviceBody,
  settled,
  sharedNodes,
  tagNames,
  waitForContainers,
} from '../support/app.ts';
import type { Service } from '../support/views.generated.ts';
import { keptField, verifyKept } from '../support/kept.ts';
import type { Json } from '../support/lists.ts';
import { BOGUS, PORTED_IMAGE } from './create.ts';
import { bodiesFor, REFUSED_BODIES } from './refused-bodies.ts';
import { expectScaleCountsStopped, expectScaleRestores } from '../support/scale-effect.ts';

const R = {
  applies: 'cloud/service/update/applies-fields',
  latest: 'cloud/service/update/image-tag-latest',
  tags: 'cloud/service/update/tags-replace',
  valueSets: 'cloud/service/update/value-sets-as-create',
  subFields: 'cloud/service/update/required-subfields-as-create',
  target: 'cloud/service/update/target-num-containers',
  status202: 'cloud/service/update/202',
  outside: 'cloud/states/service/update-not-in-table',
  scale: 'cloud/service/scale/effect',
  scale202: 'cloud/service/scale/202-async',
  scaleOutside: 'cloud/states/service/scale-not-in-table',
};

/**
 * Every field of the update body with a value other than its default (tags: their own check), a
 * published port with its outer port beside an unpublished one without.
 */
export const UPDATE: Json = {
  autorestart: 'ALWAYS',
  autodestroy: 'ON_SUCCESS',
  container_envvars: [{ key: 'CONFORMANCE', value: 'updated' }],
  container_ports: [
    { protocol: 'udp', inner_port: 5353 },
    { protocol: 'tcp', inner_port: 8080, outer_port: 18080, published: true },
  ],
  cpu_shares: 512,
  entrypoint: '/bin/sh -c',
  image: 'busybox:1.36',
  memory: 256,
  privileged: true,
  roles: ['global'],
  run_command: 'sleep 3600',
  sequential_deployment: true,
  target_num_containers: 3,
  deployment_strategy: 'HIGH_AVAILABILITY',
  autoredeploy: true,
  net: 'host',
  pid: 'host',
  working_dir: '/tmp',
  nickname: 'conformance-updated',
};
/** The fields of the update body (the spec's list). */
const UPDATE_FIELDS = new Set([...Object.keys(UPDATE), 'linked_to_service', 'tags']);
/** "Value sets and shapes are as in create": create's refused values and items whose fields the update body takes. */
const updatable = (b: Json): boolean => Object.keys(b).every((k) => UPDATE_FIELDS.has(k));
/** PATCH bodies to refuse, each with its requirement: values outside a set (recommended), items without a required sub-field. */
async function refusedUpdates(ctx: CloudContext): Promise<Array<[Json, string]>> {
  const subFields = (
    await bodiesFor(
      ctx,
      REFUSED_BODIES.flatMap((r) => r.bodies),
    )
  ).filter(updatable);
  const outside = BOGUS.filter(updatable);
  return [...outside.map((b): [Json, string] => [b, R.valueSets]), ...subFields.map((b): [Json, string] => [b, R.subFields])];
}
/** Fields the PATCH leaves out: they must keep their values. */
const KEPT = ['name', 'labels', 'hostname', 'user', 'tty', 'bindings'];

async function patchOk(ctx: CloudContext, uri: string, body: Json, requirement: string): Promise<Json> {
  const res = await ctx.api.patch(uri, body);
  ctx.expect(isSuccess(res.status), `PATCH ${JSON.stringify(body).slice(0, 120)} answered ${res.status}: ${res.text().slice(0, 200)}`, { requirement });
  return settled(ctx, 'service', uri);
}

export default [
  cloudCheck({
    id: R.applies,
    title: 'PATCH sets each field sent and leaves the others unchanged, the update fields a later PATCH leaves out too (facts: 202 with the service)',
    requirements: [R.applies, R.status202, R.outside, ENDS, SUCCEEDS],
    endpoint: 'cloud/service/update',
    async run(ctx) {
      const linked = await createService(ctx, serviceBody(ctx, undefined));
      const svc = await createService(ctx, serviceBody(ctx, undefined, { labels: { conformance: 'kept' }, bindings: [{ container_path: '/data' }] }));
      const uri = svc.resource_uri;
      const before = await ctx.getJson('service', uri, 'service');
      const update = { ...UPDATE, linked_to_service: [{ to_service: linked.resource_uri, name: 'conformance-db' }] };
      const res = await ctx.api.patch(uri, update);
      ctx.expect(isSuccess(res.status), `PATCH answered ${res.status}: ${res.text().slice(0, 200)}`, { requirement: R.applies });
      ctx.observe(`PATCH of a Not running service answered ${res.status} (the state table does not list update)`);
      const after: Json = await settled(ctx, 'service', uri);
      const was: Json = before;
      verifyKept(ctx, update, after, 'the service after PATCH', R.applies);
      for (const field of KEPT)
        ctx.verify(keptField(field, was[field], after), `PATCH changed ${field}, which it did not send`, {
          requirement: R.applies,
          expected: was[field],
          actual: after[field],
        });
      ctx.verify(res.status === 202, `PATCH answered ${res.status} (facts: 202 with the service)`, {
        requirement: R.status202,
        expected: 202,
        actual: res.status,
      });
      await expectActionSucceeded(ctx, res, 'PATCH');
      // "All optional": a PATCH of one field leaves the update fields it does not send as they were, not reset to create's defaults.
      const unsent: Json = { ...update };
      delete unsent.nickname;
      const one = await patchOk(ctx, uri, { nickname: ctx.uniqueName('nick') }, R.applies);
      verifyKept(ctx, unsent, one, 'the service after a PATCH of nickname alone', R.applies);
    },
  }),
  cloudCheck({
    id: R.latest,
    title: 'PATCH image without a tag means the tag latest, also where a registry port precedes the name',
    endpoint: 'cloud/service/update',
    async run(ctx) {
      const svc = await createService(ctx, serviceBody(ctx, undefined, { image: 'busybox:1.36' }));
      const after = await patchOk(ctx, svc.resource_uri, { image: 'library/busybox' }, R.latest);
      ctx.expect(String(after.image_name).endsWith(':latest'), `image_name after PATCH image 'library/busybox' is ${String(after.image_name)}`, {
        expected: '...:latest',
        actual: after.image_name,
        requirement: R.latest,
      });
      const ported = await patchOk(ctx, svc.resource_uri, { image: PORTED_IMAGE }, R.latest);
      verifyKept(ctx, { image: `${PORTED_IMAGE}:latest` }, ported, `PATCH image '${PORTED_IMAGE}'`, R.latest);
    },
  }),
  cloudCheck({
    id: R.tags,
    title: 'PATCH tags replaces the tag list of the service, with another list and with the empty list',
    endpoint: 'cloud/service/update',
    async run(ctx) {
      const svc = await createService(ctx, serviceBody(ctx, undefined, { tags: [{ name: 'conformance-old' }, { name: 'conformance-kept' }] }));
      const after = await patchOk(ctx, svc.resource_uri, { tags: [{ name: 'conformance-new' }] }, R.tags);
      ctx.expectEqual(tagNames(after.tags), ['conformance-new'], 'the tag list was not replaced', R.tags);
      const cleared = await patchOk(ctx, svc.resource_uri, { tags: [] }, R.tags);
      ctx.expectEqual(tagNames(cleared.tags), [], 'the tag list was not replaced by the empty list', R.tags);
    },
  }),
  cloudCheck({
    id: R.valueSets,
    title: 'PATCH with a value outside a value set, or an item without a sub-field create requires, is refused and changes nothing',
    requirements: [R.valueSets, R.subFields],
    endpoint: 'cloud/service/update',
    async run(ctx) {
      const svc = await createService(ctx, serviceBody(ctx, undefined));
      const uri = svc.resource_uri;
      const before: Json = await ctx.getJson('service', uri, 'service');
      for (const [bad, requirement] of await refusedUpdates(ctx)) {
        await expectRefused(ctx, await ctx.api.patch(uri, bad), `PATCH ${JSON.stringify(bad)}`, requirement);
        const after: Json = await settled(ctx, 'service', uri);
        for (const field of Object.keys(bad))
          ctx.verify(keptField(field, before[field], after), `a refused PATCH ${JSON.stringify(bad)} changed ${field}`, {
            requirement,
            expected: before[field],
            actual: after[field],
          });
      }
    },
  }),
  cloudCheck({
    id: R.target,
    title:
      'PATCH target_num_containers sets the scale target; scale (202, action ends) brings the number of all its containers to it: ' +
      'at its target of 2 with one container Stopped, scale adds none (where the PATCH already reached the target, a terminated container is added back)',
    requirements: [R.target, R.scale, R.scale202, R.scaleOutside, SUCCEEDS, IN_PROGRESS],
    endpoint: 'cloud/service/scale',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await runningService(ctx, at);
      const uri = svc.resource_uri;
      const patched = await patchApplied(ctx, uri, { target_num_containers: 3 });
      ctx.expectEqual(patched.target_num_containers, 3, 'target_num_containers is not the value PATCHed', R.target);
      // Whether the PATCH itself deploys containers is not shown: where it already reached the target, the scale below did nothing visible.
      const afterPatch = live(await containersOf(ctx, svc)).length;
      const res = await operate(ctx, uri, 'scale');
      ctx.expect(isSuccess(res.status), `scale answered ${res.status}`, { requirement: R.scale });
      await expectCreatedInProgress(ctx, res, uri, 'scale');
      ctx.observe(`scale of a Running service answered ${res.status} (the state table does not list scale)`);
      await waitForContainers(ctx, svc, 3, ['Running'], undefined, R.scale);
      // Its containers may run before the scale has settled (Scaling takes no update).
      await settled(ctx, 'service', uri);
      await patchApplied(ctx, uri, { target_num_containers: 1 });
      const down = await operate(ctx, uri, 'scale');
      ctx.expect(isSuccess(down.status), `scale down answered ${down.status}`, { requirement: R.scale });
      await waitForContainers(ctx, svc, 1, ['Running'], undefined, R.scale);
      ctx.expectEqual((await settled(ctx, 'service', uri)).current_num_containers, 1, 'after scaling to 1 the service counts other than 1 container', R.scale);
      expect202(ctx, res, 'scale', R.scale202);
      const action = await finishedActionOf(ctx, res, 'scale');
      ctx.expect(['Success', 'Failed'].includes(String(action.state)), `the scale action ended ${String(action.state)}`, { requirement: R.scale202 });
      await expectActionSucceeded(ctx, down, 'scale down');
      await expectActionSucceeded(ctx, res, 'scale');
      await expectNothingToDoScaleAsync(ctx, uri);
      // Scales judged where the service's containers are not all Running: at its target of two, one of them Stopped (the
      // count is of all its containers, so scale adds none), then that one terminated (scale adds one back).
      const [first] = await ctx.setUp(async () => {
        await patchApplied(ctx, uri, { target_num_containers: 2 });
        await operateAndSettle(ctx, svc, 'scale');
        return waitForContainers(ctx, svc, 2);
      }, R.scale);
      await expectScaleCountsStopped(ctx, svc, first!, 2);
      // Where the PATCH did not bring the service to 3 the scale above did, so one that does nothing did not pass.
      if (afterPatch === 3) await expectScaleRestores(ctx, svc, first!, 2);
      else ctx.observe(`after the PATCH of target_num_containers 3 the service had ${afterPatch} container(s): the scale brought it to 3`);
    },
  }),
];

/**
 * A scale of a settled service that already has its target_num_containers (one, running) is a scale like any: "scale is
 * asynchronous", "an asynchronous call returns 202 Accepted and creates an action in In progress state". The spec states
 * nothing else of the answer: the work it has may end at once after it, so the action read ended, its service settled, is
 * noted by expectCreatedInProgress, not failed (no stricter than the words); 202 is required.
 */
async function expectNothingToDoScaleAsync(ctx: CloudContext, uri: string): Promise<void> {
  const before = await settled(ctx, 'service', uri);
  const running = live(await containersOf(ctx, { resource_uri: uri })).length;
  ctx.observe(`before the scale with nothing to do: target_num_containers ${before.target_num_containers}, ${running} live container(s)`);
  const res = await operate(ctx, uri, 'scale');
  expect202(ctx, res, 'scale to the count the service has', R.scale202);
  await expectCreatedInProgress(ctx, res, uri, 'scale', R.scale202);
  if (isSuccess(res.status) && res.headers[ctx.actionHeader]) await finishedActionOf(ctx, res, 'scale with nothing to do');
  await settled(ctx, 'service', uri);
}

/** A PATCH of the service accepted (its requirement: R.target), its action ended and the service settled. */
async function patchApplied(ctx: CloudContext, uri: string, body: Json): Promise<Service> {
  const res = await ctx.api.patch(uri, body);
  ctx.expect(isSuccess(res.status), `PATCH ${JSON.stringify(body)} answered ${res.status}: ${res.text().slice(0, 200)}`, { requirement: R.target });
  if (res.headers[ctx.actionHeader]) await finishedActionOf(ctx, res, 'PATCH');
  return settled(ctx, 'service', uri);
}
