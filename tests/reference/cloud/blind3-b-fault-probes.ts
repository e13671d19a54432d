/**
 * Probes of the third batch of blind faults of repositories, services, nodes, containers, node
 * clusters and the action list: each passes against a server with its fault and throws against a
 * clean one.
 */
import { expect } from 'vitest';
import { action, deployedCluster, NODE_TYPE, REGION, runningService, settledIn, until, type Answer, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const REPOSITORIES = '/api/repo/v1/repository/';
const SERVICES = '/api/app/v1/service/';
const get = (t: TestServer, uri: string): Promise<any> => t.ok('GET', uri);
/** Waits for the action that answered a request to end, and returns it. */
const ended = (t: TestServer, answer: Answer): Promise<any> =>
  until(
    () => action(t, answer),
    (a) => !['Pending', 'In progress', 'Canceling'].includes(a.state),
  );

/** Adds a repository, deletes it, and returns its uri. */
async function deletedRepository(t: TestServer, name: string): Promise<string> {
  const repo = await t.ok('POST', REPOSITORIES, { name, username: 'u', password: 'p' });
  await t.ok('DELETE', repo.resource_uri);
  return repo.resource_uri;
}

/**
 * Whether the action list ever shows a deploy after a service create made while the deploy ran
 * (the list is chronological by start date): each try starts a deploy (150 ms of simulated work)
 * and creates a service right away; a try whose deploy ended before the create proves nothing.
 */
async function deployListedAfterLaterCreate(t: TestServer): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const cluster = await t.ok('POST', '/api/infra/v1/nodecluster/', { name: 'c', node_type: NODE_TYPE, region: REGION, target_num_nodes: 1 });
    const deploy = await action(t, await t.call('POST', `${cluster.resource_uri}deploy/`));
    const create = await action(t, await t.call('POST', SERVICES, { image: 'x' }));
    const uuids: string[] = (await get(t, '/api/audit/v1/action/?limit=0')).objects.map((a: any) => a.uuid);
    if (uuids.indexOf(deploy.uuid) > uuids.indexOf(create.uuid)) return true;
  }
  return false;
}

export const BLIND3_B_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind3-repository-patch-after-delete-recreates': async (t) => {
    const uri = await deletedRepository(t, 'quay.io/blind3/r');
    expect((await t.call('PATCH', uri, { username: 'u2', password: 'p2' })).status).toBe(202);
    expect((await t.call('GET', uri)).status).toBe(200);
  },
  'blind3-repository-delete-twice-204': async (t) => {
    const uri = await deletedRepository(t, 'quay.io/blind3/d');
    expect((await t.call('DELETE', uri)).status).toBe(204);
  },
  'blind3-terminated-service-scale-revives': async (t) => {
    const svc = await t.ok('POST', SERVICES, { image: 'x' });
    await t.ok('DELETE', svc.resource_uri);
    await settledIn(t, svc.resource_uri, 'Terminated');
    expect((await t.call('POST', `${svc.resource_uri}scale/`)).status).toBe(202);
  },
  'blind3-repository-in-use-after-terminate': async (t) => {
    const repo = await t.ok('POST', REPOSITORIES, { name: 'quay.io/blind3/app' });
    const svc = await t.ok('POST', SERVICES, { image: 'quay.io/blind3/app:1' });
    expect((await get(t, repo.resource_uri)).in_use).toBe(true);
    await t.ok('DELETE', svc.resource_uri);
    await settledIn(t, svc.resource_uri, 'Terminated');
    expect((await get(t, repo.resource_uri)).in_use).toBe(true);
  },
  'blind3-node-count-includes-terminated': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    const container = await get(t, svc.containers[0]);
    await t.ok('DELETE', container.resource_uri);
    await settledIn(t, container.resource_uri, 'Terminated');
    const onNode: any[] = (await get(t, `/api/app/v1/container/?node=${encodeURIComponent(container.node)}&limit=0`)).objects;
    const live = onNode.filter((c) => c.state !== 'Terminated').length;
    expect((await get(t, container.node)).current_num_containers).toBe(live + 1);
  },
  'blind3-action-list-by-end-date': async (t) => expect(await deployListedAfterLaterCreate(t)).toBe(true),
  'blind3-node-upgrade-version-kept': async (t) => {
    const node = await get(t, (await deployedCluster(t, 1)).nodes[0]);
    expect((await ended(t, await t.call('POST', `${node.resource_uri}docker-upgrade/`))).state).toBe('Success');
    const after = await settledIn(t, node.resource_uri, 'Deployed');
    expect(after.docker_version).toBe(node.docker_version);
  },
  'blind3-container-redeploy-reuse-false-ignored': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', bindings: [{ container_path: '/data' }] });
    const before = await get(t, svc.containers[0]);
    await ended(t, await t.call('POST', `${before.resource_uri}redeploy/?reuse_volumes=false`));
    const after = await settledIn(t, before.resource_uri, 'Running');
    expect(after.bindings[0].volume).toBe(before.bindings[0].volume);
  },
  'blind3-cluster-negative-disk-accepted': async (t) => {
    const body = { name: 'neg', node_type: '/api/infra/v1/nodetype/azure/Small/', region: '/api/infra/v1/region/azure/east-us/', disk: -60 };
    const answer = await t.call('POST', '/api/infra/v1/nodecluster/', body);
    expect(answer.status).toBe(201);
    expect(answer.body.disk).toBe(-60);
  },
};
