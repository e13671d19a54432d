/**
 * Failed operations leave nothing: a create, rename, tag or network connect the target refused
 * (any error answer) left no object, took no name and emitted no event about it. A target that
 * accepted the operation instead is the refusal's own check's failure: this one is blocked by it.
 * Spec: Errors ("400: bad parameter", "404: no such ...", "409: conflict (name already assigned)").
 */
import { encodeQuery, type Query } from '../../../harness/protocol/query.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { engineCheck } from '../support/check.ts';
import { shownNameForms, showsName } from '../support/container-names.ts';
import { RUN_LABEL } from '../../../harness/fixtures/labels.ts';
import { type EngineContext, withoutNetwork } from '../support/context.ts';
import { nowSeconds, readEvents } from '../support/events.ts';
import { createOwn, listIds, type OwnLabel, ownLabel } from '../support/own-containers.ts';
import { createNetwork, inspectNetwork } from '../support/resources.ts';

export const REFUSED = 'engine/errors/refused-leaves-nothing';

/** The refusal happened (an error answer), or the check is blocked by the requirement that wants it. */
function refusedOrBlocked(ctx: EngineContext, what: string, res: HttpResponse, requirement: string): void {
  if (res.status < 400) ctx.blockedBy(requirement, `${what} answered ${res.status}: it was not refused`);
  ctx.observe(`${what} was refused: ${res.status} ${res.text().trim().slice(0, 120)}`);
}

/** The events since `since` (until a second from now) that mention `marker`, filtered as given. */
async function eventsMentioning(ctx: EngineContext, since: number, marker: string, filters?: Record<string, string[]>): Promise<unknown[]> {
  const read = await readEvents(ctx, { since, until: nowSeconds() + 1, ...(filters ? { filters } : {}) }, { deadlineMs: 5000 });
  return read.events.filter((e) => JSON.stringify(e).includes(marker));
}

function verifyNoEvent(ctx: EngineContext, events: unknown[], what: string): void {
  ctx.verify(events.length === 0, `${what} emitted an event`, { expected: 'no event', actual: events.slice(0, 2), requirement: REFUSED });
}

/** A refused create with the check's label: nothing carries the label but what the check made before. */
async function verifyCreateLeftNothing(ctx: EngineContext, label: OwnLabel, since: number, before: string[], what: string): Promise<void> {
  const ids = await listIds(ctx, label, { all: 1 });
  const left = ids.filter((id) => !before.includes(id));
  for (const id of left) ctx.defer(() => ctx.removeContainer(id));
  ctx.verify(left.length === 0, `${what} left a container behind`, { expected: 'no new container', actual: left, requirement: REFUSED });
  // Only 1.22 events carry a container's labels (and the label filter is a 1.22 one).
  if (ctx.version !== '1.22') return;
  // The window starts within the second the check's own containers were made: their events are not the refused one's.
  const events = (await eventsMentioning(ctx, since, label.value, { label: [label.filter] })).filter(
    (e) => !before.some((id) => JSON.stringify(e).includes(id)),
  );
  verifyNoEvent(ctx, events, what);
}

function createRequest(ctx: EngineContext, label: OwnLabel, name: string): Promise<HttpResponse> {
  return ctx.api.post('/containers/create', {
    query: { name },
    json: withoutNetwork({ Image: ctx.fixtureImage(), Cmd: ['true'], Labels: { [label.key]: label.value, [RUN_LABEL]: ctx.run.runId } }),
  });
}

/** Removes what an accepted create made, before the check is blocked. */
async function removeAccepted(ctx: EngineContext, res: HttpResponse): Promise<void> {
  if (res.status >= 300) return;
  // A success's body must be the create response: one that is not JSON fails the check (TargetError).
  const id = res.text() ? res.json<{ Id?: string }>().Id : undefined;
  if (id) await ctx.removeContainer(id);
}

async function tagRequest(ctx: EngineContext, query: Query): Promise<HttpResponse> {
  return ctx.api.post(`/images/${encodeURIComponent(ctx.fixtureImage())}/tag`, { query });
}

export default [
  engineCheck({
    id: `${REFUSED}/create-name-in-use`,
    title: 'A create refused for a name already in use leaves no container and (1.22) emits no event',
    requirements: [REFUSED],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const label = ownLabel('refused');
      const first = await createOwn(ctx, label, { cmd: ['true'] });
      const since = nowSeconds();
      const res = await createRequest(ctx, label, first.name.replace(/^\//, ''));
      await removeAccepted(ctx, res);
      refusedOrBlocked(ctx, `create with the name ${first.name}, in use`, res, 'engine/containers/create/409-name-conflict');
      await verifyCreateLeftNothing(ctx, label, since, [first.id], 'the refused create');
    },
  }),
  engineCheck({
    id: `${REFUSED}/create-bad-name`,
    title: 'A create refused for a name outside the grammar leaves no container and (1.22) emits no event',
    requirements: [REFUSED],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const label = ownLabel('refused');
      const since = nowSeconds();
      const res = await createRequest(ctx, label, `${ctx.uniqueName('bad')} name!`);
      await removeAccepted(ctx, res);
      refusedOrBlocked(ctx, 'create with a name outside /?[a-zA-Z0-9_-]+', res, 'engine/limits/container-name-outside-pattern');
      await verifyCreateLeftNothing(ctx, label, since, [], 'the refused create');
    },
  }),
  engineCheck({
    id: `${REFUSED}/rename-name-in-use`,
    title: 'A rename refused for a name already in use leaves both names as they were and emits no rename event',
    requirements: [REFUSED],
    endpoint: 'engine/containers/rename',
    async run(ctx) {
      const [a, b] = [await ctx.createContainer({ cmd: ['true'] }), await ctx.createContainer({ cmd: ['true'] })];
      const since = nowSeconds();
      const res = await ctx.api.post(`/containers/${b.id}/rename`, { query: { name: a.name.replace(/^\//, '') } });
      refusedOrBlocked(ctx, `rename of ${b.name} to ${a.name}, in use`, res, 'engine/containers/rename/409-name-already-assigned');
      for (const c of [a, b]) {
        const name = ctx.expectJson<{ Name?: string }>(await ctx.api.get(`/containers/${c.id}/json`), 'container inspect').Name;
        ctx.verify(showsName(name, c.name), `the refused rename changed the name of ${c.id.slice(0, 12)}`, {
          expected: shownNameForms(c.name),
          actual: name,
          requirement: REFUSED,
        });
      }
      const renames = (await eventsMentioning(ctx, since, b.id, { container: [b.id] })).filter((e) => /rename/.test(JSON.stringify(e)));
      verifyNoEvent(ctx, renames, 'the refused rename');
    },
  }),
  engineCheck({
    id: `${REFUSED}/tag-bad-tag`,
    title: 'A tag refused for a tag outside the grammar tags nothing under its repository and emits no event naming it',
    requirements: [REFUSED],
    endpoint: 'engine/images/tag',
    async run(ctx) {
      const repo = ctx.uniqueName('refused');
      const since = nowSeconds();
      const res = await tagRequest(ctx, { repo, tag: 'bad tag!' });
      if (res.status < 300) await ctx.api.delete(`/images/${repo}:latest`);
      refusedOrBlocked(ctx, `tag ${repo}${encodeQuery({ tag: 'bad tag!' })}`, res, 'engine/images/tag/400-bad-parameter');
      const images = ctx.expectJson<Array<{ RepoTags?: unknown }>>(await ctx.api.get('/images/json'), 'image list') ?? [];
      const tags = images.flatMap((i) => (Array.isArray(i.RepoTags) ? i.RepoTags.map(String) : [])).filter((t) => t.includes(repo));
      ctx.verify(tags.length === 0, `the refused tag left ${repo} on an image`, { expected: [], actual: tags, requirement: REFUSED });
      verifyNoEvent(ctx, await eventsMentioning(ctx, since, repo), 'the refused tag');
    },
  }),
  engineCheck({
    id: `${REFUSED}/connect-missing-container`,
    title: '(1.22) A network connect refused for a container that does not exist leaves the network empty and emits no connect event',
    requirements: [REFUSED],
    endpoint: 'engine/networks/connect',
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await createNetwork(ctx);
      const since = nowSeconds();
      const res = await ctx.api.post(`/networks/${id}/connect`, { json: { Container: ctx.uniqueName('missing') } });
      refusedOrBlocked(ctx, 'connect of a container that does not exist', res, 'engine/networks/connect/404-no-such-container');
      const containers = (await inspectNetwork(ctx, id)).Containers ?? {};
      ctx.verify(Object.keys(containers).length === 0, 'the refused connect left an endpoint on the network', {
        expected: {},
        actual: containers,
        requirement: REFUSED,
      });
      const connects = (await eventsMentioning(ctx, since, id, { network: [id] })).filter((e) => /connect/.test(JSON.stringify(e)));
      verifyNoEvent(ctx, connects, 'the refused connect');
    },
  }),
];
