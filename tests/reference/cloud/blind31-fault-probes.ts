/**
 * Probes of the thirty-first batch of blind faults (a zone found by its name alone, a stack terminate
 * leaving its undeployed services, link endpoints of published ports only, the target shown once
 * applied, scaled nodes on a network of their own, the Stream's Connection header compared whole, a
 * scale with nothing to do answered 200): each passes against a server with its fault and throws
 * against a clean one.
 */
import http from 'node:http';
import https from 'node:https';
import { expect } from 'vitest';
import { action, deployedCluster, execOutput, runningService, streamTls, until, type TestServer, endedAction } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';

/** The status a Stream upgrade request with these Connection and Upgrade headers is answered (101 when it upgrades). */
function upgradeStatus(t: TestServer, path: string, connection: string): Promise<number> {
  const url = new URL(t.server.streamUrl.replace(/^ws/, 'http') + path);
  const get = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = get(url, {
      ...streamTls(t.server),
      headers: {
        Authorization: `Basic ${Buffer.from('conformance:conformance').toString('base64')}`,
        Connection: connection,
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

export const BLIND31_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind31-az-get-by-zone-name': async (t) => {
    const zone = await t.ok('GET', '/api/infra/v1/az/aws/eu-west-1/us-east-1a/');
    expect(zone.resource_uri).toBe('/api/infra/v1/az/aws/us-east-1/us-east-1a/');
  },
  'blind31-stack-terminate-skips-undeployed': async (t) => {
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 'st', services: [{ image: 'busybox', name: 'web' }] });
    expect((await endedAction(t, await t.call('DELETE', stack.resource_uri))).state).toBe('Success');
    expect((await t.ok('GET', stack.services[0])).state).toBe('Not running');
  },
  'blind31-link-endpoints-published-only': async (t) => {
    await deployedCluster(t, 1);
    const db = await runningService(t, { image: 'busybox', name: 'db', container_ports: [{ protocol: 'tcp', inner_port: 5432 }] });
    const web = await runningService(t, { image: 'busybox', name: 'web', linked_to_service: [{ to_service: db.resource_uri, name: 'db' }] });
    const links = (await t.ok('GET', web.containers[0])).linked_to_container;
    expect(links.map((l: { endpoints: unknown }) => l.endpoints)).toEqual([{}]);
  },
  'blind31-target-shown-when-applied': async (t) => {
    const svc = await t.ok('POST', S, { image: 'busybox', name: 'tg' });
    await t.ok('PATCH', svc.resource_uri, { target_num_containers: 3 });
    expect((await t.ok('GET', svc.resource_uri)).target_num_containers).toBe(1);
  },
  'blind31-scaled-nodes-new-network': async (t) => {
    const cluster = await deployedCluster(t, 1);
    await t.ok('PATCH', cluster.resource_uri, { target_num_nodes: 2 });
    await until(
      () => t.ok('GET', cluster.resource_uri),
      (c) => c.state === 'Deployed' && c.current_num_nodes === 2,
    );
    const svc = await runningService(t, { image: 'busybox', run_command: 'sleep 1000', net: 'host', deployment_strategy: 'EVERY_NODE' });
    const [a, b] = svc.containers;
    const address = (await execOutput(t, b, 'hostname -i')).trim();
    expect(address).toMatch(/^10\./);
    expect(await execOutput(t, a, `ping -c 1 ${address}`)).toContain('100% packet loss');
  },
  'blind31-stream-connection-upgrade-exact': async (t) => {
    expect(await upgradeStatus(t, '/api/audit/v1/events', 'Upgrade')).toBe(101);
    expect(await upgradeStatus(t, '/api/audit/v1/events', 'keep-alive, Upgrade')).toBe(400);
  },
  'blind31-noop-scale-answered-200': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'busybox', name: 'sc' });
    const answer = await t.call('POST', `${svc.resource_uri}scale/`);
    expect(answer.status).toBe(200);
    expect((await action(t, answer)).state).toBe('Success');
  },
};
