/**
 * Probes of the thirty-fourth batch of blind faults (the audit subsystem served without its version
 * segment, an executing action shown "In Progress", a Success action's retry replayed without running,
 * a new cluster's nodes left without EVERY_NODE containers, zone details cached by region, the service's
 * cgroup_parent spelled cgroup_name, exit_code a string): each passes against a server with its fault
 * and throws against a clean one.
 */
import { expect } from 'vitest';
import { action, deployedCluster, runningService, stoppedContainer, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const AZ = '/api/infra/v1/az/aws/us-east-1/';

export const BLIND34_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind34-audit-unversioned': async (t) => {
    const created = await t.call('POST', S, { image: 'x' });
    const uri = created.headers.get('x-dockercloud-action-uri') ?? '';
    expect(uri).toMatch(/^\/api\/audit\/action\/[0-9a-f-]+\/$/);
    expect((await t.ok('GET', uri)).resource_uri).toBe(uri);
    expect((await t.call('GET', '/api/audit/v1/action/')).status).toBe(404);
  },
  'blind34-action-in-progress-title-case': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x', sequential_deployment: true, target_num_containers: 5 });
    const started = await t.call('POST', `${svc.resource_uri}start/`);
    expect((await action(t, started)).state).toBe('In Progress');
    const listed = await t.ok('GET', '/api/audit/v1/action/?state=In progress');
    expect(listed.objects.map((a: any) => a.state)).toContain('In Progress');
  },
  'blind34-retry-success-replayed': async (t) => {
    const created = await action(t, await t.call('POST', S, { image: 'x', name: 'rp' }));
    expect(created.state).toBe('Success');
    const retried = await t.call('POST', `${created.resource_uri}retry/`);
    expect(retried.status).toBe(202);
    expect(retried.body.uuid).not.toBe(created.uuid);
    expect(retried.body.state).toBe('Success');
    await new Promise((r) => setTimeout(r, 100));
    expect((await t.ok('GET', `${S}?name=rp`)).meta.total_count).toBe(1);
  },
  'blind34-every-node-deployed-cluster-skipped': async (t) => {
    const first = await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', deployment_strategy: 'EVERY_NODE' });
    expect(svc.current_num_containers).toBe(1);
    await deployedCluster(t, 1);
    expect((await t.ok('GET', svc.resource_uri)).current_num_containers).toBe(1);
    await t.ok('PATCH', first.resource_uri, { target_num_nodes: 2 });
    await until(
      () => t.ok('GET', svc.resource_uri),
      (s) => s.current_num_containers === 2,
    );
  },
  'blind34-az-get-cached-by-region': async (t) => {
    expect((await t.ok('GET', `${AZ}us-east-1a/`)).name).toBe('us-east-1a');
    const second = await t.ok('GET', `${AZ}us-east-1b/`);
    expect(second.name).toBe('us-east-1a');
    expect(second.resource_uri).toBe(`${AZ}us-east-1a/`);
  },
  'blind34-service-cgroup-name': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x', cgroup_parent: 'mygroup' });
    expect(svc).not.toHaveProperty('cgroup_parent');
    expect(svc.cgroup_name).toBe('');
  },
  'blind34-exit-code-string': async (t) => {
    const exited = await stoppedContainer(t, { image: 'x', run_command: 'exit 3' });
    expect(exited.exit_code).toBe('3');
  },
};
