import { engineCheck } from '../support/check.ts';
import { BUILD_ENDPOINT, BUILD_STREAM_CHECK, buildName, postBuild, registryConfigHeader } from '../support/build.ts';
import { expectAcceptedStream, expectNoStreamError, expectObjectStream, PROGRESS_OBJECTS, type StreamObject } from '../support/image-streams.ts';
import { expectTransferred, loginAuth, pull, pushedAway, registryOf } from '../support/registry.ts';
import type { EngineContext } from '../support/context.ts';

/**
 * Spec: Resources > Image resources: push/pull/build progress objects {status S, progress S,
 * progressDetail {current I, total I}}. Read on a push and a pull of an image whose one layer no
 * registry has seen (an import of random content), so that both really move its bytes, and on a
 * build whose FROM pulls such an image.
 */
const SHOWN = 'engine/images/progress-objects/transfer-shown';

interface Detail {
  current?: unknown;
  total?: unknown;
}

const isCount = (v: unknown): v is number => Number.isInteger(v);

/** A layer of some kilobytes: its byte counts go beyond 100, so a current in percent stops short of the total. */
const LAYER_PADDING = 8192;

const detailOf = (o: StreamObject): Detail | undefined => {
  const d = o.progressDetail as Detail | undefined;
  return d && typeof d === 'object' ? d : undefined;
};

/**
 * Every count a progressDetail gives is a non-negative integer. A current beyond its total is
 * observed only: the spec gives the counts' shape, not their relation, and Docker's push of a small
 * layer reports one (current 512 of total 33).
 */
function expectCountsConsistent(ctx: EngineContext, objects: StreamObject[], what: string): void {
  const wrong = objects.filter((o) => [detailOf(o)?.current, detailOf(o)?.total].some((v) => v !== undefined && (!isCount(v) || v < 0)));
  ctx.expect(wrong.length === 0, `${what}: progressDetail counts that are not non-negative integers`, {
    expected: 'progressDetail {current I >= 0, total I >= 0}',
    actual: wrong.slice(0, 3),
    requirement: PROGRESS_OBJECTS,
  });
  const beyond = objects.find((o) => {
    const d = detailOf(o);
    return isCount(d?.current) && isCount(d?.total) && d.total > 0 && d.current > d.total;
  });
  if (beyond) ctx.observe(`${what}: a progressDetail current beyond its total: ${JSON.stringify(beyond.progressDetail)}`);
}

/** The transfer shows: some object has a progress text and a progressDetail with counts above 0. */
function expectTransferShown(ctx: EngineContext, objects: StreamObject[], what: string): void {
  const shown = objects.some((o) => {
    const d = detailOf(o);
    return typeof o.progress === 'string' && isCount(d?.current) && isCount(d?.total) && d.current > 0 && d.total > 0;
  });
  ctx.expect(shown, `${what} moves a layer no registry had, yet no object reports that progress`, {
    expected: '{status, progress S, progressDetail {current I > 0, total I > 0}} for the layer',
    actual: objects.slice(0, 8),
    requirement: SHOWN,
  });
}

/**
 * current counts the bytes moved: a pull that completed moved all of each layer it reported, so each
 * layer's largest current reaches its total (Docker's pull of a 464-byte layer reports 464 of 464). A
 * push is not judged so: Docker's reports currents beyond a small layer's total (512 and 10240 of 406).
 */
function expectPullReachesTotal(ctx: EngineContext, objects: StreamObject[], what: string): void {
  const layers = new Map<string, { current: number; total: number }>();
  for (const o of objects) {
    const d = detailOf(o);
    if (!isCount(d?.current) || !isCount(d?.total) || d.total <= 0) continue;
    const key = String(o.id ?? '');
    const seen = layers.get(key);
    layers.set(key, { current: Math.max(seen?.current ?? 0, d.current), total: d.total });
  }
  const short = [...layers].filter(([, l]) => l.current < l.total);
  ctx.expect(short.length === 0, `${what} completed, yet its progress counts stop short of a layer's total: current does not count the bytes moved`, {
    expected: 'for each layer reported, a current that reaches its total',
    actual: short.map(([id, l]) => `${id}: ${l.current} of ${l.total}`),
    requirement: SHOWN,
  });
}

function judge(ctx: EngineContext, objects: StreamObject[], what: string, pulled = false): void {
  expectCountsConsistent(ctx, objects, what);
  expectTransferShown(ctx, objects, what);
  if (pulled) expectPullReachesTotal(ctx, objects, what);
}

export default [
  engineCheck({
    id: SHOWN,
    title: 'a push, then a pull, of a layer new to the registry report its progress: {progress, progressDetail {current, total}}',
    requirements: [SHOWN, PROGRESS_OBJECTS],
    endpoint: 'engine/images/push',
    async run(ctx) {
      const { pushed, repo, ref } = await pushedAway(ctx, 'progress', LAYER_PADDING);
      judge(ctx, expectAcceptedStream(ctx, pushed, `push of ${ref}`, 'engine/images/push/200-progress-stream').objects, `the push of ${ref}`);
      const pulled = await pull(ctx, repo, { tag: 't1' });
      await ctx.setUp(async () => expectTransferred(ctx, pulled, `pulling ${ref}`), 'engine/images/create/query-from-image');
      judge(ctx, expectAcceptedStream(ctx, pulled, `pull of ${ref}`, 'engine/images/create/200-progress-stream').objects, `the pull of ${ref}`, true);
    },
  }),
  engineCheck({
    id: `${SHOWN}/build`,
    title: 'a build with pull=1 FROM an image whose layer is not local reports the pull in its stream: every object a documented one',
    requirements: [SHOWN, PROGRESS_OBJECTS, BUILD_STREAM_CHECK],
    endpoint: BUILD_ENDPOINT,
    async run(ctx) {
      const { ref } = await pushedAway(ctx, 'build-progress', LAYER_PADDING);
      const { username, password } = loginAuth(ctx) as { username: string; password: string };
      const result = await postBuild(ctx, {
        buildFile: `FROM ${ref}\nLABEL conformance.step=pulled\n`,
        query: { pull: true, t: buildName(ctx, 'pull-progress') },
        headers: registryConfigHeader({ [registryOf(ctx)]: { username, password } }),
      });
      const what = `the build FROM ${ref} with pull=1`;
      const stream = expectObjectStream(ctx, result.res, 'build-stream-object', what, BUILD_STREAM_CHECK, [BUILD_STREAM_CHECK, PROGRESS_OBJECTS]);
      expectNoStreamError(ctx, stream, what, BUILD_STREAM_CHECK);
      judge(ctx, stream.objects, `the pull of ${ref} by ${what}`, true);
    },
  }),
];
