import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { inspectImage, ownImage } from '../support/images.ts';

/**
 * Spec: Endpoints > Images > 28. GET /images/(name)/json answers 200 with the image's inspect
 * object: an image that exists does not become unknown because another image is removed. Podman
 * 4.3's image store answered 500 ("image not known") to an inspect racing another check's removal
 * of an image; against a daemon the suite files that change the image store run in a lane of their
 * own (harness/run/image-lane.ts), so that race shows here, provoked on purpose, and nowhere else.
 */
const ROUNDS = 8;

export default [
  engineCheck({
    id: 'engine/images/inspect/200-response-schema/beside-removal',
    title: 'GET /images/(name)/json answers 200, asked again and again while another image is being removed',
    requirements: ['engine/images/inspect/200-response-schema'],
    endpoint: 'engine/images/inspect',
    async run(ctx) {
      const fixture = ctx.fixtureImage();
      ctx.expectStatus(await inspectImage(ctx, fixture), 200, `inspect of ${fixture} before any removal`);
      for (let round = 1; round <= ROUNDS; round++) {
        const other = await ownImage(ctx, 'removed-beside');
        const inspect = await inspectUntilSettled(ctx, fixture, ctx.api.delete(`/images/${other.id}`, { force: true }));
        ctx.expectStatus(inspect, 200, `inspect of ${fixture} while ${other.ref} was being removed (round ${round} of ${ROUNDS})`);
      }
    },
  }),
];

/** Inspects `ref` again and again until `removal` settles (at least once); the first answer other than 200 ends it. */
async function inspectUntilSettled(ctx: EngineContext, ref: string, removal: Promise<unknown>): Promise<HttpResponse> {
  let settled = false;
  const settle = () => {
    settled = true;
  };
  removal.then(settle, settle);
  for (;;) {
    const res = await inspectImage(ctx, ref);
    if (res.status !== 200 || settled) {
      await removal;
      return res;
    }
  }
}
