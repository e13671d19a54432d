import { expectActionSucceeded, ENDS, finishedActionOf, IN_PROGRESS, SUCCEEDS } from '../support/actions.ts';
import { expect202, expectCreatedInProgress } from '../support/async-op.ts';
import { containersOf, live, operateAndSettle, ownNodes, runningService, settled, tagNames, waitForContainers } from '../support/app.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { deployedNode, NODES, REACHABILITY_CONTROL, setReachable, settle } from '../support/infra.ts';
import { expectAnswerAsGot, expectShownAsGot, listAll, sameResource, type Json } from '../support/lists.ts';
import { afterTargetSecond } from '../support/target-clock.ts';
import { expectLaterDate } from '../support/run-dates.ts';
import { expectAnswerDatesBetween } from '../support/answer-times.ts';
import { expectAtSpecPath } from '../support/spec-paths.ts';
import { OPERATION } from '../support/operation-requirements.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const R = {
  list: 'cloud/node/list/returns-nodes',
  recent: 'cloud/node/list/recently-terminated',
  get: 'cloud/node/get/returns-node',
  nickname: 'cloud/node/get/nickname-default-external-fqdn',
  containers: 'cloud/node/get/current-num-containers',
  updNick: 'cloud/node/update/nickname',
  updTags: 'cloud/node/update/tags-replace',
  upd202: 'cloud/node/update/202',
  updOutside: 'cloud/states/node/update-not-in-table',
  upgrade: 'cloud/node/vendor-upgrade/upgrades',
  upgradeRestart: 'cloud/node/vendor-upgrade/containers-restart',
  upgradeVersion: 'cloud/node/vendor-upgrade/version-changes',
  upgrade202: 'cloud/node/vendor-upgrade/202-async',
  health: 'cloud/node/health-check/sets-state',
  health202: 'cloud/node/health-check/202',
  resolves: 'cloud/uri/resource-uri-resolves',
  dates: 'cloud/node/get/datetimes-track-operations',
  terminates: 'cloud/node/terminate/terminates',
  terminate202: 'cloud/node/terminate/202-async',
};

/** Fields of a deployed node that its GET and its entry in the list show alike (last_seen moves on). */
const NODE_SHOWN = ['cpu', 'disk', 'memory', 'external_fqdn', 'public_ip', 'deployed_datetime', 'destroyed_datetime'];
const uriOf = (n: Json): string => String(n.resource_uri);

/** The 202 + action rule of an asynchronous node operation. */
async function expectAsync(ctx: CloudContext, res: Parameters<typeof finishedActionOf>[1], what: string, requirement: string): Promise<void> {
  expect202(ctx, res, what, requirement);
  const action = await finishedActionOf(ctx, res, what);
  ctx.expect(action.state === 'Success' || action.state === 'Failed', `the ${what} action ended ${String(action.state)}`, { requirement });
}

export default [
  cloudCheck({
    id: R.list,
    title: 'The node list returns a list of node objects',
    endpoint: 'cloud/node/list',
    async run(ctx) {
      const { node } = await deployedNode(ctx);
      const objects = await listAll(ctx, NODES);
      objects.forEach((o, i) => ctx.expectView('node', o, `node #${i}`, R.list));
      const listed = objects.find((o) => o.uuid === node.uuid);
      ctx.expect(listed !== undefined, 'a deployed node is not listed', { requirement: R.list });
      if (listed) expectShownAsGot(ctx, listed, await ctx.getJson('node', node.resource_uri), NODE_SHOWN, `GET ${NODES}`, R.list);
    },
  }),
  cloudCheck({
    id: R.get,
    title: 'GET of one node returns it; nickname defaults to external_fqdn; current_num_containers counts the containers there (two, one after a terminate)',
    requirements: [R.get, R.nickname, R.containers],
    endpoint: 'cloud/node/get',
    async run(ctx) {
      // The check's own node, with two containers of a service on it: a count that stays 0 shows.
      const at = await ctx.setUp(() => ownNodes(ctx));
      const node = at.nodes[0]!;
      const svc = await ctx.setUp(() => runningService(ctx, at, { target_num_containers: 2 }));
      const placed = (await ctx.setUp(() => waitForContainers(ctx, svc, 2))).filter((c) => sameResource(c.node, node.resource_uri));
      const got = ctx.expectView('node', await ctx.getJson('node', uriOf(node), 'the node'), 'GET node', R.get);
      await expectAtSpecPath(ctx, 'node', node, R.get);
      ctx.verify(got.uuid === node.uuid, 'GET returns another node', { requirement: R.get, expected: node.uuid, actual: got.uuid });
      ctx.verify(
        typeof got.external_fqdn === 'string' && got.external_fqdn !== '' && got.nickname === got.external_fqdn,
        'nickname does not default to external_fqdn',
        {
          requirement: R.nickname,
          expected: got.external_fqdn,
          actual: got.nickname,
        },
      );
      ctx.verify(placed.length === 2 && got.current_num_containers === placed.length, 'current_num_containers is not the number of containers on the node', {
        requirement: R.containers,
        expected: placed.length,
        actual: got.current_num_containers,
      });
      // A terminated container is no longer on the node: the count follows the containers still there.
      const still = await ctx.setUp(async () => {
        await operateAndSettle(ctx, placed[0]!, 'terminate');
        await settled(ctx, 'service', svc.resource_uri);
        return live(await containersOf(ctx, svc)).filter((c) => sameResource(c.node, node.resource_uri));
      }, 'cloud/container/terminate/effect');
      const after = await ctx.getJson('node', uriOf(node), 'the node');
      ctx.verify(after.current_num_containers === still.length, 'after one of its containers was terminated, current_num_containers still counts it', {
        requirement: R.containers,
        expected: still.length,
        actual: after.current_num_containers,
      });
    },
  }),
  cloudCheck({
    id: R.updNick,
    title: 'PATCH nickname sets the node nickname and leaves the tags; PATCH tags replaces its user tags (two) and leaves the nickname',
    requirements: [R.updNick, R.updTags, R.upd202, R.updOutside, ENDS, SUCCEEDS],
    endpoint: 'cloud/node/update',
    async run(ctx) {
      const { node } = await deployedNode(ctx, { tags: [{ name: 'conformance-old' }] });
      // The spec replaces the user tag list only: a tag a user PATCHed before must go, the new ones
      // must be there, and tags the node carries for other reasons (its cluster's) may stay.
      await ctx.setUp(async () => {
        await ctx.api.patch(uriOf(node), { tags: [{ name: 'conformance-user-before' }] });
        await settle(ctx, 'node', uriOf(node), ['Deployed']);
      }, R.updTags);
      // Each field is optional: a PATCH of one leaves the other as it was.
      const nickname = ctx.uniqueName('node');
      const res = await ctx.api.patch(uriOf(node), { nickname });
      ctx.expect(isSuccess(res.status), `PATCH answered ${res.status}`, { requirement: R.updNick });
      ctx.observe(`PATCH of a Deployed node answered ${res.status} (the state table does not list update)`);
      const named = await settle(ctx, 'node', uriOf(node), ['Deployed']);
      ctx.expectEqual(named.nickname, nickname, 'the nickname was not set', R.updNick);
      ctx.expect(tagNames(named.tags).includes('conformance-user-before'), 'a PATCH without tags changed the user tag list', {
        expected: 'conformance-user-before still among the tags',
        actual: tagNames(named.tags),
        requirement: R.updTags,
      });
      const retag = await ctx.api.patch(uriOf(node), { tags: [{ name: 'conformance-new-1' }, { name: 'conformance-new-2' }] });
      ctx.expect(isSuccess(retag.status), `PATCH tags answered ${retag.status}`, { requirement: R.updTags });
      const got = await settle(ctx, 'node', uriOf(node), ['Deployed']);
      const tags = tagNames(got.tags);
      ctx.expect(
        tags.includes('conformance-new-1') && tags.includes('conformance-new-2') && !tags.includes('conformance-user-before'),
        'the user tag list was not replaced',
        {
          expected: 'conformance-new-1 and conformance-new-2 among the tags, conformance-user-before (the user tag PATCHed before) gone',
          actual: tags,
          requirement: R.updTags,
        },
      );
      ctx.expectEqual(got.nickname, nickname, 'a PATCH without nickname changed the nickname', R.updNick);
      const others = tags.filter((t) => !t.startsWith('conformance-new-'));
      if (others.length) ctx.observe(`the node keeps tags it carries for other reasons than the user's PATCH: ${others.join(', ')}`);
      // The empty list replaces the user tag list too.
      const clear = await ctx.api.patch(uriOf(node), { tags: [] });
      ctx.expect(isSuccess(clear.status), `PATCH tags [] answered ${clear.status}`, { requirement: R.updTags });
      const left = tagNames((await settle(ctx, 'node', uriOf(node), ['Deployed'])).tags).filter((t) => t.startsWith('conformance-new-'));
      ctx.expectEqual(left, [], 'the user tag list was not replaced by the empty list', R.updTags);
      ctx.expectStatus(res, 202, 'PATCH (facts: 202 with the node)', R.upd202);
      await expectActionSucceeded(ctx, res, 'PATCH');
    },
  }),
  cloudCheck({
    id: R.upgrade,
    title: `vendor-upgrade upgrades the engine daemon (Upgrading, then Deployed; 202, action ends Success)`,
    requirements: [R.upgrade, R.upgrade202, R.upgradeVersion, IN_PROGRESS],
    endpoint: 'cloud/node/vendor-upgrade',
    async run(ctx) {
      const { node } = await deployedNode(ctx);
      const res = await ctx.api.post(`${uriOf(node)}${ctx.spell('vendor-upgrade')}/`);
      ctx.expect(isSuccess(res.status), `${ctx.spell('vendor-upgrade')} answered ${res.status}`, { requirement: R.upgrade });
      await expectCreatedInProgress(ctx, res, uriOf(node), ctx.spell('vendor-upgrade'));
      const action = await finishedActionOf(ctx, res, ctx.spell('vendor-upgrade'));
      ctx.expectEqual(action.state, 'Success', 'the upgrade action did not succeed', R.upgrade);
      const after = await settle(ctx, 'node', uriOf(node), ['Deployed']);
      const field = ctx.spell('vendor_version');
      const [now, was]: Json[] = [after, node];
      ctx.expect(now[field] !== was[field], `${field} stayed ${String(was[field])} after the upgrade (the node may already run the latest engine)`, {
        requirement: R.upgradeVersion,
      });
      await expectAsync(ctx, res, ctx.spell('vendor-upgrade'), R.upgrade202);
    },
  }),
  cloudCheck({
    id: R.health,
    title: 'health-check sets Unreachable when the engine daemon cannot be reached and Deployed when it can',
    requirements: [R.health, R.health202, R.resolves, R.dates],
    referenceOnly: REACHABILITY_CONTROL,
    endpoint: 'cloud/node/health-check',
    async run(ctx) {
      // Two tags, so that the node the health-check answers with shows a list that can be cut.
      const { node } = await deployedNode(ctx, { tags: [{ name: 'conformance-one' }, { name: 'conformance-two' }] });
      // An empty nickname (nickname is any string), so that the answer has a zero value to show as its GET does.
      const blank = await ctx.api.patch(uriOf(node), { nickname: '' });
      if (blank.status >= 300) ctx.observe(`PATCH nickname '' answered ${blank.status}: the node keeps its nickname`);
      await settle(ctx, 'node', uriOf(node), ['Deployed']);
      await setReachable(ctx, node, false);
      const before: Json = await ctx.getJson('node', uriOf(node));
      const down = await ctx.api.post(`${uriOf(node)}health-check/`);
      await finishedActionOf(ctx, down, 'health-check');
      ctx.expectEqual(
        (await ctx.getJson('node', uriOf(node), 'node')).state,
        'Unreachable',
        'health-check of an unreachable node did not set Unreachable',
        R.health,
      );
      const shown = ['tags', 'node_cluster', 'availability_zone', 'nickname', 'cpu', 'disk', 'memory'];
      await expectAnswerAsGot(ctx, down, 'node', uriOf(node), shown, 'health-check', R.resolves);
      await expectAnswerDatesBetween(ctx, down, 'node', uriOf(node), before, 'health-check', R.dates);
      await setReachable(ctx, node, true);
      const up = await ctx.api.post(`${uriOf(node)}health-check/`);
      ctx.expect(isSuccess(up.status), `health-check of an Unreachable node answered ${up.status}`, { requirement: R.health });
      await finishedActionOf(ctx, up, 'health-check');
      ctx.expectEqual((await ctx.getJson('node', uriOf(node), 'node')).state, 'Deployed', 'health-check of a reachable node did not set Deployed', R.health);
      ctx.expectStatus(up, 202, 'health-check (facts: 202)', R.health202);
    },
  }),
  cloudCheck({
    id: R.terminates,
    title: 'DELETE terminates the node (202, action ends Success); it is still listed',
    requirements: [R.terminates, R.terminate202, R.recent, IN_PROGRESS],
    endpoint: 'cloud/node/terminate',
    async run(ctx) {
      const { node } = await deployedNode(ctx);
      const res = await ctx.api.delete(uriOf(node));
      ctx.expect(isSuccess(res.status), `DELETE answered ${res.status}`, { requirement: R.terminates });
      await expectCreatedInProgress(ctx, res, uriOf(node), 'terminate', R.terminate202);
      const done = await settle(ctx, 'node', uriOf(node), ['Terminated']);
      ctx.expectEqual(done.state, 'Terminated', 'the node did not end Terminated', R.terminates);
      // The list a client reads (no filter): the terminated node is there, shown Terminated.
      const listed = (await listAll(ctx, NODES)).find((n) => n.uuid === node.uuid);
      ctx.expect(listed !== undefined, 'a node just terminated is no longer listed', { requirement: R.recent });
      ctx.expectEqual(listed?.state, 'Terminated', 'the listed terminated node is not Terminated', R.recent);
      await expectAsync(ctx, res, 'terminate', R.terminate202);
    },
  }),
  cloudCheck({
    id: R.upgradeRestart,
    title: 'Every container on a node upgraded with vendor-upgrade restarts (three containers of two services)',
    endpoint: 'cloud/node/vendor-upgrade',
    async run(ctx) {
      const at = await ownNodes(ctx, 1);
      // Several containers of more than one service: an upgrade that restarts the first one only, or one service's, shows.
      const services = [await runningService(ctx, at, { target_num_containers: 2 }), await runningService(ctx, at)];
      const before = (await Promise.all(services.map((svc, i) => waitForContainers(ctx, svc, 2 - i)))).flat();
      // The spec does not say whether a container the user stopped restarts too: its state after the upgrade is observed.
      const [running] = await waitForContainers(ctx, await runningService(ctx, at), 1);
      const stopped = await operateAndSettle(ctx, running!, 'stop');
      await afterTargetSecond(
        ctx,
        before[0]!.resource_uri,
        before.map((c) => c.started_datetime),
      );
      const res = await ctx.api.post(`${uriOf(at.nodes[0]!)}${ctx.spell('vendor-upgrade')}/`);
      ctx.precondition(isSuccess(res.status), `${ctx.spell('vendor-upgrade')} answered ${res.status}`, OPERATION.nodeUpgrade);
      await finishedActionOf(ctx, res, ctx.spell('vendor-upgrade'));
      for (const container of before) {
        const after = await ctx.waitForState('container', uriOf(container), ['Running'], 60_000);
        expectLaterDate(ctx, after.started_datetime, container.started_datetime, `container ${String(container.name)} was not restarted`, R.upgradeRestart);
      }
      const later = await ctx.getJson('container', uriOf(stopped), 'the container stopped before the upgrade');
      ctx.observe(`a container ${String(stopped.state)} before the upgrade is ${String(later.state)} after it`);
    },
  }),
];
