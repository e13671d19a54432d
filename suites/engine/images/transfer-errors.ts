import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { decodeObjects, summarize } from '../support/image-streams.ts';
import { tagged } from '../support/images.ts';
import { loginAuth, authHeader, unreachableRepo } from '../support/registry.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';

const R = 'engine/errors/stream-error-object';

/**
 * Judges the answer of a transfer that must fail: a failure inside the 200 stream must come as an
 * {error S} object. Returns false when the target answered with an error status before any
 * stream (allowed: the rule then has nothing to judge for this endpoint).
 */
function judgeFailure(ctx: EngineContext, res: HttpResponse, what: string): boolean {
  if (res.status !== 200) {
    ctx.observe(`${what} failed before the stream: ${res.status} ${res.text().trim().slice(0, 160)}`);
    return false;
  }
  const stream = summarize(decodeObjects(ctx, res, what));
  // The spec gives a pull's and a push's errors as {error S}: errorDetail alone, or error not a string, is not one.
  const reported = stream.objects.some((o) => typeof o.error === 'string');
  ctx.expect(reported, `${what} failed inside its 200 stream without an {error S} object`, {
    expected: 'an {error S} object in the stream',
    actual: stream.objects.slice(-3),
    requirement: R,
  });
  return true;
}

/** Spec: Errors: errors inside a streamed response (build, pull, push) are {error S} objects; build is checked in build-stream.ts. */
export default [
  engineCheck({
    id: `${R}/pull-push`,
    title: 'A pull and a push that fail inside their 200 stream (an unreachable registry) report it as an {error S} object',
    requirements: [R],
    endpoint: 'engine/images/push',
    async run(ctx) {
      const repo = unreachableRepo(ctx, 'transfer');
      await ctx.setUp(() => tagged(ctx, ctx.fixtureImage(), repo, 'x'));
      const headers = authHeader(loginAuth(ctx));
      const pushed = judgeFailure(
        ctx,
        await ctx.api.post(`/images/${repo}/push`, { query: { tag: 'x' }, headers, timeoutMs: 60_000 }),
        `the push of ${repo}:x`,
      );
      const pulled = judgeFailure(
        ctx,
        await ctx.api.post('/images/create', { query: { fromImage: `${repo}:y` }, headers, timeoutMs: 60_000 }),
        `the pull of ${repo}:y`,
      );
      if (!pushed && !pulled)
        ctx.notApplicable('the failing pull and push were both answered with an error status before any stream: no in-stream error to judge');
    },
  }),
];
