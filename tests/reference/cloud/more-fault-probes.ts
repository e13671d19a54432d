/**
 * Probes of the faults added for the defaults of ports and bindings, node and cluster updates,
 * stack updates and the general HTTP rules: each passes against a server with its fault and
 * throws against a clean one.
 */
import { expect } from 'vitest';
import { action, deployedCluster, logsOf, NODE_TYPE, REGION, runningService, settledIn, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const CLUSTERS = '/api/infra/v1/nodecluster/';
const get = (t: TestServer, uri: string): Promise<any> => t.ok('GET', uri);

/** What a command run by exec in the container prints. */
const execIn = async (t: TestServer, container: string, command: string): Promise<string> =>
  (await logsOf(t, `${container}exec/?command=${encodeURIComponent(command)}`)).map((m) => String(m.output)).join('');

export const MORE_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'port-published-default-true': async (t) =>
    expect((await t.ok('POST', S, { image: 'x', container_ports: [{ protocol: 'tcp', inner_port: 80 }] })).container_ports[0].published).toBe(true),
  'outer-port-not-allocated': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', container_ports: [{ protocol: 'tcp', inner_port: 80, published: true }] });
    expect((await get(t, svc.containers[0])).container_ports[0].outer_port).toBeNull();
  },
  'binding-rewritable-default-false': async (t) =>
    expect((await t.ok('POST', S, { image: 'x', bindings: [{ container_path: '/d' }] })).bindings[0].rewritable).toBe(false),
  'create-image-tag-not-defaulted': async (t) => expect((await t.ok('POST', S, { image: 'x' })).image_name).toBe('x'),
  'image-registry-port-read-as-tag': async (t) => expect((await t.ok('POST', S, { image: 'r:5000/ns/x' })).image_name).toBe('r:5000/ns/x'),
  'image-tag-not-defaulted': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x:1' });
    await t.ok('PATCH', svc.resource_uri, { image: 'y' });
    expect((await get(t, svc.resource_uri)).image_name).toBe('y');
  },
  'cluster-default-target-deploys-two': async (t) => {
    const cluster = await t.ok('POST', CLUSTERS, { name: 'probe', node_type: NODE_TYPE, region: REGION });
    await t.ok('POST', `${cluster.resource_uri}deploy/`);
    expect(
      (
        await until(
          () => get(t, cluster.resource_uri),
          (c) => c.state !== 'Deploying' && c.state !== 'Init',
        )
      ).nodes.length,
    ).toBe(2);
  },
  'node-nickname-update-ignored': async (t) => {
    const node = (await deployedCluster(t, 1)).nodes[0];
    await t.ok('PATCH', node, { nickname: 'probe' });
    expect((await get(t, node)).nickname).not.toBe('probe');
  },
  'node-patch-resets-omitted': async (t) => {
    const node = (await deployedCluster(t, 1)).nodes[0];
    await t.ok('PATCH', node, { tags: [{ name: 'kept' }] });
    await t.ok('PATCH', node, { nickname: 'probe' });
    expect((await get(t, node)).tags).toEqual([]);
  },
  'cluster-scale-ignored': async (t) => {
    const cluster = await deployedCluster(t, 1);
    await t.ok('PATCH', cluster.resource_uri, { target_num_nodes: 2 });
    await new Promise((r) => setTimeout(r, 600));
    expect(
      (
        await until(
          () => get(t, cluster.resource_uri),
          (c) => c.state === 'Deployed',
        )
      ).nodes.length,
    ).toBe(1);
  },
  'nodes-without-cluster': async (t) => expect((await get(t, (await deployedCluster(t, 1)).nodes[0])).node_cluster).toBeNull(),
  'stack-update-ignored': async (t) => {
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 's', services: [{ image: 'x', name: 'web' }] });
    await t.ok('PATCH', stack.resource_uri, { services: [{ name: 'web', target_num_containers: 3 }] });
    expect((await get(t, (await get(t, stack.resource_uri)).services[0])).target_num_containers).toBe(1);
  },
  'node-container-count-stale': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    expect((await get(t, (await get(t, svc.containers[0])).node)).current_num_containers).toBe(0);
  },
  'node-nickname-default-empty': async (t) => expect((await get(t, (await deployedCluster(t, 1)).nodes[0])).nickname).toBe(''),
  'linked-to-container-missing': async (t) => {
    await deployedCluster(t, 1);
    const server = await runningService(t, { image: 'x' });
    const client = await runningService(t, { image: 'y', linked_to_service: [{ to_service: server.resource_uri, name: 'db' }] });
    expect((await get(t, client.containers[0])).linked_to_container).toEqual([]);
  },
  'linked-to-container-first-only': async (t) => {
    await deployedCluster(t, 1);
    const server = await runningService(t, { image: 'x', target_num_containers: 2 });
    const client = await runningService(t, { image: 'y', linked_to_service: [{ to_service: server.resource_uri, name: 'db' }] });
    expect((await get(t, client.containers[0])).linked_to_container).toHaveLength(1);
  },
  'link-endpoints-all-tcp': async (t) => {
    await deployedCluster(t, 1);
    const server = await runningService(t, { image: 'x', container_ports: [{ protocol: 'udp', inner_port: 53 }] });
    const client = await runningService(t, { image: 'y', linked_to_service: [{ to_service: server.resource_uri, name: 'db' }] });
    expect(Object.keys((await get(t, client.containers[0])).linked_to_container[0].endpoints)).toEqual(['53/tcp']);
  },
  'link-validates-first-only': async (t) => {
    const server = await t.ok('POST', S, { image: 'x' });
    const links = [{ to_service: server.resource_uri }, { name: 'nothing' }];
    expect((await t.call('POST', S, { image: 'y', linked_to_service: links })).status).toBe(201);
  },
  'service-ref-any-kind': async (t) => {
    const server = await t.ok('POST', S, { image: 'x' });
    const to_service = server.resource_uri.replace('/service/', '/container/');
    expect((await t.call('POST', S, { image: 'y', linked_to_service: [{ to_service }] })).status).toBe(201);
  },
  'logs-follow-default-false': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    const session = await t.ws(`${svc.containers[0]}logs/`);
    expect(await Promise.race([session.closed.then(() => 'closed'), new Promise((r) => setTimeout(() => r('open'), 500))])).toBe('closed');
  },
  'log-lines-without-timestamp': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x' });
    const action = (await t.call('POST', `${svc.resource_uri}start/`)).headers.get('x-dockercloud-action-uri');
    await new Promise((r) => setTimeout(r, 400));
    const session = await t.ws(`${action}logs/?follow=false`);
    await session.closed;
    expect(session.messages.length).toBeGreaterThan(0);
    expect(session.messages.some((m: any) => 'timestamp' in m)).toBe(false);
  },
  'create-missing-node-type-accepted': async (t) => expect((await t.call('POST', CLUSTERS, { name: 'c', region: REGION })).status).toBe(201),
  'create-missing-region-accepted': async (t) => expect((await t.call('POST', CLUSTERS, { name: 'c', node_type: NODE_TYPE })).status).toBe(201),
  'repository-missing-name-accepted': async (t) =>
    expect((await t.call('POST', '/api/repo/v1/repository/', { username: 'u', password: 'p' })).status).toBe(201),
  'disk-any-value': async (t) => expect((await t.call('POST', CLUSTERS, { name: 'c', node_type: NODE_TYPE, region: REGION, disk: 61 })).status).toBe(201),
  'upgrade-no-restart': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    const container = await get(t, svc.containers[0]);
    await new Promise((r) => setTimeout(r, 1100));
    await t.ok('POST', `${container.node}docker-upgrade/`);
    await until(
      () => get(t, container.node),
      (n) => n.state === 'Deployed' && n.docker_version !== undefined,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect((await get(t, container.resource_uri)).started_datetime).toBe(container.started_datetime);
  },
  'retry-refused': async (t) => {
    const answer = await t.call('POST', S, { image: 'x' });
    expect((await t.call('POST', `${answer.headers.get('x-dockercloud-action-uri')}retry/`)).status).toBe(409);
  },
  'cancel-canceled-allowed': async (t) => {
    const cluster = await t.ok('POST', CLUSTERS, { name: 'c', node_type: NODE_TYPE, region: REGION, target_num_nodes: 1 });
    const action = (await t.call('POST', `${cluster.resource_uri}deploy/`)).headers.get('x-dockercloud-action-uri');
    await t.ok('POST', `${action}cancel/`);
    await until(
      () => get(t, action!),
      (a) => a.state === 'Canceled',
    );
    expect((await t.call('POST', `${action}cancel/`)).status).toBe(202);
  },
  'vendor-auth-without-role': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', run_command: 'sleep 60' });
    const session = await t.ws(`${svc.containers[0]}exec/?command=printenv%20DOCKERCLOUD_AUTH`);
    await session.closed.catch(() => undefined);
    expect(session.messages.map((m: any) => m.output ?? '').join('')).toContain('Basic ');
  },
  'cluster-create-not-init': async (t) => expect((await t.ok('POST', CLUSTERS, { name: 'c', node_type: NODE_TYPE, region: REGION })).state).toBe('Deployed'),
  'service-logs-first-container-only': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', run_command: 'echo hi; sleep 60', target_num_containers: 2 });
    await new Promise((r) => setTimeout(r, 400));
    const session = await t.ws(`${svc.resource_uri}logs/?follow=false`);
    await session.closed;
    expect(new Set(session.messages.map((m: any) => m.source)).size).toBe(1);
  },
  'service-logs-source-next-container': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', target_num_containers: 2 });
    await new Promise((r) => setTimeout(r, 400));
    const session = await t.ws(`${svc.resource_uri}logs/?follow=false`);
    await session.closed;
    // Each container's first line names its own host (its name): the source names another container.
    const starts = session.messages.filter((m: any) => String(m.log).startsWith('Starting '));
    expect(starts.length).toBe(2);
    for (const m of starts as any[]) expect(String(m.log).endsWith(` on ${String(m.source)}`)).toBe(false);
  },
  'stack-update-drops-unlisted': async (t) => {
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 's', services: [{ image: 'x', name: 'web' }] });
    await t.ok('PATCH', stack.resource_uri, {});
    expect((await get(t, stack.resource_uri)).services).toEqual([]);
  },
  'service-uri-unversioned': async (t) => expect((await t.ok('POST', S, { image: 'x' })).resource_uri).toMatch(/^\/api\/app\/service\//),
  'content-type-text': async (t) => expect((await t.call('GET', S)).headers.get('content-type')).toBe('text/plain'),
  'client-uuid-kept': async (t) => expect((await t.ok('POST', CLUSTERS, { name: 'c', node_type: NODE_TYPE, region: REGION, uuid: 'mine' })).uuid).toBe('mine'),
  'stack-client-uuid-kept': async (t) => expect((await t.ok('POST', '/api/app/v1/stack/', { name: 's', uuid: 'mine' })).uuid).toBe('mine'),
  'unknown-uuid-200': async (t) => expect((await t.call('GET', `${CLUSTERS}00000000-0000-0000-0000-000000000000/`)).status).toBe(200),
  'upgrade-restarts-first-container-only': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', target_num_containers: 2 });
    const second = await get(t, svc.containers[1]);
    await new Promise((r) => setTimeout(r, 1100));
    await t.ok('POST', `${second.node}docker-upgrade/`);
    await until(
      () => get(t, second.node),
      (n) => n.state === 'Deployed',
    );
    await new Promise((r) => setTimeout(r, 500));
    expect((await get(t, second.resource_uri)).started_datetime).toBe(second.started_datetime);
  },
  'action-end-date-at-read': async (t) => {
    const ended = await action(t, await t.call('POST', S, { image: 'x' }));
    await new Promise((r) => setTimeout(r, 1100));
    expect((await get(t, ended.resource_uri)).end_date).not.toBe(ended.end_date);
  },
  'node-state-filter-deployed-ignored': async (t) => {
    const cluster = await deployedCluster(t, 2);
    await t.ok('DELETE', cluster.nodes[0]);
    await until(
      () => get(t, cluster.nodes[0]),
      (n) => n.state === 'Terminated',
    );
    expect((await get(t, '/api/infra/v1/node/?state=Deployed')).objects).toHaveLength(2);
  },
  'action-logs-follow-false-tail-dropped': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x' });
    const started = await action(t, await t.call('POST', `${svc.resource_uri}start/`));
    await until(
      () => get(t, started.resource_uri),
      (a) => a.state === 'Success',
    );
    const session = await t.ws(`${started.resource_uri}logs/?follow=false`);
    await session.closed;
    expect(session.messages).toHaveLength(0);
  },
  'action-logs-tail-default-100': async (t) => {
    await deployedCluster(t, 1);
    // A start of 150 containers logs a line per container: a log longer than 100 lines.
    const svc = await t.ok('POST', S, { image: 'x', target_num_containers: 150 });
    const started = await action(t, await t.call('POST', `${svc.resource_uri}start/`));
    await until(
      () => get(t, started.resource_uri),
      (a) => a.state === 'Success',
    );
    expect(await logsOf(t, `${started.resource_uri}logs/`)).toHaveLength(100);
  },
  'cluster-terminate-aborts-work': async (t) => {
    const c = await t.ok('POST', CLUSTERS, { name: 'c', node_type: NODE_TYPE, region: REGION });
    const deploy = await action(t, await t.call('POST', `${c.resource_uri}deploy/`));
    expect((await t.call('DELETE', c.resource_uri)).status).toBe(202);
    expect((await get(t, deploy.resource_uri)).state).toBe('Failed');
  },
  'service-image-empty-accepted': async (t) => expect((await t.call('POST', S, { image: '', name: 'web' })).status).toBe(201),
  'registry-host-with-port': async (t) =>
    expect((await get(t, '/api/repo/v1/registry/')).objects.map((r: { host: string }) => r.host)).toContain('quay.io:443'),
  'cancel-deploy-keeps-working': async (t) => {
    const cluster = await t.ok('POST', CLUSTERS, { name: 'probe', node_type: NODE_TYPE, region: REGION });
    const deploy = await action(t, await t.call('POST', `${cluster.resource_uri}deploy/`));
    expect((await t.call('POST', `${deploy.resource_uri}cancel/`)).status).toBe(202);
    await until(
      () => get(t, deploy.resource_uri),
      (a) => a.state === 'Canceled',
    );
    const after = await until(
      () => get(t, cluster.resource_uri),
      (c) => c.state !== 'Deploying',
    );
    expect(after.state).toBe('Deployed');
  },
  'redeploy-volume-data-dropped': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', bindings: [{ container_path: '/d' }] });
    const container = svc.containers[0];
    const exec = async (command: string): Promise<string> =>
      (await logsOf(t, `${container}exec/?command=${encodeURIComponent(command)}`)).map((m) => String(m.output)).join('');
    expect(await exec('echo kept > /d/f; cat /d/f')).toContain('kept');
    const redeploy = await action(t, await t.call('POST', `${svc.resource_uri}redeploy/`));
    await until(
      () => get(t, redeploy.resource_uri),
      (a) => a.state === 'Success',
    );
    await until(
      () => get(t, container),
      (c) => c.state === 'Running',
    );
    expect(await exec('cat /d/f')).not.toContain('kept');
  },
  'container-delete-keeps-data': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', bindings: [{ container_path: '/d' }] });
    const [old] = svc.containers;
    expect(await execIn(t, old, 'echo kept > /d/f; cat /d/f')).toContain('kept');
    await t.ok('DELETE', old);
    await settledIn(t, old, 'Terminated');
    if ((await t.call('POST', `${svc.resource_uri}start/`)).status >= 400) await t.ok('POST', `${svc.resource_uri}scale/`);
    const fresh = await until(
      async () => {
        const all = await Promise.all((await get(t, svc.resource_uri)).containers.map((uri: string) => get(t, uri)));
        return all.find((c) => c.resource_uri !== old && c.state === 'Running');
      },
      (c) => c !== undefined,
    );
    // A new volume URI, and on it the terminated container's data.
    expect(fresh.bindings[0].volume).not.toBe((await get(t, old)).bindings[0].volume);
    expect(await execIn(t, fresh.resource_uri, 'cat /d/f')).toContain('kept');
  },
  'patch-scales-scale-noop': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    await t.ok('PATCH', svc.resource_uri, { target_num_containers: 2 });
    // No scale sent: the PATCH alone brings the service to its new target.
    await until(
      () => get(t, svc.resource_uri),
      (s) => s.state === 'Running' && s.current_num_containers === 2,
    );
  },
  'cancel-never-offered': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x' });
    const started = await action(t, await t.call('POST', `${svc.resource_uri}start/`));
    expect(started.state).toBe('In progress');
    expect(started.can_be_canceled).toBe(false);
    expect((await t.call('POST', `${started.resource_uri}cancel/`)).status).toBe(409);
  },
  'cluster-tags-not-on-nodes': async (t) => {
    const cluster = await deployedCluster(t, 1, { tags: [{ name: 'a' }, { name: 'b' }] });
    expect((await get(t, cluster.nodes[0])).tags).toEqual([]);
  },
};
