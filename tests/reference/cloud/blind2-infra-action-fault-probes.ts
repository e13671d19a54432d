/**
 * Probes of the second batch of blind faults of node clusters, actions, the catalog and the repo
 * subsystem: each passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { action, deployedCluster, NODE_TYPE, REGION, settledIn, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const ACTIONS = '/api/audit/v1/action/';
const CLUSTERS = '/api/infra/v1/nodecluster/';
const UNFINISHED = ['Pending', 'In progress'];
const get = (t: TestServer, uri: string): Promise<any> => t.ok('GET', uri);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const newCluster = (t: TestServer): Promise<any> => t.ok('POST', CLUSTERS, { name: 'c', node_type: NODE_TYPE, region: REGION, target_num_nodes: 1 });

/** Starts a deploy and returns its action (as the deploy answered it). */
async function deployAction(t: TestServer): Promise<any> {
  return action(t, await t.call('POST', `${(await newCluster(t)).resource_uri}deploy/`));
}

/**
 * Cancels a deploy while it runs and returns its action's uri: a deploy lasts 150 ms, so on a
 * loaded machine it may end before the cancel arrives (then a new one is tried).
 */
async function canceledDeploy(t: TestServer): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const uri: string = (await deployAction(t)).resource_uri;
    const answer = await t.call('POST', `${uri}cancel/`);
    if (answer.status === 202 || attempt === 4) return uri;
  }
}

/**
 * Whether the end_date__lte list ever shows a deploy still unfinished: each try lists right
 * after a deploy starts, with an upper bound an hour ahead.
 */
async function unfinishedListedBeforeAnHour(t: TestServer): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const deploy = await deployAction(t);
    const bound = encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString());
    const listed: any[] = (await get(t, `${ACTIONS}?end_date__lte=${bound}`)).objects;
    if (listed.some((a) => a.uuid === deploy.uuid && UNFINISHED.includes(a.state))) return true;
  }
  return false;
}

export const BLIND2_INFRA_ACTION_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind2-deployed-cluster-deploy-accepted': async (t) => {
    const cluster = await deployedCluster(t, 1);
    expect(cluster.state).toBe('Deployed');
    expect((await t.call('POST', `${cluster.resource_uri}deploy/`)).status).toBe(202);
  },
  'blind2-init-cluster-terminate-refused': async (t) => {
    const cluster = await newCluster(t);
    expect(cluster.state).toBe('Init');
    expect((await t.call('DELETE', cluster.resource_uri)).status).toBe(409);
  },
  'blind2-cluster-destroyed-date-null': async (t) => {
    const cluster = await deployedCluster(t, 1);
    await t.ok('DELETE', cluster.resource_uri);
    expect((await settledIn(t, cluster.resource_uri, 'Terminated')).destroyed_datetime).toBeNull();
  },
  'blind2-cancel-stays-canceling': async (t) => {
    const uri = await canceledDeploy(t);
    // Canceling lasts 250 ms on a clean server; three times that leaves it long Canceled.
    await sleep(750);
    expect((await get(t, uri)).state).toBe('Canceling');
  },
  'blind2-canceled-retry-refused': async (t) => {
    const uri = await canceledDeploy(t);
    await settledIn(t, uri, 'Canceled');
    expect((await t.call('POST', `${uri}retry/`)).status).toBe(409);
  },
  'blind2-end-date-lte-takes-unfinished': async (t) => expect(await unfinishedListedBeforeAnHour(t)).toBe(true),
  'blind2-nodetype-regions-filter-provider': async (t) => {
    const region = '/api/infra/v1/region/aws/eu-west-1/';
    const listed: any[] = (await get(t, `/api/infra/v1/nodetype/?regions=${encodeURIComponent(region)}`)).objects;
    expect(listed.filter((type) => !type.regions.includes(region)).length).toBeGreaterThan(0);
  },
  'blind2-registry-get-by-name': async (t) => {
    const registries: any[] = (await get(t, '/api/repo/v1/registry/')).objects;
    const registry = registries.find((r) => r.name !== r.host);
    expect(registry).toBeDefined();
    expect((await t.call('GET', `/api/repo/v1/registry/${registry.host}/`)).status).toBe(404);
  },
  'blind2-repository-name-two-segments': async (t) => {
    await t.ok('POST', '/api/repo/v1/repository/', { name: 'quay.io/org/app' });
    expect((await t.call('GET', '/api/repo/v1/repository/quay.io/org/app/')).status).toBe(404);
  },
};
