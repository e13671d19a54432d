/**
 * A network without containers: Containers is a map from container ID to endpoint, so an empty
 * one is {} in the inspect and in the list, not null or left out.
 * Spec: Resources > Network (1.22) (Containers: map from container ID to {...}); Endpoints 51, 52.
 */
import { engineCheck } from '../support/check.ts';
import { createNetwork, inspectNetwork, listNetworks } from '../support/resources.ts';
import { isEmptyMap, shownValue } from '../support/zero-values.ts';

const R = {
  inspect: 'engine/networks/inspect/containers-empty-present',
  list: 'engine/networks/list/containers-empty-present',
};

export default [
  engineCheck({
    id: R.inspect,
    title: '(1.22) A network without containers has Containers {} in its inspect and in its list item',
    requirements: [R.inspect, R.list],
    endpoint: 'engine/networks/inspect',
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await createNetwork(ctx);
      const inspected = (await inspectNetwork(ctx, id)).Containers;
      ctx.verify(isEmptyMap(inspected), 'the inspect of a network without containers has Containers {}', {
        expected: {},
        actual: shownValue(inspected),
        requirement: R.inspect,
      });
      // The plain list and the one filtered by id are each a list of Network: both give the item {} (not one of them only).
      for (const filters of [undefined, { id: [id] }]) {
        const item = (await listNetworks(ctx, filters)).find((n) => n.Id === id);
        const list = filters ? 'the list filtered by its id' : 'the list';
        if (!item)
          return ctx.blockedBy(
            filters ? 'engine/networks/list/filter-id' : 'engine/networks/list/as-inspected',
            `the created network ${id.slice(0, 12)} is not in ${list}`,
          );
        ctx.verify(isEmptyMap(item.Containers), `the item of a network without containers in ${list} has Containers {}`, {
          expected: {},
          actual: shownValue(item.Containers),
          requirement: R.list,
        });
      }
    },
  }),
];
