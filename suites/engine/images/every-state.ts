import { engineCheck } from '../support/check.ts';
import { driveThroughStates, LISTED_CODES, NOT_FOUND } from '../support/every-state.ts';
import { ownImage } from '../support/images.ts';

/** An image the run imported, alone or in use by a container of the run. */
const STATES = ['tagged', 'in-use'] as const;

/** Spec: Endpoints ("Status codes listed ..."); Images > 28, 29, 31, 32, 34. */
export default [
  engineCheck({
    id: 'engine/errors/listed-codes-only/every-state/images',
    title:
      'Every image operation, asked of an image of the run, of one in use by a container, and of a missing one, ' +
      'answers a status its endpoint lists, never 404 for one that exists',
    requirements: [LISTED_CODES, NOT_FOUND],
    long: true,
    async run(ctx) {
      await driveThroughStates(ctx, {
        base: '/images',
        states: STATES,
        operations: [
          { method: 'GET', suffix: 'json' },
          { method: 'GET', suffix: 'history' },
          { method: 'GET', suffix: 'get' },
          { method: 'POST', suffix: 'tag', changes: true },
          { method: 'DELETE', suffix: '', changes: true },
        ],
        async build(ctx, state) {
          const image = await ownImage(ctx, 'states');
          if (state === 'in-use') await ctx.createContainer({ cmd: ['true'], extra: { Image: image.ref } });
          return image.ref;
        },
        prepare: (ctx, op) => (op.suffix === 'tag' ? { ...op, query: { repo: ctx.uniqueName('retag'), tag: 'v2' } } : op),
      });
    },
  }),
];
