import { engineCheck } from '../support/check.ts';
import type { CreatedContainer } from '../support/context.ts';
import { driveThroughStates, LISTED_CODES, NOT_FOUND } from '../support/every-state.ts';
import { createNetwork } from '../support/resources.ts';

/** A network of the run, with no container or with a running container of the run connected. */
const STATES = ['empty', 'connected'] as const;

/** Spec: Endpoints ("Status codes listed ..."); Networks > 52, 54-56. */
export default [
  engineCheck({
    id: 'engine/errors/listed-codes-only/every-state/networks',
    title:
      '(1.22) Every network operation, asked of a network of the run with and without a container connected and of a missing one, ' +
      'answers a status its endpoint lists, never 404 for one that exists',
    requirements: [LISTED_CODES, NOT_FOUND],
    long: true,
    versions: ['1.22'],
    async run(ctx) {
      const { id: container } = await ctx.setUp(() => ctx.runningContainer(['sleep', '300'], { networked: true }));
      let joining: Promise<CreatedContainer> | undefined;
      await driveThroughStates(ctx, {
        base: '/networks',
        states: STATES,
        operations: [
          { method: 'GET', suffix: '' },
          { method: 'POST', suffix: 'connect', json: { Container: container }, changes: true },
          { method: 'POST', suffix: 'disconnect', json: { Container: container }, changes: true, notFoundMayNameOther: true },
          { method: 'DELETE', suffix: '', changes: true },
        ],
        async build(ctx, state) {
          const { id } = await createNetwork(ctx);
          if (state === 'connected') {
            // One container joins every connected network: a container may be connected to several.
            joining ??= ctx.runningContainer(['sleep', '300'], { networked: true });
            const other = await joining;
            const res = await ctx.api.post(`/networks/${id}/connect`, { json: { Container: other.id } });
            ctx.precondition(res.status === 200, `connecting a container answered ${res.status}`, 'engine/networks/connect/200-connected');
          }
          return id;
        },
      });
    },
  }),
];
