/**
 * Probes of the thirty-third batch of blind faults (an asynchronous action ended by the worker shown
 * as no user action, one stack's services embedded, a cluster's uuid in hex form, the zone list without
 * available, a host-path-only binding accepted, stack services sequential by default, scale counting the
 * Running containers only): each passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, endedAction, settledIn, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const STACKS = '/api/app/v1/stack/';
const DO_CLUSTER = { node_type: '/api/infra/v1/nodetype/digitalocean/1gb/', region: '/api/infra/v1/region/digitalocean/lon1/' };

export const BLIND33_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind33-worker-ended-action-not-user-action': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x' });
    const ended = await endedAction(t, await t.call('POST', `${svc.resource_uri}start/`));
    expect(ended.state).toBe('Success');
    expect(ended.is_user_action).toBe(false);
  },
  'blind33-stack-get-services-embedded': async (t) => {
    const stack = await t.ok('POST', STACKS, { name: 'st', services: [{ name: 'web', image: 'x' }] });
    expect(typeof stack.services[0]).toBe('string');
    const one = await t.ok('GET', stack.resource_uri);
    expect(one.services[0]).toMatchObject({ name: 'web' });
  },
  'blind33-cluster-uuid-hex': async (t) => {
    const cluster = await t.ok('POST', '/api/infra/v1/nodecluster/', { name: 'idc', ...DO_CLUSTER });
    expect(cluster.uuid).toMatch(/^[0-9a-f]{32}$/);
    expect((await t.call('GET', `/api/infra/v1/nodecluster/${cluster.uuid}/`)).status).toBe(404);
  },
  'blind33-az-list-available-missing': async (t) => {
    const listed = await t.ok('GET', '/api/infra/v1/az/');
    expect(listed.objects[0]).not.toHaveProperty('available');
    expect(await t.ok('GET', listed.objects[0].resource_uri)).toHaveProperty('available');
  },
  'blind33-binding-container-path-from-host-path': async (t) => {
    const answer = await t.call('POST', S, { image: 'x', bindings: [{ host_path: '/srv' }] });
    expect(answer.status).toBe(201);
    expect(answer.body.bindings[0].container_path).toBe('/srv');
  },
  'blind33-stack-service-sequential-default-true': async (t) => {
    const stack = await t.ok('POST', STACKS, { name: 'sq', services: [{ name: 'a', image: 'x' }] });
    expect((await t.ok('GET', stack.services[0])).sequential_deployment).toBe(true);
  },
  'blind33-scale-counts-running-only': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x', target_num_containers: 2 });
    await t.ok('POST', `${svc.resource_uri}start/`);
    const running = await until(
      () => t.ok('GET', svc.resource_uri),
      (x) => x.running_num_containers === 2,
    );
    await t.ok('POST', `${running.containers[0]}stop/`);
    await settledIn(t, running.containers[0], 'Stopped');
    await until(
      () => t.ok('GET', svc.resource_uri),
      (x) => x.state === 'Partly running',
    );
    await endedAction(t, await t.call('POST', `${svc.resource_uri}scale/`));
    expect((await t.ok('GET', svc.resource_uri)).current_num_containers).toBe(3);
  },
};
