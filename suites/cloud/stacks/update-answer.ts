/**
 * Spec: Overview > resource URIs ("a GET of an object's resource_uri returns that object"): the
 * stack a PATCH answers with (the facts: the object in its new state) is the stack its
 * resource_uri names. A running stack PATCHed with no services (services defaults to []: nothing
 * changes) shows its uuid, services and synchronized as its GET does, and its deployed_datetime
 * (the last deployment) between those of its GETs before and after the PATCH. One of its services
 * was updated before (its containers no longer match it), so synchronized has a value to show
 * whichever the target gives.
 */
import { cloudCheck } from '../support/check.ts';
import { outOfDate } from './read.ts';
import { settled } from '../support/app.ts';
import { expectAnswerDatesBetween } from '../support/answer-times.ts';
import { expectAnswerAsGot, type Json } from '../support/lists.ts';
import { runningStack } from './operations.ts';

const R = {
  resolves: 'cloud/uri/resource-uri-resolves',
  update202: 'cloud/stack/update/202',
  dates: 'cloud/stack/get/datetimes-track-operations',
};

export default [
  cloudCheck({
    id: `${R.resolves}/stack-update-answer`,
    title: 'The running stack a PATCH answers with is the one it names, showing its services and deployment date as its GETs do',
    requirements: [R.resolves, R.update202, R.dates],
    endpoint: 'cloud/stack/update',
    async run(ctx) {
      const stack = await ctx.setUp(async () => outOfDate(ctx, await runningStack(ctx)));
      const uri = stack.resource_uri;
      const before: Json = await ctx.getJson('stack', uri);
      const res = await ctx.api.patch(uri, {});
      await settled(ctx, 'stack', uri);
      await expectAnswerAsGot(ctx, res, 'stack', uri, ['services', 'synchronized'], `PATCH ${uri}`, R.resolves);
      await expectAnswerDatesBetween(ctx, res, 'stack', uri, before, `PATCH ${uri}`, R.dates);
    },
  }),
];
