/**
 * Probes of the fourth batch of blind faults (list envelopes, stacks, nodes, namespaces, actions,
 * roles, exec): each passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { action, deployedCluster, logsOf, NODE_TYPE, REGION, runningService, settledIn, until, type Answer, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const CLUSTERS = '/api/infra/v1/nodecluster/';
const get = (t: TestServer, uri: string): Promise<any> => t.ok('GET', uri);
/** Waits for the action that answered a request to end, and returns it. */
const ended = (t: TestServer, answer: Answer): Promise<any> =>
  until(
    () => action(t, answer),
    (a) => !['Pending', 'In progress', 'Canceling'].includes(a.state),
  );
const newCluster = (t: TestServer, name: string): Promise<any> => t.ok('POST', CLUSTERS, { name, node_type: NODE_TYPE, region: REGION });
const envKeys = async (t: TestServer, container: string): Promise<string[]> => (await get(t, container)).container_envvars.map((e: any) => e.key);

export const BLIND4_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind4-list-total-count-page-size': async (t) => expect((await get(t, '/api/infra/v1/nodetype/?limit=1')).meta.total_count).toBe(1),
  'blind4-stack-start-running-accepted': async (t) => {
    await deployedCluster(t, 1);
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 's', services: [{ name: 'a', image: 'x' }] });
    await ended(t, await t.call('POST', `${stack.resource_uri}start/`));
    await settledIn(t, stack.resource_uri, 'Running');
    expect((await t.call('POST', `${stack.resource_uri}start/`)).status).toBe(202);
  },
  'blind4-node-terminate-unreachable-refused': async (t) => {
    const node: string = (await deployedCluster(t, 1)).nodes[0];
    const uuid = node.split('/').at(-2);
    expect((await t.ok('POST', `/_reference/v1/node/${uuid}/reachability/`, { reachable: false })).state).toBe('Unreachable');
    expect((await t.call('DELETE', node)).status).toBe(409);
  },
  'blind4-namespace-get-by-uuid-unscoped': async (t) => {
    const cluster = await newCluster(t, 'mine');
    expect((await t.call('GET', `${CLUSTERS}${cluster.uuid}/`, undefined, { user: 'conformance2' })).status).toBe(200);
  },
  'blind4-vendor-auth-lost-on-redeploy': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', roles: ['global'] });
    expect(await envKeys(t, svc.containers[0])).toContain('DOCKERCLOUD_AUTH');
    await ended(t, await t.call('POST', `${svc.resource_uri}redeploy/`));
    const redeployed = await settledIn(t, svc.resource_uri, 'Running');
    expect(await envKeys(t, redeployed.containers[0])).not.toContain('DOCKERCLOUD_AUTH');
  },
  'blind4-exec-stderr-as-stdout': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    const messages = await logsOf(t, `${svc.containers[0]}exec/?command=${encodeURIComponent('nosuchcmd')}`);
    const error = messages.find((m) => String(m.output).includes('not found'));
    expect(error?.streamType).toBe('stdout');
  },
  'blind4-action-list-filtered-newest-first': async (t) => {
    const first = await ended(t, await t.call('POST', CLUSTERS, { name: 'one', node_type: NODE_TYPE, region: REGION }));
    await new Promise((r) => setTimeout(r, 20));
    const second = await ended(t, await t.call('POST', CLUSTERS, { name: 'two', node_type: NODE_TYPE, region: REGION }));
    const uuids: string[] = (await get(t, '/api/audit/v1/action/?state=Success')).objects.map((a: any) => a.uuid);
    expect(uuids.indexOf(second.uuid)).toBeLessThan(uuids.indexOf(first.uuid));
  },
};
