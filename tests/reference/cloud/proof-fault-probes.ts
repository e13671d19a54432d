/**
 * Probes of the faults that prove the action, listing and log-stream requirements the other
 * faults left unproven: each passes against a server with its fault and throws against a clean one.
 */
import tls from 'node:tls';
import { expect } from 'vitest';
import WebSocket from 'ws';
import { action, basic, deployedCluster, logsOf, NODE_TYPE, REGION, runningService, settledIn, streamTls, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const CLUSTERS = '/api/infra/v1/nodecluster/';
const ACTIONS = '/api/audit/v1/action/';
const REPOS = '/api/repo/v1/repository/';
const STACKS = '/api/app/v1/stack/';
const DB_AND_WEB = (web: Record<string, unknown>): unknown => ({
  name: 's',
  services: [
    { image: 'x', name: 'db', bindings: [{ container_path: '/d' }] },
    { image: 'y', name: 'web', ...web },
  ],
});
const get = (t: TestServer, uri: string): Promise<any> => t.ok('GET', uri);

/** The first frame of a Stream session as text (the helpers' sessions parse every frame as JSON). */
function firstFrame(t: TestServer, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(t.server.streamUrl + path, { headers: { Authorization: basic('conformance') }, ...streamTls(t.server) });
    ws.on('message', (data) => {
      resolve(data.toString());
      ws.close();
    });
    ws.on('error', reject);
  });
}

/** A TLS handshake with the server's address (its certificate not judged); rejects when none completes. */
function tlsHandshake(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername: 'localhost', rejectUnauthorized: false }, () => {
      socket.end();
      resolve();
    });
    socket.on('error', reject);
  });
}

/** /proc/net/dev as read by exec in the container of a started service under network mode `net` (on a deployed cluster). */
async function netDevOf(t: TestServer, net: string): Promise<string> {
  const svc = await runningService(t, { image: 'x', net });
  const outputs = await logsOf(t, `${svc.containers[0]}exec/?command=${encodeURIComponent('cat /proc/net/dev')}`);
  return outputs.map((m) => String(m.output)).join('');
}

/** The first log line of the one container of a started service running `runCommand` on a cluster of one node. */
async function firstLogLine(t: TestServer, runCommand: string): Promise<any> {
  await deployedCluster(t, 1);
  const svc = await t.ok('POST', S, { image: 'x', run_command: runCommand });
  await t.ok('POST', `${svc.resource_uri}start/`);
  const started = await until(
    () => get(t, svc.resource_uri),
    (x) => x.containers.length > 0,
  );
  const lines = await until(
    () => logsOf(t, `${started.containers[0]}logs/?follow=false`),
    (l) => l.length > 0,
  );
  return lines[0];
}

/**
 * Cancels a deploy In progress and, while it is Canceling, sends `op` to it: the status of the
 * first answer other than 409 (Canceling lasts a few milliseconds, so a few tries are made).
 */
async function whileCanceling(t: TestServer, op: 'cancel' | 'retry'): Promise<number> {
  let status = 409;
  for (let attempt = 0; attempt < 5 && status === 409; attempt++) {
    const cluster = await t.ok('POST', CLUSTERS, { name: 'c', node_type: NODE_TYPE, region: REGION, target_num_nodes: 1 });
    const uri = (await t.call('POST', `${cluster.resource_uri}deploy/`)).headers.get('x-dockercloud-action-uri');
    const [, again] = await Promise.all([t.call('POST', `${uri}cancel/`), t.call('POST', `${uri}${op}/`)]);
    status = again.status;
  }
  return status;
}

export const PROOF_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'include-related-always': async (t) => {
    const cluster = await deployedCluster(t, 1);
    await t.ok('PATCH', cluster.nodes[0], { nickname: 'n' });
    const listed = (await get(t, `${ACTIONS}?object=${cluster.resource_uri}&include_related=false`)).objects;
    expect(listed.map((a: any) => a.object)).toContain(cluster.nodes[0]);
  },
  'cancel-canceling-allowed': async (t) => expect(await whileCanceling(t, 'cancel')).toBe(202),
  'retry-canceling-allowed': async (t) => expect(await whileCanceling(t, 'retry')).toBe(202),
  'failed-action-no-logs': async (t) => {
    const answer = await t.call('POST', `${(await deployedCluster(t, 1)).resource_uri}deploy/`);
    const failed = await action(t, answer);
    expect(failed.state).toBe('Failed');
    expect(await logsOf(t, `${failed.resource_uri}logs/?follow=false`)).toEqual([]);
  },
  'failed-call-action-success': async (t) => {
    const answer = await t.call('POST', `${(await deployedCluster(t, 1)).resource_uri}deploy/`);
    expect(answer.status).toBe(409);
    expect((await action(t, answer)).state).toBe('Success');
  },
  'patch-actions-unlisted': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x' });
    const uri = (await t.call('PATCH', svc.resource_uri, { nickname: 'n' })).headers.get('x-dockercloud-action-uri');
    expect((await get(t, ACTIONS)).objects.map((a: any) => a.resource_uri)).not.toContain(uri);
  },
  'container-working-dir-default': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', working_dir: '/tmp' });
    expect((await get(t, svc.containers[0])).working_dir).toBe('/');
  },
  'container-scalars-own-defaults': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', cpuset: '0', memory: 128, memory_swap: 256 });
    expect((await get(t, svc.containers[0])).memory_swap).toBe(0);
  },
  'container-node-wrong-uuid': async (t) => {
    await deployedCluster(t, 1);
    const container = await get(t, (await runningService(t, { image: 'x' })).containers[0]);
    expect(container.node).toContain(container.uuid);
  },
  'node-tags-appended': async (t) => {
    const node = (await deployedCluster(t, 1, { tags: [{ name: 'old' }] })).nodes[0];
    await t.ok('PATCH', node, { tags: [{ name: 'new' }] });
    expect((await get(t, node)).tags.map((x: any) => x.name)).toEqual(['old', 'new']);
  },
  'node-region-null': async (t) => expect((await get(t, (await deployedCluster(t, 1)).nodes[0])).region).toBeNull(),
  'net-modes-swapped': async (t) => {
    await deployedCluster(t, 1);
    expect(await netDevOf(t, 'bridge')).toContain('docker0');
    expect(await netDevOf(t, 'host')).not.toContain('docker0');
  },
  'net-bridge-no-network': async (t) => {
    await deployedCluster(t, 1);
    expect(await netDevOf(t, 'bridge')).not.toContain('eth0');
  },
  'node-placement-provider-first': async (t) => {
    const cluster = await deployedCluster(t, 1, { node_type: '/api/infra/v1/nodetype/aws/t2.small/', region: '/api/infra/v1/region/aws/eu-west-1/' });
    const node = await get(t, cluster.nodes[0]);
    expect([node.node_type, node.region]).toEqual([NODE_TYPE, REGION]);
  },
  'cluster-current-nodes-zero': async (t) => expect((await deployedCluster(t, 1)).current_num_nodes).toBe(0),
  'cluster-current-nodes-target': async (t) => {
    const cluster = await t.ok('POST', CLUSTERS, { name: 'c', node_type: NODE_TYPE, region: REGION, target_num_nodes: 2 });
    expect(cluster.current_num_nodes).toBe(2);
  },
  'current-num-nodes-not-updated': async (t) => {
    const cluster = await deployedCluster(t, 1);
    await t.ok('PATCH', cluster.resource_uri, { target_num_nodes: 2 });
    const scaled = await until(
      () => t.ok('GET', cluster.resource_uri),
      (c) => c.state === 'Deployed' && c.nodes.length === 2,
    );
    expect(scaled.current_num_nodes).toBe(1);
  },
  'cluster-update-action-created-success': async (t) => {
    const cluster = await deployedCluster(t, 1);
    const answer = await t.call('PATCH', cluster.resource_uri, { target_num_nodes: 2 });
    expect([(await action(t, answer)).state, (await t.ok('GET', cluster.resource_uri)).state]).toEqual(['Success', 'Scaling']);
  },
  'repository-registry-vendor': async (t) => expect((await t.ok('POST', REPOS, { name: 'quay.io/a/b' })).registry).not.toMatch(/quay\.io/),
  'repository-update-refused': async (t) => {
    const repo = await t.ok('POST', REPOS, { name: 'quay.io/a/b' });
    expect((await t.call('PATCH', repo.resource_uri, { username: 'u', password: 'p' })).status).toBe(405);
  },
  'repository-delete-kept': async (t) => {
    const repo = await t.ok('POST', REPOS, { name: 'quay.io/a/b' });
    await t.ok('DELETE', repo.resource_uri);
    expect((await t.call('GET', repo.resource_uri)).status).toBe(200);
  },
  'container-service-wrong-uuid': async (t) => {
    await deployedCluster(t, 1);
    const container = await get(t, (await runningService(t, { image: 'x' })).containers[0]);
    expect(container.service).toContain(container.uuid);
  },
  'container-uri-protocol-transport': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', container_ports: [{ protocol: 'tcp', inner_port: 80, published: true }] });
    const [port] = (await get(t, svc.containers[0])).container_ports;
    expect(port.endpoint_uri).toMatch(/^http:/);
    expect(port.uri_protocol).toBe('tcp');
  },
  'service-create-starts': async (t) => expect((await t.ok('POST', S, { image: 'x' })).state).not.toBe('Not running'),
  'stack-create-starts': async (t) => expect((await t.ok('POST', STACKS, { name: 's', services: [{ image: 'x' }] })).state).not.toBe('Not Running'),
  'service-name-with-namespace': async (t) => expect((await t.ok('POST', S, { image: 'library/busybox:1.36' })).name).toBe('library-busybox'),
  'stack-services-null-when-empty': async (t) => expect((await t.ok('POST', STACKS, { name: 's' })).services).toBeNull(),
  'stack-link-by-name-dropped': async (t) => {
    const stack = await t.ok('POST', STACKS, DB_AND_WEB({ linked_to_service: [{ to_service: 'db', name: 'db' }] }));
    expect((await get(t, stack.services[1])).linked_to_service).toEqual([]);
  },
  'stack-volumes-from-by-name-dropped': async (t) => {
    const stack = await t.ok('POST', STACKS, DB_AND_WEB({ bindings: [{ volumes_from: 'db' }] }));
    expect((await get(t, stack.services[1])).bindings).toEqual([]);
  },
  'stack-never-synchronized': async (t) => expect((await t.ok('POST', STACKS, { name: 's', services: [{ image: 'x' }] })).synchronized).toBe(false),
  'image-env-wins': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', run_command: 'sleep 60', container_envvars: [{ key: 'PATH', value: '/mine' }] });
    const session = await t.ws(`${svc.containers[0]}exec/?command=printenv%20PATH`);
    await session.closed.catch(() => undefined);
    expect(session.messages.map((m: any) => m.output ?? '').join('')).not.toContain('/mine');
  },
  'working-dir-not-applied': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', run_command: 'sleep 60', working_dir: '/tmp' });
    const session = await t.ws(`${svc.containers[0]}exec/?command=pwd`);
    await session.closed.catch(() => undefined);
    expect(session.messages.map((m: any) => m.output ?? '').join('')).toContain('/\n');
  },
  'logs-frame-header-kept': async (t) => {
    expect((await firstLogLine(t, 'echo hi')).log).not.toBe('hi');
  },
  'logs-stderr-as-stdout': async (t) => {
    expect((await firstLogLine(t, 'echo oops >&2')).streamType).toBe('stdout');
  },
  'rest-basic-refused': async (t) => expect((await t.call('GET', S)).status).toBe(401),
  'stream-basic-refused': async (t) => {
    await expect(t.ws('/api/audit/v1/events')).rejects.toMatchObject({ status: 401 });
    (await t.ws('/api/audit/v1/events?user=conformance&token=conformance', { headers: {} })).close();
  },
  'vendor-auth-wrong-key': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', run_command: 'sleep 60', roles: ['global'] });
    const env = (await get(t, svc.containers[0])).container_envvars.find((e: any) => e.key === 'DOCKERCLOUD_AUTH');
    expect((await t.call('GET', S, undefined, { headers: { Authorization: env.value }, user: '' })).status).toBe(401);
  },
  'own-namespace-segment-refused': async (t) => expect((await t.call('GET', '/api/app/v1/conformance/service/')).status).toBe(403),
  'own-namespace-segment-nodecluster-only': async (t) => {
    expect((await t.call('GET', '/api/infra/v1/conformance/nodecluster/')).status).toBe(200);
    expect((await t.call('GET', '/api/app/v1/conformance/service/')).status).toBe(403);
  },
  'own-namespace-segment-writes-nodecluster-only': async (t) => {
    expect((await t.call('GET', '/api/app/v1/conformance/service/')).status).toBe(200);
    expect((await t.call('POST', '/api/app/v1/conformance/service/', { image: 'x' })).status).toBe(403);
  },
  'default-namespace-first-org': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x' });
    expect((await get(t, '/api/app/v1/conformance-org/service/')).objects.map((s: any) => s.uuid)).toContain(svc.uuid);
  },
  'catalog-patch-accepted': async (t) => expect((await t.call('PATCH', '/api/infra/v1/provider/aws/', { label: 'x' })).status).toBe(200),
  'nodetype-regions-first-only': async (t) => expect((await get(t, NODE_TYPE)).regions).toHaveLength(1),
  'nodetype-regions-across-providers': async (t) => {
    expect((await get(t, '/api/infra/v1/nodetype/packet/baremetal_0/')).regions).toContain('/api/infra/v1/region/aws/us-east-1/');
    expect((await get(t, '/api/infra/v1/region/aws/us-east-1/')).node_types).toContain('/api/infra/v1/nodetype/packet/baremetal_0/');
  },
  'every-node-all-on-first': async (t) => {
    await deployedCluster(t, 2);
    const svc = await runningService(t, { image: 'x', deployment_strategy: 'EVERY_NODE' });
    const nodes = await Promise.all(svc.containers.map(async (c: string) => (await get(t, c)).node));
    expect(nodes).toHaveLength(2);
    expect(new Set(nodes).size).toBe(1);
  },
  'outer-port-default-inner': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', container_ports: [{ protocol: 'tcp', inner_port: 8080, published: true }] });
    expect((await get(t, svc.containers[0])).container_ports[0].outer_port).toBe(8080);
  },
  'exec-echoes-input': async (t) => {
    await deployedCluster(t, 1);
    const session = await t.ws(`${(await runningService(t, { image: 'x' })).containers[0]}exec/`);
    session.send('echo $HOSTNAME\n');
    expect((await session.waitFor((m) => typeof m.output === 'string')).output).toBe('echo $HOSTNAME\n');
    session.close();
  },
  'stack-export-drops-ports-env': async (t) => {
    const web = {
      image: 'x',
      name: 'web',
      container_ports: [{ protocol: 'tcp', inner_port: 8087, published: true }],
      container_envvars: [{ key: 'K', value: 'v' }],
    };
    const stack = await t.ok('POST', STACKS, { name: 's', services: [web] });
    const entry = (await get(t, `${stack.resource_uri}export/`)).web;
    expect(entry.image).toMatch(/^x/);
    expect([entry.ports, entry.environment]).toEqual([undefined, undefined]);
  },
  'stack-export-list': async (t) => {
    const stack = await t.ok('POST', STACKS, { name: 's', services: [{ image: 'x' }] });
    expect(Array.isArray(await get(t, `${stack.resource_uri}export/`))).toBe(true);
  },
  'stack-uri-by-name': async (t) => expect((await t.call('GET', (await t.ok('POST', STACKS, { name: 'probe-stack' })).resource_uri)).status).toBe(404),
  'stream-plain-ws': async (t) => {
    expect(t.server.streamUrl).toMatch(/^ws:\/\//);
    (await t.ws('/api/audit/v1/events')).close();
    await expect(tlsHandshake(Number(new URL(t.server.url).port))).rejects.toThrow();
  },
  'events-plain-text': async (t) => {
    const frame = await firstFrame(t, '/api/audit/v1/events');
    expect(() => JSON.parse(frame)).toThrow();
  },
  'repo-unversioned': async (t) => {
    expect((await t.call('GET', '/api/repo/v1/registry/')).status).toBe(404);
    expect((await t.call('GET', '/api/repo/registry/')).status).toBe(200);
  },
  'organization-namespace-refused': async (t) => expect((await t.call('GET', '/api/app/v1/conformance-org/service/')).status).toBe(404),
  'logs-tail-default-0': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    const start = (await get(t, `${ACTIONS}?object=${svc.resource_uri}`)).objects.find((a: any) => a.action === 'Service Start');
    await until(
      () => get(t, start.resource_uri),
      (a) => a.state === 'Success',
    );
    expect(await logsOf(t, `${start.resource_uri}logs/`)).toEqual([]);
  },
  'stream-logs-auth-not-required': async (t) => {
    const a = await action(t, await t.call('POST', S, { image: 'x' }));
    (await t.ws(`${a.resource_uri}logs/`, { user: '' })).close();
  },
  'cluster-delete-forgets-nodes': async (t) => {
    const cluster = await deployedCluster(t, 2);
    await t.ok('DELETE', cluster.resource_uri);
    expect((await settledIn(t, cluster.resource_uri, 'Terminated')).nodes).toEqual([]);
    expect((await get(t, cluster.nodes[0])).state).toBe('Deployed');
  },
  'service-delete-keeps-volume': async (t) => {
    await deployedCluster(t, 1);
    const body = { image: 'x', name: 'kept', bindings: [{ container_path: '/d' }] };
    const volumeOf = async (svc: any): Promise<string> => (await get(t, svc.containers[0])).bindings[0].volume;
    const old = await runningService(t, body);
    await t.ok('DELETE', old.resource_uri);
    await settledIn(t, old.resource_uri, 'Terminated');
    expect(await volumeOf(await runningService(t, body))).toBe(await volumeOf(old));
  },
  'entrypoint-image-wins': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'alpine/git:latest', entrypoint: 'sleep', run_command: '86400' });
    const outputs = await logsOf(t, `${svc.containers[0]}exec/?command=${encodeURIComponent('cat /proc/1/comm')}`);
    expect(outputs.map((m) => String(m.output)).join('')).toMatch(/^git$/m);
  },
  'container-ops-whole-service': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', target_num_containers: 2 });
    await t.ok('POST', `${svc.containers[0]}stop/`);
    await until(
      () => get(t, svc.containers[1]),
      (c) => c.state === 'Stopped',
    );
  },
};
