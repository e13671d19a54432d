/**
 * Spec: the namespace segment "identifies the owner of the resource (an individual user or an
 * organization the caller belongs to)", at every namespaced REST endpoint, not only at the node
 * cluster list. The first user owns one object of each kind, each in a state whose table allows the
 * operation (a running stack for stop; a node Unreachable for health-check where the reference's
 * control makes it so); the second user sends every operation on them through the first user's namespace.
 * No answer may be a success: no object read or changed, no list, no create there (as the node
 * cluster check refuses a foreign list). Which refusal (403, 404) is not shown: any non-success passes.
 */
import { isSuccess } from '../../../harness/target/http-transport.ts';
import type { Endpoint } from '../../../harness/catalog/types.ts';
import { REGISTRIES } from '../repos/registries.ts';
import { newRepositoryName, REPOSITORIES } from '../repos/repositories.ts';
import { type AppNodes, createService, createStack, firstContainer, operateAndSettle, ownNodes, runningService, serviceBody } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { createCluster, deployedNode, trySetReachable } from '../support/infra.ts';
import { listAll, type Json } from '../support/lists.ts';
import { REST_ENDPOINTS } from '../support/spec-paths.ts';
import { OPERATION, operationRequirement } from '../support/operation-requirements.ts';

const R = { owner: 'cloud/namespaces/identifies-owner' };

/** The owner's object each endpoint operates on, by the name of its path parameter's kind. */
interface Owned {
  /**
   * The object's path (no namespace segment) per kind, or per `<kind>/<verb>` where the kind's
   * object is in a state that refuses the verb and another one allows it (a service not started).
   */
  objects: Record<string, string>;
  /** Valid bodies per request schema: the operation would succeed for the owner. */
  bodies: Record<string, Json>;
}

/** The kind of a namespaced path: the segment after the version (`/api/app/v1/service/...` → `service`). */
const KIND_OF = /^\/api\/[a-z]+\/v1\/([a-z]+)\//;

/** A container of a running service, stopped (the state that allows start). */
async function stoppedContainer(ctx: CloudContext, at: AppNodes): Promise<string> {
  const container = await firstContainer(ctx, await runningService(ctx, at));
  const res = await ctx.api.post(`${container.resource_uri}stop/`);
  ctx.precondition(res.status < 300, `stop of ${container.resource_uri} answered ${res.status}`, operationRequirement(container.resource_uri, 'stop'));
  await ctx.waitForState('container', container.resource_uri, ['Stopped']);
  return container.resource_uri;
}

/**
 * A node of a cluster of its own made Unreachable (the state that allows health-check), where the
 * target offers the reachability control; elsewhere health-check is sent to a Deployed node.
 */
async function unreachableNode(ctx: CloudContext): Promise<Record<string, string>> {
  const { node } = await deployedNode(ctx);
  if (!(await trySetReachable(ctx, node, false))) return {};
  const res = await ctx.api.post(`${node.resource_uri}health-check/`);
  ctx.precondition(res.status < 300, `health-check of ${node.resource_uri} answered ${res.status}`, OPERATION.nodeHealthCheck);
  await ctx.waitForState('node', node.resource_uri, ['Unreachable']);
  return { 'node/health-check': node.resource_uri };
}

async function ownedObjects(ctx: CloudContext): Promise<Owned> {
  const at = await ownNodes(ctx);
  const running = await runningService(ctx, at);
  const container = await firstContainer(ctx, running);
  const created = await createService(ctx, serviceBody(ctx, at));
  const stopped = await stoppedContainer(ctx, at);
  const stack = await createStack(ctx, { name: ctx.uniqueName('stack') });
  const started = await operateAndSettle(ctx, await createStack(ctx, { name: ctx.uniqueName('stack') }), 'start');
  const stackRunning = await operateAndSettle(ctx, await createStack(ctx, { name: ctx.uniqueName('stack'), services: [serviceBody(ctx, at)] }), 'start');
  const cluster = await createCluster(ctx);
  const [registry] = await listAll(ctx, REGISTRIES);
  const repository = newRepositoryName(ctx);
  await ctx.create('external-repository', REPOSITORIES, { name: repository, username: 'u', password: 'p' }, 'an external repository');
  return {
    objects: {
      container: container.resource_uri,
      'container/start': stopped,
      node: at.nodes[0]!.resource_uri,
      nodecluster: cluster.resource_uri,
      repository: `${REPOSITORIES}${repository}/`,
      ...(registry ? { registry: `${REGISTRIES}${String(registry.host)}/` } : {}),
      service: running.resource_uri,
      'service/start': created.resource_uri,
      stack: stack.resource_uri,
      'stack/redeploy': started.resource_uri,
      'stack/stop': stackRunning.resource_uri,
      ...(await unreachableNode(ctx)),
    },
    bodies: {
      'service-create-request': serviceBody(ctx, undefined),
      'service-update-request': { nickname: 'conformance-intruder' },
      'stack-create-request': { name: ctx.uniqueName('stack') },
      'stack-update-request': { services: [] },
      'node-update-request': { tags: [{ name: at.tag }] },
      'node-cluster-update-request': { tags: [] },
      'external-repository-create-request': { name: newRepositoryName(ctx), username: 'u', password: 'p' },
      'external-repository-update-request': { username: 'u', password: 'p' },
    },
  };
}

/** The endpoint's path on the owner's object, in the owner's namespace; undefined where none is made. */
function foreignPath(ctx: CloudContext, e: Endpoint, owned: Owned, owner: string): string | undefined {
  const kind = KIND_OF.exec(e.path)?.[1];
  if (!kind) return undefined;
  const verb = e.id.slice(e.id.lastIndexOf('/') + 1);
  const object = owned.objects[`${kind}/${verb}`] ?? owned.objects[kind];
  if (!object) return undefined;
  const below = e.path.includes('}/') ? e.path.slice(e.path.lastIndexOf('}/') + 2).replace('vendor-upgrade', ctx.spell('vendor-upgrade')) : '';
  const path = /\{[a-z_]+\}/.test(e.path) ? `${object}${below}` : e.path;
  return ctx.namespaced(path, owner);
}

/** Namespaced REST endpoints (not the read-only catalog, not the actions), removals last: an accepted one must not hide the others. */
const ORDERED = REST_ENDPOINTS.filter((e) => KIND_OF.test(e.path) && !/\/(audit|infra\/v1\/(provider|region|az|nodetype))\//.test(e.path)).sort(
  (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
);

export default [
  cloudCheck({
    id: `${R.owner}/every-endpoint`,
    title: "Every namespaced REST operation through another user's namespace is refused: none reads, lists or changes that user's objects",
    requirements: [R.owner],
    long: true,
    async run(ctx) {
      const second = ctx.secondUser();
      const owner = ctx.api.credentials!.user;
      const owned = await ctx.setUp(() => ownedObjects(ctx));
      for (const e of ORDERED) {
        const path = foreignPath(ctx, e, owned, owner);
        if (path === undefined) continue;
        const schema = e.requestBody?.contentType === 'application/json' ? e.requestBody.schema : undefined;
        const body = schema ? owned.bodies[schema] : undefined;
        const res = await second.request(e.method, path, body === undefined ? {} : { json: body });
        const uri = res.status === 201 ? (res.json<Json>().resource_uri as string | undefined) : undefined;
        if (uri) ctx.defer(async () => void (await ctx.api.delete(uri)));
        ctx.verify(!isSuccess(res.status), `${e.method} ${path} by another user answered ${res.status}`, {
          expected: "refused: the namespace is not the caller's nor one of its organizations'",
          actual: res.status,
          requirement: R.owner,
        });
      }
    },
  }),
];
