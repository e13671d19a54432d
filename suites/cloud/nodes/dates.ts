/**
 * Spec: Node: deployed_datetime, destroyed_datetime and last_seen are dates (DT). As for a node
 * cluster, a node's deployed_datetime is the time of its deployment and destroyed_datetime null
 * until it is terminated, then the time of that; last_seen is a time the node was seen, so a
 * deployed node's is a date of this run (suites/cloud/support/run-dates.ts): never a placeholder
 * such as the zero time. Its entry in the node list shows the same.
 */
import { cloudCheck } from '../support/check.ts';
import { deployedNode, NODES, settle } from '../support/infra.ts';
import { listAll, sameResource, type Json } from '../support/lists.ts';
import type { CloudContext } from '../support/context.ts';
import { dateMs, expectNullDates, expectRunDates } from '../support/run-dates.ts';

const R = { dates: 'cloud/node/get/datetimes-track-operations' };

/** The node as GET and as its list entry show it, each checked by `verify`. */
async function bothForms(ctx: CloudContext, uri: string, verify: (node: Json, what: string) => void): Promise<Json> {
  const got = await ctx.getJson('node', uri, 'the node');
  verify(got, `GET ${uri}`);
  const listed = (await listAll(ctx, NODES)).find((n) => sameResource(n.resource_uri, uri));
  ctx.expect(listed !== undefined, `the node ${uri} is not listed`, { requirement: R.dates });
  verify(listed!, `${uri} as listed`);
  return got;
}

export default [
  cloudCheck({
    id: R.dates,
    title: "A deployed node's deployed_datetime and last_seen are dates of the run, destroyed_datetime null until it is terminated and then set",
    endpoint: 'cloud/node/get',
    async run(ctx) {
      const since = Date.now();
      const { node } = await ctx.setUp(() => deployedNode(ctx));
      const uri = node.resource_uri;
      const deployed = await bothForms(ctx, uri, (n, what) => {
        expectRunDates(ctx, n, ['deployed_datetime', 'last_seen'], since, what, R.dates);
        expectNullDates(ctx, n, ['destroyed_datetime'], what, R.dates);
      });
      await ctx.api.delete(uri);
      await settle(ctx, 'node', uri, ['Terminated']);
      await bothForms(ctx, uri, (n, what) =>
        expectRunDates(ctx, n, ['destroyed_datetime'], dateMs(deployed.deployed_datetime), `${what} (terminated)`, R.dates),
      );
    },
  }),
];
