import { engineCheck } from '../support/check.ts';
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
    title: 'GET /images/(name)/json answers 200 while another image is removed at the same time',
    requirements: ['engine/images/inspect/200-response-schema'],
    endpoint: 'engine/images/inspect',
    async run(ctx) {
      const fixture = ctx.fixtureImage();
      for (let round = 1; round <= ROUNDS; round++) {
        const other = await ownImage(ctx, 'removed-beside');
        const [inspect] = await Promise.all([inspectImage(ctx, fixture), ctx.api.delete(`/images/${other.id}`, { force: true })]);
        const what = `inspect of ${fixture} while ${other.ref} was being removed (round ${round} of ${ROUNDS})`;
        if (inspect.status !== 200 || round === ROUNDS) {
          ctx.expectStatus(inspect, 200, what);
          return;
        }
      }
    },
  }),
];
