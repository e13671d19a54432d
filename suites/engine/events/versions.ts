import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { EVENT_KINDS, isAbout, kindOf, nowSeconds, readEvents, typeOf, untilSoon, type EngineEvent } from '../support/events.ts';
import { expectOk, lifecycleSteps, removeStep, runSteps } from '../support/event-scenarios.ts';
import { IMPORT_NAMED, imageIdOf, importRequest, uniqueRootfs } from '../support/images.ts';
import { EXITS_ON_TERM } from '../support/lifecycle.ts';
import { grows } from '../support/memory.ts';
import { sleep } from '../support/poll.ts';

const REQUIREMENT = 'engine/events/kinds-in-both-versions';

/** The kinds both columns of the Events table list, by source: every 1.18 kind (each is in the 1.22 column too). */
const SHARED: Record<'container' | 'image', readonly string[]> = {
  container: EVENT_KINDS['1.18'].container,
  image: EVENT_KINDS['1.18'].image,
};

/**
 * The check's own subjects: containers driven through the shared kinds (one through the lifecycle,
 * one past its memory limit for oom), one image imported and removed.
 */
interface Subjects {
  container: string[];
  image: string;
}

/** `container die`, `image delete`: the shared kind of an event about one of the subjects, else undefined. */
function sharedKey(e: EngineEvent, subjects: Subjects): string | undefined {
  const kind = kindOf(e);
  const type = typeOf(e);
  for (const source of ['container', 'image'] as const) {
    const about = [subjects[source]].flat().some((s) => isAbout(e, s));
    if ((type === '' || type === source) && about && SHARED[source].includes(kind)) return `${source} ${kind}`;
  }
  return undefined;
}

function keysOf(events: EngineEvent[], subjects: Subjects): Set<string> {
  return new Set(events.map((e) => sharedKey(e, subjects)).filter((k): k is string => k !== undefined));
}

/** An image imported and removed by its only tag: untag, then delete. */
async function importedAndRemoved(ctx: EngineContext): Promise<string> {
  const repo = ctx.uniqueName('versions');
  expectOk(ctx, await importRequest(ctx, { repo, tag: 'x' }, await uniqueRootfs()), 'importing an image');
  const id = await ctx.setUp(() => imageIdOf(ctx, `${repo}:x`), IMPORT_NAMED);
  ctx.defer(async () => void (await ctx.api.delete(`/images/${id}`, { force: true })));
  expectOk(ctx, await ctx.api.delete(`/images/${repo}:x`), 'removing the imported image');
  return id;
}

/**
 * Spec: Events, the kinds table (a kind in both columns exists in both versions: "unmarked items
 * exist in both versions"), and GET /events `since`: "all events since then". One daemon's events
 * of such a kind are the same events under either version prefix, so the suite's stream must carry
 * every one the other version's stream carries for the same window. Which operation emits which
 * kind is not shown: the check compares the two streams, never a stream with a list of kinds.
 */
export default [
  engineCheck({
    id: REQUIREMENT,
    title: 'Events of a kind both versions list come in the event stream of either version prefix',
    async run(ctx) {
      const other = ctx.version === '1.18' ? '1.22' : '1.18';
      const ping = await ctx.api.raw('GET', `/v${other}/_ping`);
      if (ping.status !== 200)
        ctx.notApplicable(`the target does not serve API ${other} (GET /v${other}/_ping answered ${ping.status}): no stream to compare with`);
      const since = nowSeconds();
      const { id } = await ctx.runningContainer(EXITS_ON_TERM);
      await runSteps(ctx, [...lifecycleSteps(ctx, id), removeStep(ctx, id)]);
      const pastLimit = (await grows(ctx)).id;
      await ctx.waitExit(pastLimit);
      const subjects: Subjects = { container: [id, pastLimit], image: await importedAndRemoved(ctx) };
      // Both reads replay a window wholly past (its until gone by), not a live stream ending at until.
      const window = { since, until: untilSoon() };
      await sleep(window.until * 1000 + 250 - Date.now());
      const [own, theirs] = await Promise.all([
        readEvents(ctx, window, { deadlineMs: 15_000 }),
        readEvents(ctx, window, { deadlineMs: 15_000, version: other }),
      ]);
      const ownKeys = keysOf(own.events, subjects);
      const otherKeys = keysOf(theirs.events, subjects);
      if (otherKeys.size === 0)
        ctx.skip(`the /v${other} event stream carried no event of a shared kind about the check's container and image: nothing to compare`);
      const onlyOther = [...otherKeys].filter((k) => !ownKeys.has(k));
      const onlyOwn = [...ownKeys].filter((k) => !otherKeys.has(k));
      if (onlyOwn.length) ctx.observe(`the /v${other} stream lacks ${onlyOwn.join(', ')} (that version's own run judges it)`);
      ctx.expect(
        onlyOther.length === 0,
        `the /v${ctx.version} event stream lacks ${onlyOther.join(', ')}, which the /v${other} stream carried for the same window`,
        {
          expected: [...otherKeys],
          actual: [...ownKeys],
          requirement: REQUIREMENT,
        },
      );
    },
  }),
];
