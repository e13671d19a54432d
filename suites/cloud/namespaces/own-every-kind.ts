/**
 * Spec: "Namespaced endpoints accept an optional namespace path segment before the resource name
 * ... Resources labeled namespaced: node cluster, node, registry, external repository, stack,
 * service, container." Every namespaced GET of the REST API, sent with the caller's own user name
 * as that segment, answers as the same GET without it: a list holds the caller's object, one
 * object is that object, a stack export is the same definition; the Stream upgrades of one
 * object (logs, exec) are accepted through it. The node cluster check
 * (namespaces.ts) also creates through the segment; this one reaches every kind.
 */
import { loadEndpoints } from '../../../harness/catalog/load.ts';
import type { Endpoint } from '../../../harness/catalog/types.ts';
import { REGISTRIES } from '../repos/registries.ts';
import { newRepositoryName, REPOSITORIES } from '../repos/repositories.ts';
import { createStack, firstContainer, runningService, sharedNodes } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { listAll, type Json } from '../support/lists.ts';
import { REST_ENDPOINTS } from '../support/spec-paths.ts';

const R = { segment: 'cloud/namespaces/optional-segment' };

/** The caller's object of one kind: the value of its path parameter and how to recognise it in an answer. */
interface Owned {
  id: string;
  is: (o: Json) => boolean;
}

/** The kind of a namespaced path: the segment after the version (`/api/app/v1/service/...` → `service`). */
const KIND_OF = /^\/api\/[a-z]+\/v1\/([a-z]+)\//;

const NAMESPACED_GETS: readonly Endpoint[] = REST_ENDPOINTS.filter((e) => e.method === 'GET' && e.namespaced === true);
/** The Stream endpoints of one object (logs, exec); the events feed's segment is the facts' (namespaces.ts). */
const NAMESPACED_STREAMS: readonly Endpoint[] = loadEndpoints('cloud').filter(
  (e) => e.interface === 'stream' && e.namespaced === true && e.path.includes('{uuid}'),
);

const byUuid = (uuid: unknown): Owned => ({ id: String(uuid), is: (o) => o.uuid === uuid });

/** One object of each namespaced kind, the caller's own (a registry only where the target lists one). */
async function ownedObjects(ctx: CloudContext): Promise<Record<string, Owned>> {
  const at = await sharedNodes(ctx);
  const service = await runningService(ctx, at);
  const container = await firstContainer(ctx, service);
  const stack = await createStack(ctx, { name: ctx.uniqueName('stack') });
  const repository = newRepositoryName(ctx);
  await ctx.create('external-repository', REPOSITORIES, { name: repository, username: 'u', password: 'p' }, 'an external repository');
  const [registry] = await listAll(ctx, REGISTRIES);
  const host = registry?.host;
  return {
    nodecluster: byUuid(at.cluster.uuid),
    node: byUuid(at.nodes[0]!.uuid),
    service: byUuid(service.uuid),
    container: byUuid(container.uuid),
    stack: byUuid(stack.uuid),
    repository: { id: repository, is: (o) => o.name === repository },
    ...(typeof host === 'string' ? { registry: { id: host, is: (o: Json) => o.host === host } } : {}),
  };
}

/** A JSON value with its object keys in one order: equal definitions compare equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );

/** GET of the endpoint through the caller's own namespace answers as without it; a breach is recorded, the others go on. */
async function judgeEndpoint(ctx: CloudContext, e: Endpoint, owned: Owned, user: string): Promise<void> {
  const plain = e.path.replace(/\{[a-z_]+\}/, owned.id);
  const spelled = ctx.namespaced(plain, user);
  const res = await ctx.api.get(spelled);
  if (
    !ctx.verify(res.status === 200, `GET ${spelled} (the caller's own namespace) answered ${res.status}`, {
      expected: 200,
      actual: res.status,
      requirement: R.segment,
    })
  )
    return;
  if (!plain.includes(owned.id)) {
    const listed = await listAll(ctx, spelled);
    ctx.verify(listed.some(owned.is), `GET ${spelled} does not list the caller's ${e.id.split('/')[1]} ${owned.id}`, { requirement: R.segment });
    return;
  }
  const body = ctx.expectJson<Json>(res, `GET ${spelled}`, R.segment);
  if (!plain.endsWith('/export/')) {
    ctx.verify(owned.is(body), `GET ${spelled} returned another object than GET ${plain}`, {
      expected: owned.id,
      actual: body.resource_uri,
      requirement: R.segment,
    });
    return;
  }
  const unspelled = await ctx.api.get(plain);
  if (unspelled.status !== 200) return ctx.observe(`GET ${plain} answered ${unspelled.status}: the export through the namespace is not compared`);
  ctx.verify(canonical(body) === canonical(unspelled.json()), `GET ${spelled} exports another definition than GET ${plain}`, {
    expected: unspelled.json(),
    actual: body,
    requirement: R.segment,
  });
}

/** The Stream upgrade of the endpoint through the caller's own namespace is accepted (101), as without it. */
async function judgeStream(ctx: CloudContext, e: Endpoint, owned: Owned, user: string): Promise<void> {
  const spelled = ctx.namespaced(e.path.replace('{uuid}', owned.id), user);
  const session = await ctx.api.openStream(spelled, e.path.endsWith('/logs/') ? { tail: 1, follow: 'false' } : undefined);
  session.close();
  ctx.verify(session.status === 101, `the upgrade of ${spelled} (the caller's own namespace) answered ${session.status}`, {
    expected: 101,
    actual: session.status,
    requirement: R.segment,
  });
}

export default [
  cloudCheck({
    id: `${R.segment}/every-kind`,
    title:
      'Every namespaced GET (node cluster, node, registry, repository, stack, service, container) and Stream upgrade ' +
      "answers through the caller's own namespace as without it",
    requirements: [R.segment],
    async run(ctx) {
      const user = ctx.api.credentials!.user;
      const owned = await ctx.setUp(() => ownedObjects(ctx));
      for (const e of [...NAMESPACED_GETS, ...NAMESPACED_STREAMS]) {
        const kind = KIND_OF.exec(e.path)?.[1] ?? '';
        const object = owned[kind];
        if (!object) ctx.observe(`${e.id}: the target lists no ${kind} to read through the namespace`);
        else if (e.interface === 'stream') await judgeStream(ctx, e, object, user);
        else await judgeEndpoint(ctx, e, object, user);
      }
    },
  }),
];
