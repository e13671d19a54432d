/**
 * Spec: Resources and their fields > Info: `Images I`, a count of the daemon's images. An image is
 * one however many repository tags name it, and an image no tag names is an image still: more tags
 * of an image are no new images, unnamed imports are images. Other checks change the image store
 * meanwhile, so each difference is read give or take what the image list shows changing around it
 * (support/image-count.ts).
 */
import { engineCheck } from '../support/check.ts';
import { type CountSample, conforms, imageCountAround, SLACK } from '../support/image-count.ts';
import { danglingImage, tagged } from '../support/images.ts';

const COUNTS = 'engine/system/info/200-counts';
/** How many tags, and how many untagged images, each sample adds: a count of tags departs from a count of images by as many. */
const SIZE = 8;

/** The samples as `before → after (churn n)`, for messages. */
const shown = (samples: readonly CountSample[]): string =>
  samples.map((s) => `${JSON.stringify(s.before)} → ${JSON.stringify(s.after)} (${s.churn} other images came or went)`).join(', ');

/** `work` done `n` times side by side: the sample's window stays short. */
const times = <T>(n: number, work: () => Promise<T>): Promise<T[]> => Promise.all(Array.from({ length: n }, work));

export default [
  engineCheck({
    id: `${COUNTS}/images`,
    title:
      `GET /info Images counts images, not their tags: ${SIZE} more tags of an image leave it as it was, ${SIZE} untagged images ` +
      '(imports without repo) raise it by as many',
    requirements: [COUNTS],
    endpoint: 'engine/system/info',
    async run(ctx) {
      const fixture = ctx.fixtureImage();
      const cases = [
        {
          what: `${SIZE} more tags of the fixture image`,
          delta: 0,
          operate: async () => {
            await times(SIZE, () => tagged(ctx, fixture, ctx.uniqueName('info-tag'), 'v1'));
            return [];
          },
        },
        { what: `${SIZE} untagged images imported without repo`, delta: SIZE, operate: () => times(SIZE, () => danglingImage(ctx)) },
      ];
      const unisolated: string[] = [];
      for (const { what, delta, operate } of cases) {
        const samples = await imageCountAround(ctx, operate, delta, SIZE, COUNTS);
        if (samples.length === 0) {
          unisolated.push(what);
          continue;
        }
        ctx.observe(`Info Images with ${what}: ${shown(samples)}`);
        ctx.verify(
          conforms(samples[samples.length - 1]!, delta),
          `Info Images changes by ${delta} with ${what}, give or take the other images that came or went around the counts (and ${SLACK} unseen)`,
          { expected: `a difference of ${delta}`, actual: shown(samples), requirement: COUNTS },
        );
      }
      // A part left unjudged leaves the rule unverified, unless a judged part already breached it.
      if (unisolated.length && ctx.breaches.length === 0)
        ctx.unverified(
          `${SIZE - SLACK} or more other images came or went around every count taken with ${unisolated.join(' and with ')}: the count was not isolated`,
        );
    },
  }),
];
