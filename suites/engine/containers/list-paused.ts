import { engineCheck } from '../support/check.ts';
import { IGNORES_TERM, pausedContainer } from '../support/lifecycle.ts';
import { listIds, ownLabel, short } from '../support/own-containers.ts';

const R = 'engine/containers/list/query-all-default';

/**
 * Spec: Endpoints > Containers > 1. GET /containers/json, `all` B "(default false, only running
 * shown by default)"; States: the inspect State carries Running and Paused as booleans of their
 * own. The spec does not say whether a paused container is running; a target whose inspect shows
 * a paused container with State.Running true says it is, and the default list shows the running.
 */
export default [
  engineCheck({
    id: `${R}/paused`,
    title: 'Without `all`, a paused container whose inspect shows State.Running true (running, by its own State) is listed',
    requirements: [R],
    endpoint: 'engine/containers/list',
    async run(ctx) {
      const label = ownLabel('list-paused');
      const { id } = await ctx.setUp(() => pausedContainer(ctx, IGNORES_TERM, { labels: { [label.key]: label.value } }));
      const state = await ctx.state(id);
      ctx.precondition(state.Paused === true, `the paused container shows State.Paused ${String(state.Paused)}`, 'engine/containers/pause/204-paused');
      if (state.Running !== true)
        ctx.unverified(
          `the paused container shows State.Running ${String(state.Running)}: the spec does not say whether a paused container is running, ` +
            'so whether the default list shows it is not judged',
        );
      const listed = await listIds(ctx, label, {}, {}, R);
      ctx.expect(listed.includes(id), 'without all, the list shows a paused container whose State.Running is true (a running container)', {
        expected: short([id]),
        actual: short(listed),
        requirement: R,
      });
    },
  }),
];
