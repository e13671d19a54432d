/**
 * Probes of the twenty-ninth batch of blind faults (a service redeploy's reuse_volumes defaulting to
 * false, the service state filter in title case, sequential links to the previous container only, an
 * environment variable without value taken as empty, stack stop skipping a Partly running service, a
 * container's program run as root, tags matched against the cluster's): each passes against a server
 * with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, logsOf, runningService, settledIn, taggedNode, until, type TestServer, endedAction, stoppedContainer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';

export const BLIND29_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind29-service-redeploy-reuse-default-false': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'busybox', bindings: [{ container_path: '/data' }] });
    const before = (await t.ok('GET', svc.containers[0])).bindings[0].volume;
    await t.ok('POST', `${svc.resource_uri}redeploy/`);
    await until(
      () => t.ok('GET', svc.containers[0]),
      (c) => c.state === 'Running' && c.bindings[0].volume !== before,
    );
  },
  'blind29-service-state-filter-title-case': async (t) => {
    await t.ok('POST', S, { image: 'busybox', name: 'idle' });
    expect((await t.ok('GET', `${S}?state=${encodeURIComponent('Not running')}`)).objects).toEqual([]);
  },
  'blind29-sequential-links-previous-only': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'busybox', sequential_deployment: true, target_num_containers: 3 });
    const third = await t.ok('GET', svc.containers[2]);
    expect(third.linked_to_container.map((l: { to_container: string }) => l.to_container)).toEqual([svc.containers[1]]);
  },
  'blind29-envvar-missing-value-empty': async (t) => {
    const svc = await t.ok('POST', S, { image: 'busybox', container_envvars: [{ key: 'A' }] });
    expect(svc.container_envvars).toEqual([{ key: 'A', value: '' }]);
  },
  'blind29-stack-stop-running-services-only': async (t) => {
    await deployedCluster(t, 1);
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 'st', services: [{ image: 'busybox', name: 'web', target_num_containers: 2 }] });
    await t.ok('POST', `${stack.resource_uri}start/`);
    const web = await settledIn(t, stack.services[0], 'Running');
    await t.ok('POST', `${web.containers[0]}stop/`);
    await settledIn(t, web.resource_uri, 'Partly running');
    expect((await endedAction(t, await t.call('POST', `${stack.resource_uri}stop/`))).state).toBe('Success');
    expect((await t.ok('GET', web.containers[1])).state).toBe('Running');
  },
  'blind29-user-program-runs-as-root': async (t) => {
    const container = await stoppedContainer(t, { image: 'busybox', user: 'nobody', run_command: 'whoami' });
    const lines = await logsOf(t, `${container.resource_uri}logs/?follow=false`);
    expect(lines.map((l) => l.log)).toEqual(['root']);
  },
  'blind29-tags-match-cluster-tags': async (t) => {
    const cluster = await deployedCluster(t, 2);
    const tagged = cluster.nodes[0];
    await taggedNode(t, tagged, ['a']);
    const svc = await t.ok('POST', S, { image: 'busybox', tags: [{ name: 'a' }] });
    await endedAction(t, await t.call('POST', `${svc.resource_uri}start/`));
    expect((await t.ok('GET', svc.resource_uri)).containers).toEqual([]);
  },
};
