import { expectRefused } from '../support/actions.ts';
import { ownNodes, containersOf, createService, live, operateAndSettle, serviceBody } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { type DiskAnswer, type DiskRule, diskRuleOf, LISTED_DISK_SIZES, takesSize } from '../support/disk-sizes.ts';
import { CATALOG, diskAnswer } from '../support/infra.ts';
import { listAll } from '../support/lists.ts';

const R = {
  scale: 'cloud/limits/every-node-no-manual-scaling',
  to: 'cloud/limits/every-node-no-update-to',
  from: 'cloud/limits/every-node-no-update-from',
  disk: 'cloud/limits/node-cluster-disk-values',
};

async function strategyUpdate(ctx: CloudContext, from: string, to: string, requirement: string): Promise<void> {
  const svc = await createService(ctx, serviceBody(ctx, undefined, { deployment_strategy: from }));
  const res = await ctx.api.patch(svc.resource_uri, { deployment_strategy: to });
  await expectRefused(ctx, res, `PATCH deployment_strategy ${from} → ${to}`, requirement);
  const after = await ctx.getJson('service', svc.resource_uri, 'service');
  ctx.expectEqual(after.deployment_strategy, from, `a refused update changed deployment_strategy to ${String(after.deployment_strategy)}`, requirement);
}

/** The strategies other than EVERY_NODE: the rule holds for a switch between it and each of them. */
const OTHER_STRATEGIES = ['EMPTIEST_NODE', 'HIGH_AVAILABILITY'] as const;

/** Sizes outside the list: between two listed ones, and past the largest. */
const UNLISTED = [15, 61, 3000];
/** The default, which the list does not name: sent too, as one more comparison (a size whose answer follows what is sent). */
const DEFAULT_DISK = 60;

/**
 * A provider's disk rule from the sizes it takes (disk-sizes.ts: a size counts only where the disk
 * shown follows the disk sent, so a provider that leaves the field unapplied and shows a disk of its
 * own takes none): every listed size and none other ('list'), no size at all ('none'), or something
 * else ('any'). Listed sizes it refuses while refusing others too are breaches of the list.
 */
async function diskRule(ctx: CloudContext, provider: string, at: { region: string; nodeType: string }): Promise<DiskRule> {
  const answers: DiskAnswer[] = [];
  for (const size of [...LISTED_DISK_SIZES, ...UNLISTED, DEFAULT_DISK]) answers.push(await diskAnswer(ctx, at, size));
  const found = diskRuleOf(answers, UNLISTED);
  const outside = found.unlisted.join(', ') || 'none';
  ctx.observe(`${provider}: takes ${found.listed.length} of the ${LISTED_DISK_SIZES.length} listed sizes and ${outside} of ${UNLISTED.join(', ')}`);
  const accepted = answers.filter((a) => a.accepted);
  if (found.rule === 'none' && accepted.length)
    ctx.observe(
      `${provider}: accepted ${accepted.length} create(s) with a disk, showing ${[...new Set(accepted.map((a) => String(a.shown)))].join(', ')}: ` +
        'the disk shown does not follow the disk sent (the field is left unapplied)',
    );
  if (found.rule !== 'list') return found.rule;
  if (found.refused.length)
    ctx.expect(false, `${provider} restricts disk to a list but refuses listed sizes: ${found.refused.join(', ')}`, {
      expected: LISTED_DISK_SIZES,
      actual: found.listed,
      requirement: R.disk,
    });
  // The default, 60, is not a listed size: the spec gives both, so taking it is recorded, not judged.
  ctx.observe(`${provider}: ${takesSize(answers, DEFAULT_DISK) ? 'takes' : 'refuses'} disk 60 sent (the default, which the list does not name)`);
  return 'list';
}

export default [
  cloudCheck({
    id: R.scale,
    title: 'A service with EVERY_NODE cannot be scaled manually: scale is refused and the containers stay as they are',
    endpoint: 'cloud/service/scale',
    async run(ctx) {
      const at = await ownNodes(ctx, 1);
      const svc = await createService(ctx, serviceBody(ctx, at, { deployment_strategy: 'EVERY_NODE' }));
      await operateAndSettle(ctx, svc, 'start');
      const before = live(await containersOf(ctx, svc)).length;
      await ctx.api.patch(svc.resource_uri, { target_num_containers: before + 2 });
      const res = await ctx.api.post(`${svc.resource_uri}scale/`);
      await expectRefused(ctx, res, 'scale of an EVERY_NODE service', R.scale);
      ctx.expectEqual(live(await containersOf(ctx, svc)).length, before, 'the containers of an EVERY_NODE service changed on a refused scale', R.scale);
    },
  }),
  cloudCheck({
    id: R.to,
    title: 'A service cannot be updated to EVERY_NODE (from either other strategy): refused and nothing changes',
    endpoint: 'cloud/service/update',
    async run(ctx) {
      for (const from of OTHER_STRATEGIES) await strategyUpdate(ctx, from, 'EVERY_NODE', R.to);
    },
  }),
  cloudCheck({
    id: R.from,
    title: 'A service cannot be updated from EVERY_NODE (to either other strategy): refused and nothing changes',
    endpoint: 'cloud/service/update',
    async run(ctx) {
      for (const to of OTHER_STRATEGIES) await strategyUpdate(ctx, 'EVERY_NODE', to, R.from);
    },
  }),
  cloudCheck({
    id: R.disk,
    title: 'Node cluster disk: for one provider one of the listed sizes, for another not available',
    endpoint: 'cloud/nodecluster/create',
    async run(ctx) {
      const regions = (await listAll(ctx, CATALOG.region)).filter((r) => r.available !== false);
      const types = (await listAll(ctx, CATALOG.nodetype)).filter((t) => t.available !== false);
      // Each provider with an available region and a node type offered there.
      const places = [...new Set(regions.map((r) => String(r.provider)))].flatMap((provider) => {
        const region = regions.find((r) => String(r.provider) === provider)!;
        const type = types.find((t) => Array.isArray(t.regions) && t.regions.includes(region.resource_uri));
        return type ? [{ provider, region: String(region.resource_uri), nodeType: String(type.resource_uri) }] : [];
      });
      // The sentence sets two providers apart ("one", "another"): a target with fewer has no pair to show it on.
      if (places.length < 2)
        ctx.unverified(
          `${places.length} provider(s) with a region and a node type: the rule names one provider and another (${places.map((p) => p.provider).join(', ')})`,
        );
      const rules: DiskRule[] = [];
      for (const p of places) rules.push(await diskRule(ctx, p.provider, p));
      ctx.expect(rules.includes('list'), `no provider restricts disk to the listed sizes (a size outside the list is taken wherever listed ones are)`, {
        expected: 'one provider refusing sizes outside the list',
        actual: rules,
        requirement: R.disk,
      });
      ctx.expect(rules.includes('none'), 'every provider takes a disk size (the spec names one for which disk is not available)', {
        expected: 'one provider refusing disk',
        actual: rules,
        requirement: R.disk,
      });
    },
  }),
];
