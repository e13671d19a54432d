/**
 * Probes of the thirtieth batch of blind faults (a user's PATH joined to the image's, action logs
 * dropped with their terminated object, an environment variable without key dropped, stop refused to a
 * container that was stopped before, terminate of an Unreachable node failing, an asynchronous action
 * without location, a 404 call left unrecorded): each passes against a server with its fault and throws
 * against a clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, logsOf, runningService, settledIn, type TestServer, endedAction, stoppedContainer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';

export const BLIND30_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind30-user-path-joined-to-image-path': async (t) => {
    const container = await stoppedContainer(t, { image: 'busybox', container_envvars: [{ key: 'PATH', value: '/opt/bin' }], run_command: 'echo $PATH' });
    const lines = await logsOf(t, `${container.resource_uri}logs/?follow=false`);
    expect(lines.map((l) => l.log)).toEqual(['/opt/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin']);
  },
  'blind30-action-logs-dropped-with-object': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'busybox' });
    const start = await endedAction(t, await t.call('POST', `${svc.resource_uri}start/`));
    expect((await logsOf(t, `${start.resource_uri}logs/?follow=false`)).length).toBeGreaterThan(0);
    await endedAction(t, await t.call('DELETE', svc.resource_uri));
    await settledIn(t, svc.resource_uri, 'Terminated');
    expect(await logsOf(t, `${start.resource_uri}logs/?follow=false`)).toEqual([]);
  },
  'blind30-envvar-keyless-item-dropped': async (t) => {
    const svc = await t.ok('POST', S, { image: 'busybox', container_envvars: [{ key: 'A', value: '1' }, { value: '2' }] });
    expect(svc.container_envvars).toEqual([{ key: 'A', value: '1' }]);
  },
  'blind30-restarted-container-stop-refused': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'busybox', run_command: 'sleep 1000' });
    const c = svc.containers[0];
    await t.ok('POST', `${c}stop/`);
    await settledIn(t, c, 'Stopped');
    await t.ok('POST', `${c}start/`);
    await settledIn(t, c, 'Running');
    expect((await t.call('POST', `${c}stop/`)).status).toBe(409);
  },
  'blind30-unreachable-node-terminate-fails': async (t) => {
    const cluster = await deployedCluster(t, 1);
    const node = cluster.nodes[0];
    await t.ok('POST', `${node.replace('/api/infra/v1/', '/_reference/v1/')}reachability/`, { reachable: false });
    await settledIn(t, node, 'Unreachable');
    expect((await endedAction(t, await t.call('DELETE', node))).state).toBe('Failed');
    expect((await t.ok('GET', node)).state).toBe('Unreachable');
  },
  'blind30-async-action-location-null': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'busybox' });
    expect((await endedAction(t, await t.call('POST', `${svc.resource_uri}start/`))).location).toBeNull();
  },
  'blind30-unknown-object-call-unrecorded': async (t) => {
    const ghost = `${S}00000000-0000-0000-0000-000000000000/`;
    const answer = await t.call('PATCH', ghost, { nickname: 'n' });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('x-dockercloud-action-uri')).toBeNull();
    const listed = await t.ok('GET', `/api/audit/v1/action/?object=${ghost}&include_related=false`);
    expect(listed.objects).toEqual([]);
  },
};
