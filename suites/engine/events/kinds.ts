import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { attributesOf, EVENT_KINDS, hasKinds, isAbout, kindOf, nowSeconds, readEvents, typeOf, type EngineEvent } from '../support/events.ts';
import { containerScenario, execDetached, expectOk, kindDiff, lifecycleSteps, networkScenario, volumeScenario, type Step } from '../support/event-scenarios.ts';
import { IMPORT_NAMED, imageIdOf, importRequest, normalRef, ownImage, uniqueRootfs } from '../support/images.ts';
import { EXITS_ON_TERM } from '../support/lifecycle.ts';
import { expectTransferred, pull, pushedRepo } from '../support/registry.ts';
import { expect118Shapes, SHAPE_118 } from '../support/event-shape.ts';
import { createNetwork, createVolume } from '../support/resources.ts';

/** A lifecycle of a type the version lists kinds for produces at least one event of it (recommended). */
const EMITS = 'engine/events/lifecycle-emits';

/**
 * The kinds the operations produced are among the version's listed kinds. Which operation emits
 * which event is not shown in the spec, so a listed kind that never came is only noted; a whole
 * lifecycle with no event of the type at all is warned (EMITS), the kinds then left unjudged.
 */
function expectKinds(ctx: EngineContext, events: EngineEvent[], expected: readonly string[], allowed: readonly string[], what: string): void {
  ctx.expect(events.length > 0, `${what}: the operations done (their kinds: ${expected.join(', ')}) produced no event of the type at all`, {
    expected: `at least one of ${expected.join(', ')}`,
    actual: [],
    requirement: EMITS,
  });
  const { missing, unlisted } = kindDiff(events, expected, allowed);
  if (missing.length)
    ctx.observe(
      `${what}: the operations done produced no ${missing.join(', ')} event(s) (which operation emits which event is not shown); ` +
        `they produced ${events.map((e) => e.Action ?? e.status).join(', ')}`,
    );
  ctx.expect(unlisted.length === 0, `${what}: kind(s) ${unlisted.join(', ')} are not in the version's list`, { expected: allowed, actual: unlisted });
}

/**
 * The container operations whose kinds only 1.22 lists, each named by that kind: all but update
 * exist in 1.18 too, where they must produce none of those kinds.
 */
function steps122(ctx: EngineContext, id: string): Step[] {
  const post =
    (path: string, opts: Parameters<EngineContext['api']['post']>[1] = {}) =>
    async () =>
      expectOk(ctx, await ctx.api.post(`/containers/${id}${path}`, opts), `POST ${path}`);
  return [
    { op: 'top', run: async () => expectOk(ctx, await ctx.api.get(`/containers/${id}/top`), 'GET /top') },
    { op: 'resize', run: post('/resize', { query: { h: 30, w: 100 } }) },
    { op: 'rename', run: post('/rename', { query: { name: ctx.uniqueName('renamed') } }) },
    { op: 'update', run: post('/update', { json: { CpuShares: 512 } }) },
    { op: 'copy', run: post('/copy', { json: { Resource: '/bin' } }) },
    { op: 'attach', run: async () => (await ctx.api.hijack('POST', `/containers/${id}/attach`, { query: { stream: 1, stdout: 1 }, upgrade: true })).close() },
    {
      op: 'commit',
      run: async () => {
        const repo = ctx.uniqueName('commit');
        ctx.defer(async () => void (await ctx.api.delete(`/images/${repo}:latest`, { force: true })));
        expectOk(ctx, await ctx.api.post('/commit', { query: { container: id, repo, tag: 'latest' }, json: {} }), 'POST /commit');
      },
    },
  ];
}

/**
 * Push and pull (1.22 image kinds) where the run has a registry: the fixture pushed under a
 * repository of the run, its local tag removed, then pulled back. The pulled reference.
 */
async function registryTransfers(ctx: EngineContext): Promise<string> {
  const repo = await pushedRepo(ctx, 'events', ['x']);
  await ctx.setUp(async () => expectTransferred(ctx, await pull(ctx, repo, { tag: 'x' }), `pulling ${repo}:x`), 'engine/images/create/200-progress-stream');
  return `${repo}:x`;
}

/** The image events of imageEvents (read since `since`), and the ids of its two images deleted: one through its last name, one by id. */
interface ImageEvents {
  since: number;
  events: EngineEvent[];
  byName: { id: string; ref: string };
  byId: string;
}

/** Image operations: tag, untag, import, delete by last name and by id (and push, pull with a registry). */
async function imageEvents(ctx: EngineContext, withRegistry = false): Promise<ImageEvents> {
  const since = nowSeconds();
  const pulled = withRegistry ? await registryTransfers(ctx) : undefined;
  const fixture = ctx.fixtureImage();
  const alias = ctx.uniqueName('alias');
  expectOk(ctx, await ctx.api.post(`/images/${fixture}/tag`, { query: { repo: alias, tag: 'x' } }), 'tagging the fixture');
  ctx.defer(async () => void (await ctx.api.delete(`/images/${alias}:x`)));
  expectOk(ctx, await ctx.api.delete(`/images/${alias}:x`), 'removing the tag');
  const repo = ctx.uniqueName('import');
  expectOk(ctx, await importRequest(ctx, { repo, tag: 'x' }, await uniqueRootfs()), 'importing an image');
  const importedId = await ctx.setUp(() => imageIdOf(ctx, `${repo}:x`), IMPORT_NAMED);
  ctx.defer(async () => void (await ctx.api.delete(`/images/${importedId}`, { force: true })));
  expectOk(ctx, await ctx.api.delete(`/images/${repo}:x`), 'removing the imported image through its last name');
  const other = await ownImage(ctx, 'byid');
  expectOk(ctx, await ctx.api.delete(`/images/${other.id}`), 'removing an imported image by its id');
  const fixtureId = await imageIdOf(ctx, fixture);
  const ours = (e: EngineEvent): boolean =>
    [fixtureId, importedId, other.id, `${alias}:x`, `${repo}:x`, other.ref, ...(pulled ? [pulled] : [])].some((s) => isAbout(e, s)) ||
    [alias, repo, other.repo].some((r) => normalRef(String(attributesOf(e).name ?? '')).startsWith(r));
  const isImage = (e: EngineEvent): boolean => ctx.version === '1.18' || typeOf(e) === 'image';
  const deleted = (all: EngineEvent[], id: string): boolean => hasKinds('delete')(all.filter((e) => isImage(e) && isAbout(e, id)));
  const read = await readEvents(ctx, { since }, { enough: (all) => deleted(all, importedId) && deleted(all, other.id) });
  return { since, events: read.events.filter((e) => isImage(e) && ours(e)), byName: { id: importedId, ref: `${repo}:x` }, byId: other.id };
}

/**
 * DELETE /images/(name) removed both images, one named by its last reference, one by its id. Which
 * operation emits which kind is not shown, but this is one operation with one effect: the image is
 * gone, and delete is the kind named after it. A delete event for one image and none for the other
 * is the operation's kind depending on how its image was named, not on what it did.
 */
function expectDeleteAlike(ctx: EngineContext, { events, byName, byId }: ImageEvents, what: string): void {
  const deleted = (id: string) => hasKinds('delete')(events.filter((e) => isAbout(e, id)));
  const [named, direct] = [deleted(byName.id), deleted(byId)];
  if (!named && !direct) {
    ctx.observe(`${what}: neither image removed by DELETE /images/(name) produced a delete event`);
    return;
  }
  ctx.expect(
    named === direct,
    `${what}: DELETE /images/(name) removed two images but only the one ${named ? `named ${byName.ref}` : 'named by its id'} produced a delete event`,
    {
      expected: `a delete event for the image removed through its last name (${byName.ref}) as for the one removed by id`,
      actual: { [`delete of ${byName.ref} (${byName.id})`]: named, [`delete by id (${byId})`]: direct },
    },
  );
}

export default [
  engineCheck({
    id: 'engine/events/container-kinds-1.22',
    requirements: ['engine/events/container-kinds-1.22', EMITS],
    title: '1.22 container operations produce events of the listed container kinds only',
    versions: ['1.22'],
    async run(ctx) {
      const since = nowSeconds();
      const { id } = await ctx.runningContainer(EXITS_ON_TERM, { tty: true });
      const { events } = await containerScenario(ctx, id, since, [...steps122(ctx, id), ...lifecycleSteps(ctx, id)]);
      const expected = EVENT_KINDS['1.22'].container.filter((k) => k !== 'oom');
      expectKinds(
        ctx,
        events.filter((e) => typeOf(e) === 'container'),
        expected,
        EVENT_KINDS['1.22'].container,
        '1.22 container events',
      );
    },
  }),
  engineCheck({
    id: 'engine/events/container-kinds-1.18',
    requirements: ['engine/events/container-kinds-1.18', EMITS, SHAPE_118],
    title:
      '1.18 container operations produce events of the listed container kinds only: ' +
      'also top, resize, rename, copy, attach and commit, whose kinds only 1.22 lists',
    versions: ['1.18'],
    async run(ctx) {
      const since = nowSeconds();
      // A tty, so that the resize applies; the operations 1.22 names kinds for first, so that a stream sending those kinds shows them.
      const { id } = await ctx.runningContainer(EXITS_ON_TERM, { tty: true });
      const in118 = steps122(ctx, id).filter((s) => s.op !== 'update');
      const { events } = await containerScenario(ctx, id, since, [...in118, ...lifecycleSteps(ctx, id)]);
      const expected = EVENT_KINDS['1.18'].container.filter((k) => k !== 'oom');
      const ours = events.filter((e) => isAbout(e, id));
      expectKinds(ctx, ours, expected, EVENT_KINDS['1.18'].container, '1.18 container events');
      // Every kind provoked, not only a run's create, start and die, is a 1.18 event object.
      expect118Shapes(ctx, ours, since, 'container');
    },
  }),
  engineCheck({
    id: 'engine/events/image-kinds-1.22',
    requirements: ['engine/events/image-kinds-1.22', EMITS],
    title: '1.22 image operations produce events of the listed image kinds only',
    versions: ['1.22'],
    async run(ctx) {
      const withRegistry = Boolean(ctx.run.registry || ctx.run.embedded);
      const scenario = await imageEvents(ctx, withRegistry);
      if (!withRegistry) ctx.observe('push and pull were not exercised: no registry is configured (--registry)');
      const expected = ['tag', 'untag', 'import', 'delete', ...(withRegistry ? ['push', 'pull'] : [])];
      expectKinds(ctx, scenario.events, expected, EVENT_KINDS['1.22'].image, '1.22 image events');
      expectDeleteAlike(ctx, scenario, '1.22 image events');
    },
  }),
  engineCheck({
    id: 'engine/events/image-kinds-1.18',
    requirements: ['engine/events/image-kinds-1.18', EMITS, SHAPE_118],
    title: '1.18 image operations produce only untag and delete image events, each a 1.18 event object {status, id, from, time (Unix seconds)}',
    versions: ['1.18'],
    async run(ctx) {
      const scenario = await imageEvents(ctx);
      expectKinds(ctx, scenario.events, ['untag', 'delete'], EVENT_KINDS['1.18'].image, '1.18 image events');
      expectDeleteAlike(ctx, scenario, '1.18 image events');
      // The 1.18 event object is one shape for every event: an image event carries from and its time in seconds as a container's does.
      expect118Shapes(ctx, scenario.events, scenario.since, 'image');
    },
  }),
  engineCheck({
    id: 'engine/events/volume-kinds-1.22',
    requirements: ['engine/events/volume-kinds-1.22', EMITS],
    title: 'A volume created, mounted by a container, unmounted and removed produces create, mount, unmount, destroy',
    versions: ['1.22'],
    async run(ctx) {
      const { events } = await volumeScenario(ctx);
      expectKinds(ctx, events, EVENT_KINDS['1.22'].volume, EVENT_KINDS['1.22'].volume, '1.22 volume events');
    },
  }),
  engineCheck({
    id: 'engine/events/network-kinds-1.22',
    requirements: ['engine/events/network-kinds-1.22', EMITS],
    title: 'A network created, connected, disconnected and removed produces create, connect, disconnect, destroy',
    versions: ['1.22'],
    async run(ctx) {
      const { events } = await networkScenario(ctx);
      expectKinds(ctx, events, EVENT_KINDS['1.22'].network, EVENT_KINDS['1.22'].network, '1.22 network events');
    },
  }),
  engineCheck({
    id: 'engine/events/no-volume-network-events-1.18',
    title: 'The 1.18 event stream carries no volume and no network events',
    versions: ['1.18'],
    async run(ctx) {
      const since = nowSeconds();
      const volume = await createVolume(ctx);
      const network = await createNetwork(ctx);
      const { id } = await ctx.runningContainer(['sleep', '300']);
      await execDetached(ctx, id);
      const read = await readEvents(ctx, { since }, { enough: (all) => all.some((e) => isAbout(e, id) && kindOf(e) === 'exec_start') });
      const foreign = read.events.filter((e) => ['volume', 'network'].includes(typeOf(e)) || [volume.Name, network.id].some((r) => isAbout(e, r)));
      ctx.expect(foreign.length === 0, `the /v1.18 event stream carried ${foreign.length} volume or network event(s)`, {
        expected: 'no volume or network events',
        actual: foreign.slice(0, 5),
      });
    },
  }),
];
