/**
 * Probes of the fifth batch of blind faults (list offsets, organization namespaces, Basic auth,
 * action retry, stack, service and node state guards, container logs without follow): each
 * passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { action, deployedCluster, logsOf, runningService, settledIn, until, type Answer, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const get = (t: TestServer, uri: string): Promise<any> => t.ok('GET', uri);
/** Waits for the action that answered a request to end, and returns it. */
const ended = (t: TestServer, answer: Answer): Promise<any> =>
  until(
    () => action(t, answer),
    (a) => !['Pending', 'In progress', 'Canceling'].includes(a.state),
  );

export const BLIND5_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind5-list-negative-offset-from-end': async (t) => {
    await t.ok('POST', S, { image: 'x', name: 'a' });
    await t.ok('POST', S, { image: 'x', name: 'b' });
    const page = await t.call('GET', `${S}?offset=-1`);
    expect(page.status).toBe(200);
    expect(page.body.objects.map((s: any) => s.name)).toEqual(['b']);
  },
  'blind5-namespace-create-in-own': async (t) => {
    const svc = await t.ok('POST', '/api/app/v1/conformance-org/service/', { image: 'x', name: 'shared' });
    expect(svc.resource_uri).toBe(`/api/app/v1/conformance/service/${svc.uuid}/`);
    expect((await get(t, '/api/app/v1/conformance-org/service/')).objects).toHaveLength(0);
  },
  'blind5-auth-empty-key-accepted': async (t) => expect((await t.call('GET', S, undefined, { key: '' })).status).toBe(200),
  'blind5-action-success-retry-refused': async (t) => {
    const created = await ended(t, await t.call('POST', S, { image: 'x' }));
    expect(created.state).toBe('Success');
    expect((await t.call('POST', `${created.resource_uri}retry/`)).status).toBe(409);
  },
  'blind5-stack-stopped-redeploy-refused': async (t) => {
    await deployedCluster(t, 1);
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 's', services: [{ name: 'a', image: 'x' }] });
    await ended(t, await t.call('POST', `${stack.resource_uri}start/`));
    await settledIn(t, stack.resource_uri, 'Running');
    await ended(t, await t.call('POST', `${stack.resource_uri}stop/`));
    await settledIn(t, stack.resource_uri, 'Stopped');
    expect((await t.call('POST', `${stack.resource_uri}redeploy/`)).status).toBe(409);
  },
  'blind5-service-partly-running-stop-refused': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', target_num_containers: 2 });
    await ended(t, await t.call('POST', `${svc.containers[0]}stop/`));
    await settledIn(t, svc.resource_uri, 'Partly running');
    expect((await t.call('POST', `${svc.resource_uri}stop/`)).status).toBe(409);
  },
  'blind5-node-upgrading-terminate-accepted': async (t) => {
    const node: string = (await deployedCluster(t, 1)).nodes[0];
    expect((await t.ok('POST', `${node}docker-upgrade/`)).state).toBe('Upgrading');
    expect((await t.call('DELETE', node)).status).toBe(202);
  },
  'blind5-container-logs-follow-false-tail-dropped': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', run_command: 'echo a; echo b; sleep 60' });
    await new Promise((r) => setTimeout(r, 300));
    expect(await logsOf(t, `${svc.containers[0]}logs/?follow=false`)).toHaveLength(0);
  },
};
