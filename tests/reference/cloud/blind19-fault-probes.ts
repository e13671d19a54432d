/**
 * Probes of the nineteenth batch of blind faults (a container's relatives without its stack, an
 * empty node tag list ignored, security groups copied from subnets, end_date__lte to the
 * millisecond, a registry port read as a tag in in_use, terminated containers counted as stopped):
 * each passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { ended } from './blind13-fault-probes.ts';
import { deployedCluster, NODE_TYPE, REGION, runningService, settledIn, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const ACTIONS = '/api/audit/v1/action/';

export const BLIND19_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind19-related-container-no-stack': async (t) => {
    await deployedCluster(t, 1);
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 's', services: [{ name: 'web', image: 'a' }] });
    await t.ok('POST', `${stack.resource_uri}start/`);
    await settledIn(t, stack.resource_uri, 'Running');
    const svc = await t.ok('GET', (await t.ok('GET', stack.resource_uri)).services[0]);
    const listed = await t.ok('GET', `${ACTIONS}?object=${svc.containers[0]}&include_related=true`);
    expect(listed.objects.map((a: any) => a.object)).not.toContain(stack.resource_uri);
  },
  'blind19-node-patch-empty-tags-kept': async (t) => {
    const cluster = await deployedCluster(t, 1, { tags: [{ name: 'blue' }] });
    await t.ok('PATCH', cluster.nodes[0], { tags: [] });
    expect((await t.ok('GET', cluster.nodes[0])).tags).toEqual([{ name: 'blue' }]);
  },
  'blind19-provider-options-groups-from-subnets': async (t) => {
    const vpc = { id: 'vpc-1', subnets: ['subnet-a'], security_groups: ['sg-x', 'sg-y'] };
    const created = await t.ok('POST', '/api/infra/v1/nodecluster/', { name: 'c', node_type: NODE_TYPE, region: REGION, provider_options: { vpc } });
    expect((await t.ok('GET', created.resource_uri)).provider_options.vpc.security_groups).toEqual(vpc.subnets);
  },
  'blind19-end-date-lte-milliseconds': async (t) => {
    // Two actions: an end date on a whole second (1 in 1000) matches its bound even with the fault.
    const done = [await ended(t, await t.call('POST', S, { image: 'x' })), await ended(t, await t.call('POST', S, { image: 'y' }))];
    const missing = await Promise.all(
      done.map(async (a) => {
        const listed = await t.ok('GET', `${ACTIONS}?end_date__lte=${encodeURIComponent(a.end_date)}`);
        return !listed.objects.some((b: any) => b.uuid === a.uuid);
      }),
    );
    expect(missing).toContain(true);
  },
  'blind19-repository-in-use-port-host': async (t) => {
    const repo = await t.ok('POST', '/api/repo/v1/repository/', { name: 'reg.example.com:5000/team/app', username: 'u', password: 'p' });
    await t.ok('POST', S, { image: 'reg.example.com:5000/team/app:1.0' });
    expect((await t.ok('GET', repo.resource_uri)).in_use).toBe(false);
  },
  'blind19-stopped-count-includes-terminated': async (t) => {
    await deployedCluster(t, 2);
    const svc = await runningService(t, { image: 'x', target_num_containers: 2 });
    await t.ok('PATCH', svc.resource_uri, { target_num_containers: 1 });
    await t.ok('POST', `${svc.resource_uri}scale/`);
    const scaled = await until(
      () => t.ok('GET', svc.resource_uri),
      (x) => x.state === 'Running' && x.current_num_containers === 1,
    );
    expect(scaled.stopped_num_containers).toBe(1);
  },
};
