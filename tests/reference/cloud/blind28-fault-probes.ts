/**
 * Probes of the twenty-eighth batch of blind faults (a volume binding's rewritable read from the mount
 * mode, HIGH_AVAILABILITY counting by name prefix, the default target shown null, an entrypoint
 * dropping the run_command, a stop answered after the stop, a link's from_service null, a start
 * that creates containers answered 201): each passes against a server with its fault and throws
 * against a clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, logsOf, runningService, taggedNode, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';

export const BLIND28_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind28-container-volume-binding-rewritable-from-mode': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'busybox', bindings: [{ container_path: '/data' }] });
    expect(svc.bindings[0].rewritable).toBe(true);
    expect((await t.ok('GET', svc.containers[0])).bindings[0].rewritable).toBe(false);
  },
  'blind28-high-availability-own-by-name-prefix': async (t) => {
    const cluster = await deployedCluster(t, 2);
    const tagged = cluster.nodes[0];
    await taggedNode(t, tagged, ['a']);
    await runningService(t, { image: 'busybox', name: 'web-api', tags: [{ name: 'a' }], target_num_containers: 2 });
    const web = await runningService(t, { image: 'busybox', name: 'web', deployment_strategy: 'HIGH_AVAILABILITY', target_num_containers: 2 });
    const nodes = await Promise.all(web.containers.map(async (uri: string) => (await t.ok('GET', uri)).node));
    expect(new Set(nodes).size).toBe(1);
  },
  'blind28-service-target-default-shown-null': async (t) => {
    expect((await t.ok('POST', S, { image: 'x' })).target_num_containers).toBeNull();
  },
  'blind28-entrypoint-drops-run-command': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'busybox', entrypoint: 'sleep', run_command: '1000' });
    const outputs = await logsOf(t, `${svc.containers[0]}exec/?command=${encodeURIComponent('cat /proc/1/cmdline')}`);
    expect(outputs.map((m) => m.output)[0]).toBe('sleep\0');
  },
  'blind28-stop-answered-after-stop': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'busybox' });
    const answer = await t.call('POST', `${svc.resource_uri}stop/`);
    expect(answer.status).toBe(202);
    expect(answer.body.state).toBe('Stopped');
  },
  'blind28-link-from-service-null': async (t) => {
    const db = await t.ok('POST', S, { image: 'busybox', name: 'db' });
    const app = await t.ok('POST', S, { image: 'busybox', name: 'app', linked_to_service: [{ to_service: db.resource_uri, name: 'database' }] });
    expect(app.linked_to_service[0].from_service).toBeNull();
  },
  'blind28-start-creating-containers-201': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'busybox' });
    expect((await t.call('POST', `${svc.resource_uri}start/`)).status).toBe(201);
  },
};
