/**
 * Probes of the eighteenth batch of blind faults (a container's node URI under app, a stack export
 * of one shared entry, action start dates fixed at load, the 1000 GB disk bound, a retry logging into
 * the retried action, failed work ended Canceled): each passes against a server with its fault and
 * throws against a clean one.
 */
import { expect } from 'vitest';
import { ended } from './blind13-fault-probes.ts';
import { deployedCluster, logsOf, NODE_TYPE, REGION, runningService, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';

/** How many lines an action has logged so far (its log stream read without follow). */
const lineCount = async (t: TestServer, actionUri: string): Promise<number> => (await logsOf(t, `${actionUri}logs/?follow=false`)).length;

/** Starts a service with no node to place it on: the start's action ends (Failed, on a clean server). */
const failedStart = async (t: TestServer): Promise<any> => {
  const svc = await t.ok('POST', S, { image: 'x' });
  return ended(t, await t.call('POST', `${svc.resource_uri}start/`));
};

export const BLIND18_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind18-container-node-app-subsystem': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    expect((await t.ok('GET', svc.containers[0])).node).toMatch(/^\/api\/app\/v1\/node\//);
  },
  'blind18-stack-export-shared-definition': async (t) => {
    const services = [
      { name: 'web', image: 'a' },
      { name: 'db', image: 'b' },
    ];
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 's', services });
    const exported = await t.ok('GET', `${stack.resource_uri}export/`);
    expect(exported.web.image).toBe(exported.db.image);
  },
  'blind18-action-start-date-at-load': async (t) => {
    const first = await ended(t, await t.call('POST', S, { image: 'x' }));
    // Once the server's clock has passed the first action's date, a new call's action would carry a later one.
    await until(
      () => t.call('GET', S),
      (a) => Date.parse(a.headers.get('date') ?? '') > Date.parse(first.start_date),
    );
    const second = await ended(t, await t.call('POST', S, { image: 'y' }));
    expect(second.start_date).toBe(first.start_date);
  },
  'blind18-cluster-disk-max-1000': async (t) => {
    const body = { name: 'c', node_type: NODE_TYPE, region: REGION, disk: 1500 };
    expect((await t.call('POST', '/api/infra/v1/nodecluster/', body)).status).toBe(400);
  },
  'blind18-retry-logs-to-retried-action': async (t) => {
    const first = await failedStart(t);
    const before = await lineCount(t, first.resource_uri);
    await ended(t, await t.call('POST', `${first.resource_uri}retry/`));
    expect(await lineCount(t, first.resource_uri)).toBeGreaterThan(before);
  },
  'blind18-failed-work-ends-canceled': async (t) => expect((await failedStart(t)).state).toBe('Canceled'),
};
