import { engineCheck } from '../support/check.ts';
import { driveThroughStates, LISTED_CODES, NOT_FOUND } from '../support/every-state.ts';
import { createVolume } from '../support/resources.ts';

/** A volume of the run, unused or mounted by a container of the run. */
const STATES = ['unused', 'in-use'] as const;

/** Spec: Endpoints ("Status codes listed ..."); Volumes > 49, 50. */
export default [
  engineCheck({
    id: 'engine/errors/listed-codes-only/every-state/volumes',
    title:
      '(1.22) Every volume operation, asked of an unused volume, of one in use and of a missing one, ' +
      'answers a status its endpoint lists, never 404 for one that exists',
    requirements: [LISTED_CODES, NOT_FOUND],
    long: true,
    versions: ['1.22'],
    async run(ctx) {
      await driveThroughStates(ctx, {
        base: '/volumes',
        states: STATES,
        operations: [
          { method: 'GET', suffix: '' },
          { method: 'DELETE', suffix: '', changes: true },
        ],
        async build(ctx, state) {
          const { Name } = await createVolume(ctx);
          if (state === 'in-use') await ctx.createContainer({ cmd: ['true'], hostConfig: { Binds: [`${Name}:/data`] } });
          return Name;
        },
      });
    },
  }),
];
