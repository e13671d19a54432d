/**
 * Spec: Endpoints > Images > 26. POST /build: "The build is canceled if the client drops the
 * connection." Observed from what is left afterwards: a build whose RUN step runs for seconds,
 * dropped once that step has printed its first line, must not go on to tag its image within the
 * time the same build takes undisturbed (measured first), and a margin.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { BUILD_ENDPOINT, BUILD_STREAM_CHECK, buildContext, buildName, fromFixture, postBuild } from '../support/build.ts';
import { engineCheck } from '../support/check.ts';
import { drainWithin } from '../support/drain.ts';
import type { StreamObject } from '../support/image-streams.ts';
import { imageExists, removeLater } from '../support/images.ts';
import { readJsonStream } from '../support/json-stream-read.ts';

const REQUIREMENT = 'engine/images/build/cancel-on-disconnect';
/** How long the RUN step runs after its first line: a build not canceled tags its image soon after. */
const STEP_SECONDS = 4;
/** Added to the time the same build took undisturbed: the wait after the drop before the image is looked for. */
const MARGIN_MS = 3000;
/** The line the RUN step prints when it starts (the step's own announcement quotes it inside `RUN …`). */
const STARTED = 'conformance-cancel-step-started';

const printedStart = (values: StreamObject[]): boolean =>
  values.some((v) => typeof v.stream === 'string' && v.stream.split('\n').some((line) => line.trim() === STARTED));

export default [
  engineCheck({
    id: REQUIREMENT,
    title: 'A build whose client drops the connection while a RUN step runs is canceled: the image it was to tag does not appear',
    endpoint: BUILD_ENDPOINT,
    long: true,
    async run(ctx) {
      const buildFile = `${fromFixture(ctx)}\nRUN echo ${STARTED} && sleep ${STEP_SECONDS}\n`;
      // The same build left to run shows how long the target takes to tag the image: the wait after the drop is that, and more.
      const control = buildName(ctx, 'cancel-control');
      const started = Date.now();
      const whole = await postBuild(ctx, { buildFile, query: { t: control } });
      const tookMs = Date.now() - started;
      if (whole.res.status !== 200 || !(await imageExists(ctx, control)))
        ctx.blockedBy(BUILD_STREAM_CHECK, `the same build left to run answered ${whole.res.status} and tagged no ${control}`);
      const t = buildName(ctx, 'cancel');
      removeLater(ctx, t);
      const body = await buildContext(ctx, { buildFile });
      const res = await ctx.api.stream('POST', '/build', { query: { t, nocache: true }, body, headers: { 'content-type': 'application/x-tar' } });
      if (res.status !== 200) {
        await drainWithin(res, 1000);
        ctx.blockedBy(BUILD_STREAM_CHECK, `POST /build answered ${res.status}`);
      }
      // The read closes the connection as soon as the step's first line arrives.
      const read = await readJsonStream<StreamObject>(res, { deadlineMs: 30_000, enough: printedStart });
      if (!printedStart(read.values))
        ctx.unverified(`the build never printed its RUN step's first line before it ${read.endedByTarget ? 'ended' : 'timed out'}: nothing to drop it during`);
      const waitMs = tookMs + MARGIN_MS;
      await sleep(waitMs);
      ctx.expect(!(await imageExists(ctx, t, REQUIREMENT)), `${t} exists ${waitMs / 1000} s after the client dropped its build during the RUN step`, {
        expected: 'no image: the build was canceled',
        actual: `${t} tagged`,
      });
    },
  }),
];
