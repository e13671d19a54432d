import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { ownImage, tagged } from '../support/images.ts';
import { expectTransferred, push, registryOf, unreachableRepo } from '../support/registry.ts';
import { TargetError } from '../../../harness/target/errors.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';

/** Spec: Endpoints > Images > 33. GET /images/search?term=; Resources > Search result item. */
const ENDPOINT = 'engine/images/search';
const KEYS = ['description', 'is_automated', 'is_official', 'name', 'star_count'];
const RESULT_FLAGS = 'engine/images/search/result-flags';
const QUERY_TERM = 'engine/images/search/query-term';
const UNREACHABLE_TERM = 'engine/images/search/500-registry-unreachable';

interface SearchItem {
  name?: string;
  description?: string;
  [key: string]: unknown;
}

/** A network failure toward the target's index (the real daemon here has none to reach). */
const UNREACHABLE = /dial tcp|no such host|lookup |connection refused|network is unreachable|i\/o timeout|TLS handshake timeout/i;

/** The search results for a term; skipped when the target cannot reach its registry index. */
async function search(ctx: EngineContext, term: string, requirement: string): Promise<SearchItem[]> {
  const res = await ctx.api.get('/images/search', { term });
  if (res.status !== 200 && UNREACHABLE.test(res.text())) ctx.skip(`the target cannot reach its registry index: ${res.text().trim().slice(0, 160)}`);
  ctx.expectStatus(res, 200, `search for '${term}'`, requirement);
  return ctx.expectVersionSchema<SearchItem[]>('image-search-response', ctx.expectJson(res, 'search result', requirement), 'the search result', requirement);
}

/**
 * The answer to a search of a registry host that cannot be reached; skipped when the target takes
 * longer than the run's request time-out (its own wait on the registry: slow, not wrong).
 */
async function searchUnreachable(ctx: EngineContext, term: string): Promise<HttpResponse> {
  try {
    return await ctx.api.get('/images/search', { term });
  } catch (err) {
    if (err instanceof TargetError && err.code === 'timeout') ctx.skip(`the search for '${term}' got no answer within the request time-out: ${err.message}`);
    throw err;
  }
}

/** The results whose name and description both leave out `text` (case aside). */
function unmatched(items: readonly SearchItem[], text: string): SearchItem[] {
  return items.filter((i) => !`${i.name ?? ''} ${i.description ?? ''}`.toLowerCase().includes(text.toLowerCase()));
}

/** Each result carries every registry-style key. */
function expectRegistryKeys(ctx: EngineContext, items: readonly SearchItem[], requirement?: string): void {
  for (const item of items)
    ctx.expectEqual(
      Object.keys(item)
        .filter((k) => KEYS.includes(k))
        .sort(),
      KEYS,
      `the result ${JSON.stringify(item).slice(0, 120)} carries every registry-style key`,
      requirement,
    );
}

export default [
  engineCheck({
    id: 'engine/images/search/200-response-schema',
    title: 'GET /images/search answers 200 with a list of search results',
    endpoint: ENDPOINT,
    async run(ctx) {
      const items = await search(ctx, 'busybox', 'engine/images/search/200-response-schema');
      if (!items.length) ctx.notApplicable("the search for 'busybox' found nothing: the shape of a result item cannot be checked");
      const negative = items.filter((i) => typeof i.star_count === 'number' && i.star_count < 0);
      ctx.expect(negative.length === 0, 'star_count counts the stars of a repository: never negative', {
        expected: 'star_count >= 0',
        actual: negative.map((i) => ({ name: i.name, star_count: i.star_count })),
      });
    },
  }),
  engineCheck({
    id: 'engine/images/search/query-term',
    title: 'every search result matches the term (by name or description)',
    endpoint: ENDPOINT,
    async run(ctx) {
      for (const term of ['busybox', `conformance-${ctx.run.runId}-nothing`]) {
        const items = await search(ctx, term, 'engine/images/search/query-term');
        // A term that finds nothing everywhere cannot show a target that ignores the term.
        if (term === 'busybox' && !items.length) ctx.notApplicable("the search for 'busybox' found nothing: whether results follow the term cannot be seen");
        const unrelated = unmatched(items, term);
        ctx.expect(unrelated.length === 0, `the search for '${term}' answers results that do not match it`, {
          expected: `names or descriptions holding '${term}'`,
          actual: unrelated.slice(0, 5),
        });
      }
    },
  }),
  engineCheck({
    id: 'engine/images/search/registry-style-keys',
    title: "search results use the registry's keys: star_count, is_official, name, is_automated, description",
    endpoint: ENDPOINT,
    async run(ctx) {
      const items = await search(ctx, 'busybox', 'engine/images/search/registry-style-keys');
      if (!items.length) ctx.notApplicable("the search for 'busybox' found nothing, so no result keys can be read");
      expectRegistryKeys(ctx, items);
    },
  }),
  engineCheck({
    id: 'engine/images/search/500-registry-unreachable',
    title:
      'GET /images/search for a term naming a registry host that cannot be reached answers a listed code: 500, or 200 with results matching ' +
      'the term (the spec never says a host part selects the registry); which reading the target took is recorded',
    requirements: [UNREACHABLE_TERM, QUERY_TERM],
    endpoint: ENDPOINT,
    async run(ctx) {
      const term = unreachableRepo(ctx, 'search');
      const res = await searchUnreachable(ctx, term);
      ctx.expectStatus(res, [200, 500], `the search for '${term}' (a registry host that cannot exist)`, UNREACHABLE_TERM);
      if (res.status === 500) return ctx.observe(`the search for '${term}' answered 500: the target read the host part as the registry to search`);
      const items = ctx.expectVersionSchema<SearchItem[]>(
        'image-search-response',
        ctx.expectJson(res, 'search result', QUERY_TERM),
        'the search result',
        QUERY_TERM,
      );
      // Searched as a literal term in the target's own index: the results must match it, as for any term (the repository part at least).
      const repository = term.slice(term.indexOf('/') + 1);
      const unrelated = unmatched(items, repository);
      ctx.expect(unrelated.length === 0, `the search for '${term}' answers results that do not match it`, {
        expected: `names or descriptions holding '${repository}'`,
        actual: unrelated.slice(0, 5),
        requirement: QUERY_TERM,
      });
      ctx.observe(`the search for '${term}' answered 200 with ${items.length} result(s): the target searched its own index for the term`);
    },
  }),
  engineCheck({
    id: 'engine/images/search/query-term/own-registry',
    title:
      "a search of the run's registry for a term of the check's own (searched between the pushes too) finds each repository pushed under it, " +
      'once, with every registry-style key, neither official nor automated',
    requirements: ['engine/images/search/query-term', 'engine/images/search/registry-style-keys', RESULT_FLAGS],
    endpoint: ENDPOINT,
    async run(ctx) {
      const own = await ownImage(ctx, 'search-source');
      const word = ctx.uniqueName('search');
      const names = [`${word}-a`, `${word}/b`];
      const term = `${registryOf(ctx)}/${word}`;
      for (const name of names) {
        const repo = `${registryOf(ctx)}/${name}`;
        await tagged(ctx, own.ref, repo, 't1');
        await ctx.setUp(
          async () => expectTransferred(ctx, await push(ctx, repo, { tag: 't1' }), `pushing ${repo}:t1`),
          'engine/images/push/200-progress-stream',
        );
        // Searched between the pushes too (its answer is not judged): the results are the registry's repositories at the time
        // of the search, so the last search finds the repository pushed after this one (whatever searches came before).
        if (name === names[0]) await ctx.api.get('/images/search', { term });
      }
      const res = await ctx.api.get('/images/search', { term });
      // The registry protocol's search is optional: a registry without it leaves nothing to observe.
      if (res.status !== 200) ctx.skip(`the search of the run's registry answered ${res.status}: ${res.text().trim().slice(0, 160)}`);
      const items = ctx.expectVersionSchema<SearchItem[]>('image-search-response', ctx.expectJson(res, 'search result'), 'the search result');
      const counts = names.map((name) => items.filter((i) => typeof i.name === 'string' && i.name.endsWith(name)).length);
      ctx.expect(
        counts.every((n) => n === 1),
        `the search for '${term}' does not list each repository pushed under it once`,
        {
          expected: names,
          actual: items.map((i) => i.name),
          requirement: 'engine/images/search/query-term',
        },
      );
      const unmatched = items.filter((i) => ![i.name, i.description].some((text) => typeof text === 'string' && text.includes(word)));
      ctx.expect(unmatched.length === 0, `the search for '${term}' answers results that do not match it`, {
        expected: `results whose name or description holds ${word}`,
        actual: unmatched.slice(0, 5).map((i) => i.name),
        requirement: 'engine/images/search/query-term',
      });
      expectRegistryKeys(ctx, items, 'engine/images/search/registry-style-keys');
      // Pushed by this check to a private registry: no official image, and not made by an automated build.
      const pushed = items.filter((i) => names.some((name) => typeof i.name === 'string' && i.name.endsWith(name)));
      const flagged = pushed.filter((i) => i.is_official !== false || i.is_automated !== false);
      ctx.expect(pushed.length > 0 && flagged.length === 0, `the search for '${term}' flags a repository the check pushed as official or automated`, {
        expected: 'is_official false and is_automated false on each repository pushed by this check',
        actual: pushed.map((i) => ({ name: i.name, is_official: i.is_official, is_automated: i.is_automated })),
        requirement: RESULT_FLAGS,
      });
    },
  }),
];
