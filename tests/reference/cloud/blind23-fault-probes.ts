/**
 * Probes of the twenty-third batch of blind faults (failed work ending without an end date, a
 * container's include_related taking in its siblings, a stack's deployed_datetime written by
 * redeploy only, a container binding's volume given as a bare name, asynchronous actions run as
 * Pending, the action header left off refused calls, pid none refused): each passes against a
 * server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, runningService, settledIn, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const STACKS = '/api/app/v1/stack/';
const ACTIONS = '/api/audit/v1/action/';
const HEADER = 'x-dockercloud-action-uri';

export const BLIND23_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind23-failed-work-no-end-date': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x', name: 'nowhere' });
    const uri = (await t.call('POST', `${svc.resource_uri}start/`)).headers.get(HEADER) ?? '/missing-header';
    const failed = await until(
      () => t.ok('GET', uri),
      (a) => a.state === 'Failed',
    );
    expect(failed.end_date).toBeNull();
  },
  'blind23-related-container-siblings': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', target_num_containers: 2 });
    const [first, second] = svc.containers as string[];
    await t.ok('POST', `${second}stop/`);
    await settledIn(t, second!, 'Stopped');
    const listed = await t.ok('GET', `${ACTIONS}?object=${encodeURIComponent(first!)}&include_related=true&limit=100`);
    expect((listed.objects as { object: string }[]).some((a) => a.object === second)).toBe(true);
  },
  'blind23-stack-deployed-date-redeploy-only': async (t) => {
    await deployedCluster(t, 1);
    const stack = await t.ok('POST', STACKS, { name: 'st', services: [{ image: 'x', name: 'web' }] });
    await t.ok('POST', `${stack.resource_uri}start/`);
    const running = await settledIn(t, stack.resource_uri, 'Running');
    const web = await t.ok('GET', (running.services as string[])[0]!);
    expect(web.deployed_datetime).not.toBeNull();
    expect(running.deployed_datetime).toBeNull();
  },
  'blind23-container-binding-volume-name': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', bindings: [{ container_path: '/data' }] });
    const container = await t.ok('GET', svc.containers[0]);
    expect(container.bindings).toHaveLength(1);
    expect(container.bindings[0].volume).toMatch(/^[0-9a-f-]+$/);
  },
  'blind23-async-action-shown-pending': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x' });
    const uri = (await t.call('POST', `${svc.resource_uri}start/`)).headers.get(HEADER) ?? '/missing-header';
    const seen = new Set<string>();
    await until(
      () => t.ok('GET', uri),
      (a) => {
        seen.add(a.state);
        return a.state === 'Success' || a.state === 'Failed';
      },
    );
    expect([...seen]).toContain('Pending');
    expect([...seen]).not.toContain('In progress');
  },
  'blind23-action-header-success-only': async (t) => {
    const created = await t.call('POST', S, { image: 'x' });
    expect(created.headers.get(HEADER)).not.toBeNull();
    const refused = await t.call('POST', S, { name: 'no-image' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get(HEADER)).toBeNull();
  },
  'blind23-pid-none-refused': async (t) => {
    const answer = await t.call('POST', S, { image: 'x', pid: 'none' });
    expect(answer.status).toBe(400);
  },
};
