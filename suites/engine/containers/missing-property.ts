import fc from 'fast-check';
import { engineCheck } from '../support/check.ts';
import { forAll, hexId, nameSuffix } from '../support/properties.ts';

/** Read operations on a container and the path suffix of each. */
const OPERATIONS = [
  { endpoint: 'engine/containers/inspect', suffix: 'json', query: {} },
  { endpoint: 'engine/containers/top', suffix: 'top', query: {} },
  { endpoint: 'engine/containers/changes', suffix: 'changes', query: {} },
  { endpoint: 'engine/containers/export', suffix: 'export', query: {} },
  { endpoint: 'engine/containers/stats', suffix: 'stats', query: { stream: 0 } },
] as const;

/** A full 64-hex id (no container has it) or a name no container of the run has (`zz` keeps it from being an id prefix). */
const missingRef = fc.oneof(
  hexId(64),
  nameSuffix().map((s) => `zz-conformance-missing-${s}`),
);

/** Spec: Endpoints > Containers 3, 4, 6, 7, 8: "No such container" is 404. */
export default [
  engineCheck({
    id: 'engine/containers/inspect/404-no-such-container/property',
    title: 'For random ids and names of containers that do not exist, inspect, top, changes, export and stats answer 404',
    requirements: OPERATIONS.map((o) => `${o.endpoint}/404-no-such-container`),
    endpoint: 'engine/containers/inspect',
    async run(ctx) {
      await forAll(
        ctx,
        fc.tuple(missingRef, fc.constantFrom(...OPERATIONS)),
        async ([ref, op]) => {
          const res = await ctx.api.get(`/containers/${encodeURIComponent(ref)}/${op.suffix}`, op.query);
          return res.status === 404 ? undefined : `GET /containers/${ref}/${op.suffix} answered ${res.status}, not 404 (${op.endpoint}/404-no-such-container)`;
        },
        10,
      );
    },
  }),
];
