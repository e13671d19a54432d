/**
 * Probes of the twenty-seventh batch of blind faults (pid host applied only with net host, cancel of
 * a retried execution refused, a dotted node type name unroutable, a synchronous call's action ended
 * after the answer, the one-node GET cached, a cluster's default nickname slugged, a cluster PATCH
 * ignoring tags []): each passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, logsOf, runningService, settledIn, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const CLUSTERS = '/api/infra/v1/nodecluster/';
const DO_CLUSTER = { node_type: '/api/infra/v1/nodetype/digitalocean/1gb/', region: '/api/infra/v1/region/digitalocean/lon1/' };
const actionUri = (headers: Headers): string => headers.get('x-dockercloud-action-uri') ?? '/missing-header';

export const BLIND27_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind27-pid-host-only-with-net-host': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'busybox', pid: 'host', run_command: 'sleep 1000' });
    const outputs = await logsOf(t, `${svc.containers[0]}exec/?command=${encodeURIComponent('cat /proc/1/comm')}`);
    expect(outputs.map((m) => m.output)[0]).toBe('sleep\n');
  },
  'blind27-retried-action-cancel-refused': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', '/api/app/v1/service/', { image: 'x', target_num_containers: 8, sequential_deployment: true });
    const first = actionUri((await t.call('POST', `${svc.resource_uri}start/`)).headers);
    await t.ok('POST', `${first}cancel/`);
    await settledIn(t, first, 'Canceled');
    const fresh = actionUri((await t.call('POST', `${first}retry/`)).headers);
    expect((await t.call('POST', `${fresh}cancel/`)).status).toBe(409);
  },
  'blind27-nodetype-get-dotted-name-404': async (t) => {
    expect((await t.call('GET', '/api/infra/v1/nodetype/digitalocean/1gb/')).status).toBe(200);
    expect((await t.call('GET', '/api/infra/v1/nodetype/aws/t2.micro/')).status).toBe(404);
  },
  'blind27-sync-action-finished-late': async (t) => {
    const answer = await t.call('POST', '/api/app/v1/service/', { image: 'x' });
    expect(answer.status).toBe(201);
    const recorded = await t.ok('GET', actionUri(answer.headers));
    expect(recorded.state).toBe('In progress');
    expect(recorded.end_date).toBeNull();
  },
  'blind27-node-get-cached': async (t) => {
    const cluster = await deployedCluster(t, 1);
    const node = await t.ok('GET', cluster.nodes[0]);
    await t.ok('PATCH', node.resource_uri, { nickname: 'renamed' });
    expect((await t.ok('GET', node.resource_uri)).nickname).toBe(node.nickname);
  },
  'blind27-cluster-nickname-default-slug': async (t) => {
    expect((await t.ok('POST', CLUSTERS, { name: 'Prod Web', ...DO_CLUSTER })).nickname).toBe('prod-web');
  },
  'blind27-cluster-patch-empty-tags-kept': async (t) => {
    const cluster = await t.ok('POST', CLUSTERS, { name: 'tagged', ...DO_CLUSTER, tags: [{ name: 'web' }] });
    await t.ok('PATCH', cluster.resource_uri, { tags: [] });
    expect((await t.ok('GET', cluster.resource_uri)).tags).toEqual([{ name: 'web' }]);
  },
};
