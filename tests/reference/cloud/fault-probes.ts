/**
 * A probe per named fault of the cloud reference target: it passes against a server with its
 * fault and throws against a clean one. The faults are probed in three files (by area, see
 * probeFaults), which run side by side: the probes mostly wait on simulated work, and on a clean
 * server those that wait for what only the fault brings wait out their deadline.
 */
import { describe, expect, it } from 'vitest';
import { CLOUD_FAULTS, type CloudFault, type CloudFaultName } from '../../../reference/cloud/index.ts';
import { action, deployedCluster, logsOf, NODE_TYPE, REGION, runningService, settledIn, startTestServer, until, type TestServer } from './helpers.ts';
import { APP_PROBES } from './app-fault-probes.ts';
import { INFRA_PROBES } from './infra-fault-probes.ts';
import { FAMILY_PROBES } from './family-fault-probes.ts';
import { MORE_PROBES } from './more-fault-probes.ts';
import { PROOF_PROBES } from './proof-fault-probes.ts';
import { BLIND_INFRA_PROBES } from './blind-infra-fault-probes.ts';
import { BLIND_APP_PROBES } from './blind-app-fault-probes.ts';
import { BLIND2_INFRA_ACTION_PROBES } from './blind2-infra-action-fault-probes.ts';
import { BLIND2_STACK_SERVICE_PROBES } from './blind2-stack-service-fault-probes.ts';
import { BLIND3_A_PROBES } from './blind3-a-fault-probes.ts';
import { BLIND3_B_PROBES } from './blind3-b-fault-probes.ts';
import { BLIND4_PROBES } from './blind4-fault-probes.ts';
import { BLIND5_PROBES } from './blind5-fault-probes.ts';
import { BLIND6_PROBES } from './blind6-fault-probes.ts';
import { BLIND7_PROBES } from './blind7-fault-probes.ts';
import { BLIND8_PROBES } from './blind8-fault-probes.ts';
import { BLIND9_PROBES } from './blind9-fault-probes.ts';
import { BLIND10_PROBES } from './blind10-fault-probes.ts';
import { BLIND11_PROBES } from './blind11-fault-probes.ts';
import { BLIND12_PROBES } from './blind12-fault-probes.ts';
import { BLIND13_PROBES } from './blind13-fault-probes.ts';
import { BLIND14_PROBES } from './blind14-fault-probes.ts';
import { BLIND15_PROBES } from './blind15-fault-probes.ts';
import { BLIND16_PROBES } from './blind16-fault-probes.ts';
import { BLIND17_PROBES } from './blind17-fault-probes.ts';
import { BLIND18_PROBES } from './blind18-fault-probes.ts';
import { BLIND19_PROBES } from './blind19-fault-probes.ts';
import { BLIND20_PROBES } from './blind20-fault-probes.ts';
import { BLIND21_PROBES } from './blind21-fault-probes.ts';
import { BLIND22_PROBES } from './blind22-fault-probes.ts';
import { BLIND23_PROBES } from './blind23-fault-probes.ts';
import { BLIND24_PROBES } from './blind24-fault-probes.ts';
import { BLIND25_PROBES } from './blind25-fault-probes.ts';
import { BLIND26_PROBES } from './blind26-fault-probes.ts';
import { BLIND27_PROBES } from './blind27-fault-probes.ts';
import { BLIND28_PROBES } from './blind28-fault-probes.ts';
import { BLIND29_PROBES } from './blind29-fault-probes.ts';
import { BLIND30_PROBES } from './blind30-fault-probes.ts';
import { BLIND31_PROBES } from './blind31-fault-probes.ts';
import { BLIND32_PROBES } from './blind32-fault-probes.ts';
import { BLIND33_PROBES } from './blind33-fault-probes.ts';
import { BLIND34_PROBES } from './blind34-fault-probes.ts';
import { BINDING_PROBES } from './binding-fault-probes.ts';
import { DEPLOYMENT_PROBES } from './deployment-fault-probes.ts';
import { FIELD_MEANING_PROBES } from './field-meaning-fault-probes.ts';

const S = '/api/app/v1/service/';
const get = (t: TestServer, uri: string): Promise<any> => t.ok('GET', uri);
const startAction = async (t: TestServer): Promise<any> => {
  const svc = await t.ok('POST', S, { image: 'x' });
  return action(t, await t.call('POST', `${svc.resource_uri}start/`));
};

/** For each fault: what the service does with it on (each probe fails on a clean server). */
export const PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'no-action-header': async (t) => expect((await t.call('POST', S, { image: 'x' })).headers.get('x-dockercloud-action-uri')).toBeNull(),
  'async-returns-200': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x' });
    expect((await t.call('POST', `${svc.resource_uri}start/`)).status).toBe(200);
  },
  'action-stuck-in-progress': async (t) => {
    const a = await startAction(t);
    await new Promise((r) => setTimeout(r, 300));
    expect((await get(t, a.resource_uri)).state).toBe('In progress');
  },
  'action-end-date-is-start': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x', sequential_deployment: true, target_num_containers: 15 });
    const uri = (await t.call('POST', `${svc.resource_uri}start/`)).headers.get('x-dockercloud-action-uri') ?? '/missing-header';
    const done = await until(
      () => get(t, uri),
      (a) => a.state !== 'In progress',
      10_000,
    );
    expect(done.end_date).toBe(done.start_date);
  },
  'async-call-recorded-twice': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x' });
    await t.ok('POST', `${svc.resource_uri}start/`);
    const listed = await t.ok('GET', `/api/audit/v1/action/?object=${svc.resource_uri}&include_related=false`);
    expect(listed.objects.filter((a: any) => a.method === 'POST' && a.path.endsWith('start/')).length).toBe(2);
  },
  'app-action-created-success': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x' });
    expect((await action(t, await t.call('POST', `${svc.resource_uri}start/`))).state).toBe('Success');
  },
  'cancel-refused': async (t) => {
    await deployedCluster(t, 1);
    expect((await t.call('POST', `${(await startAction(t)).resource_uri}cancel/`)).status).toBe(409);
  },
  'cancel-finished-action-allowed': async (t) => {
    const a = await action(t, await t.call('POST', S, { image: 'x' }));
    expect((await t.call('POST', `${a.resource_uri}cancel/`)).status).toBe(202);
  },
  'retry-in-progress-allowed': async (t) => {
    await deployedCluster(t, 1);
    expect((await t.call('POST', `${(await startAction(t)).resource_uri}retry/`)).status).toBe(202);
  },
  'action-start-date-first-call': async (t) => {
    const first = await action(t, await t.call('POST', S, { image: 'x' }));
    await new Promise((r) => setTimeout(r, 1100));
    const second = await action(t, await t.call('PATCH', first.object, { nickname: 'n' }));
    expect(second.start_date).toBe(first.start_date);
  },
  'action-missing-fields': async (t) => expect(await action(t, await t.call('POST', S, { image: 'x' }))).not.toHaveProperty('location'),
  'auth-not-required': async (t) => expect((await t.call('GET', S, undefined, { user: '' })).status).toBe(200),
  'stream-auth-not-required': async (t) => (await t.ws('/api/audit/v1/events', { user: '' })).close(),
  'namespace-leak': async (t) => expect((await t.call('GET', '/api/app/v1/conformance2/service/')).status).toBe(200),
  'service-default-target-2': async (t) => expect((await t.ok('POST', S, { image: 'x' })).target_num_containers).toBe(2),
  'working-dir-default-empty': async (t) => expect((await t.ok('POST', S, { image: 'x' })).working_dir).toBe(''),
  'disk-default-100': async (t) =>
    expect(
      (
        await t.ok('POST', '/api/infra/v1/nodecluster/', {
          name: 'c',
          node_type: '/api/infra/v1/nodetype/aws/t2.micro/',
          region: '/api/infra/v1/region/aws/us-east-1/',
        })
      ).disk,
    ).toBe(100),
  'stopped-service-rejects-start': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    await t.ok('POST', `${svc.resource_uri}stop/`);
    await settledIn(t, svc.resource_uri, 'Stopped');
    expect((await t.call('POST', `${svc.resource_uri}start/`)).status).toBe(409);
  },
  'running-service-allows-start': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    expect((await t.call('POST', `${svc.resource_uri}start/`)).status).toBe(202);
  },
  'terminate-reversible': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x' });
    await t.ok('DELETE', svc.resource_uri);
    await settledIn(t, svc.resource_uri, 'Terminated');
    expect((await t.call('POST', `${svc.resource_uri}start/`)).status).toBe(202);
  },
  'deployed-node-allows-health-check': async (t) => expect((await t.call('POST', `${(await deployedCluster(t, 1)).nodes[0]}health-check/`)).status).toBe(202),
  'every-node-scalable': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x', deployment_strategy: 'EVERY_NODE' });
    expect((await t.call('POST', `${svc.resource_uri}scale/`)).status).toBe(202);
  },
  'every-node-update-allowed': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x' });
    expect((await t.call('PATCH', svc.resource_uri, { deployment_strategy: 'EVERY_NODE' })).status).toBe(202);
  },
  'date-iso8601': async (t) => expect((await action(t, await t.call('POST', S, { image: 'x' }))).start_date).toMatch(/^\d{4}-\d\d-\d\dT/),
  'list-no-meta': async (t) => expect(await get(t, S)).not.toHaveProperty('meta'),
  'list-envelope-results': async (t) => {
    await t.ok('POST', S, { image: 'x' });
    await t.ok('POST', S, { image: 'y' });
    const page = await get(t, `${S}?limit=1`);
    expect(page).not.toHaveProperty('objects');
    expect(page).toMatchObject({ count: 2, results: [expect.anything()], next: expect.stringMatching(/^http:\/\/.*\/api\/app\/v1\/service\//) });
  },
  'next-absolute-url': async (t) => {
    await t.ok('POST', S, { image: 'x' });
    await t.ok('POST', S, { image: 'y' });
    expect((await get(t, `${S}?limit=1`)).meta.next).toMatch(/^http:\/\//);
  },
  'include-related-ignored': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    await t.ok('POST', `${svc.containers[0]}stop/`);
    const related = (await get(t, `/api/audit/v1/action/?object=${svc.resource_uri}&include_related=true`)).objects;
    expect(related.map((a: any) => a.action)).not.toContain('Container Stop');
  },
  'filter-state-ignored': async (t) => {
    await t.ok('POST', S, { image: 'x' });
    expect((await get(t, `${S}?state=Running`)).objects).toHaveLength(1);
  },
  'state-filter-first-word': async (t) => {
    await t.ok('POST', S, { image: 'x' });
    expect((await get(t, `${S}?state=${encodeURIComponent('Not running')}`)).objects).toHaveLength(0);
  },
  // A start of ten containers one after another: the service and its last container are Starting for 800 ms.
  'state-filter-settled-only': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x', sequential_deployment: true, target_num_containers: 10 });
    await t.ok('POST', `${S}${svc.uuid}/start/`);
    const [services, containers] = [await get(t, `${S}?state=Starting`), await get(t, '/api/app/v1/container/?state=Starting')];
    expect((await get(t, svc.resource_uri)).state).toBe('Starting');
    expect([services.objects, containers.objects]).toEqual([[], []]);
  },
  // A cluster right after its deploy is Deploying, as is its node: neither is listed under that state.
  'infra-state-filter-settled-only': async (t) => {
    const c = await t.ok('POST', '/api/infra/v1/nodecluster/', { name: 'c', node_type: NODE_TYPE, region: REGION, target_num_nodes: 1 });
    await t.ok('POST', `${c.resource_uri}deploy/`);
    const [clusters, nodes] = [await get(t, '/api/infra/v1/nodecluster/?state=Deploying'), await get(t, '/api/infra/v1/node/?state=Deploying')];
    expect((await get(t, c.resource_uri)).state).toBe('Deploying');
    expect([clusters.objects, nodes.objects]).toEqual([[], []]);
  },
  'global-role-no-auth-env': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', roles: ['global'] });
    expect((await get(t, svc.containers[0])).container_envvars.map((e: any) => e.key)).not.toContain('DOCKERCLOUD_AUTH');
  },
  'repository-returns-password': async (t) =>
    expect((await t.ok('POST', '/api/repo/v1/repository/', { name: 'quay.io/a/b', username: 'u', password: 'p' })).password).toBe('p'),
  'repository-returns-auth': async (t) =>
    expect((await t.ok('POST', '/api/repo/v1/repository/', { name: 'quay.io/a/b', username: 'u', password: 'p' })).auth).toBe('dTpw'),
  'repository-in-use-any-user': async (t) => {
    await t.ok('POST', '/api/repo/v1/repository/', { name: 'quay.io/a/b', username: 'u', password: 'p' });
    expect((await t.call('POST', '/api/app/v1/service/', { image: 'quay.io/a/b:1', name: 'b' }, { user: 'conformance2' })).status).toBe(201);
    expect((await get(t, '/api/repo/v1/repository/quay.io/a/b/')).in_use).toBe(true);
  },
  'repository-in-use-by-prefix': async (t) => {
    await t.ok('POST', '/api/repo/v1/repository/', { name: 'quay.io/a/b', username: 'u', password: 'p' });
    await t.ok('POST', '/api/app/v1/service/', { image: 'quay.io/a/bc:1', name: 'bc' });
    expect((await get(t, '/api/repo/v1/repository/quay.io/a/b/')).in_use).toBe(true);
  },
  'repository-delete-200': async (t) => {
    const repo = await t.ok('POST', '/api/repo/v1/repository/', { name: 'quay.io/a/b' });
    expect((await t.call('DELETE', repo.resource_uri)).status).toBe(200);
  },
  'reuse-volumes-ignored': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', bindings: [{ container_path: '/d' }] });
    const before = (await get(t, svc.containers[0])).bindings[0].volume;
    await t.ok('POST', `${svc.resource_uri}redeploy/`);
    await settledIn(t, svc.resource_uri, 'Running');
    expect((await get(t, svc.containers[0])).bindings[0].volume).not.toBe(before);
  },
  'create-missing-name-accepted': async (t) => expect((await t.call('POST', '/api/app/v1/stack/', {})).status).toBe(201),
  'tags-string-list-rejected': async (t) => expect((await t.call('POST', S, { image: 'x', tags: ['a'] })).status).toBe(400),
  'event-no-parents': async (t) => {
    const events = await t.ws('/api/audit/v1/events');
    await events.waitFor((m) => m.type === 'auth');
    await t.ok('POST', S, { image: 'x' });
    expect(await events.waitFor((m) => m.type === 'action')).not.toHaveProperty('parents');
    events.close();
  },
  'stream-logs-tail-ignored': async (t) => {
    await t.call('POST', S, { name: 'no image' });
    const failed = (await get(t, '/api/audit/v1/action/?state=Failed')).objects[0];
    expect(await logsOf(t, `/api/audit/v1/action/${failed.uuid}/logs/?tail=0`)).toHaveLength(1);
  },
  'exec-no-eof': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x' });
    expect((await logsOf(t, `${svc.containers[0]}exec/?command=hostname`)).map((m) => m.output)).toEqual(['x-1\n']);
  },
  'stream-query-auth-rejected': async (t) => {
    await expect(t.ws('/api/audit/v1/events?user=conformance&token=conformance', { headers: {} })).rejects.toMatchObject({ status: 401 });
  },
  ...APP_PROBES,
  ...INFRA_PROBES,
  ...FAMILY_PROBES,
  ...MORE_PROBES,
  ...PROOF_PROBES,
  ...BLIND_INFRA_PROBES,
  ...BLIND_APP_PROBES,
  ...BLIND2_STACK_SERVICE_PROBES,
  ...BLIND2_INFRA_ACTION_PROBES,
  ...BLIND3_A_PROBES,
  ...BLIND3_B_PROBES,
  ...BLIND4_PROBES,
  ...BLIND5_PROBES,
  ...BLIND6_PROBES,
  ...BLIND7_PROBES,
  ...BLIND8_PROBES,
  ...BLIND9_PROBES,
  ...BLIND10_PROBES,
  ...BLIND11_PROBES,
  ...BLIND12_PROBES,
  ...BLIND13_PROBES,
  ...BLIND14_PROBES,
  ...BLIND15_PROBES,
  ...BLIND16_PROBES,
  ...BLIND17_PROBES,
  ...BLIND18_PROBES,
  ...BLIND19_PROBES,
  ...BLIND20_PROBES,
  ...BLIND21_PROBES,
  ...BLIND22_PROBES,
  ...BLIND23_PROBES,
  ...BLIND24_PROBES,
  ...BLIND25_PROBES,
  ...BLIND26_PROBES,
  ...BLIND27_PROBES,
  ...BLIND28_PROBES,
  ...BLIND29_PROBES,
  ...BLIND30_PROBES,
  ...BLIND31_PROBES,
  ...BLIND32_PROBES,
  ...BLIND33_PROBES,
  ...BLIND34_PROBES,
  ...BINDING_PROBES,
  ...DEPLOYMENT_PROBES,
  ...FIELD_MEANING_PROBES,
};

/** Which file probes a fault: faults.test.ts the areas that no other file names. */
export type ProbeFile = 'states' | 'filters' | 'other';
const FILE_OF_AREA: Partial<Record<CloudFault['area'], ProbeFile>> = { states: 'states', actions: 'states', filters: 'filters' };

/**
 * Simulated work at its default pace: some probes act on a state that lasts one step (an action
 * Canceling, In progress), and the unit files run beside each other and beside CLI runs.
 */
const TIME_SCALE = 1;
/**
 * Probes that act on an action within a window of its life (In progress, Canceling) run at five
 * times the durations: at the default pace a service start lasts 80 ms and a deploy 150 ms, and on
 * a loaded machine (CI, with the real daemons' runs beside) the clean server had ended the action
 * before the probe's next request came (in CI, two of these probes failed that way, once each).
 */
const WINDOW_PACE = 5;
const ACTS_WITHIN_A_WINDOW: ReadonlySet<CloudFaultName> = new Set([
  'retry-in-progress-allowed',
  'cancel-refused',
  'cancel-never-offered',
  'cancel-deploy-keeps-working',
  'cancel-canceled-allowed',
  'cancel-canceling-allowed',
  'retry-canceling-allowed',
  'blind2-canceled-retry-refused',
  'blind2-end-date-lte-takes-unfinished',
  'blind3-action-list-by-end-date',
  'blind5-node-upgrading-terminate-accepted',
  'blind6-action-end-date-at-start',
  'blind7-action-cancel-ends-failed',
  'blind8-cluster-scaling-deploy-accepted',
  'blind8-cancel-answers-previous-state',
  'blind9-canceling-not-announced',
  'blind23-async-action-shown-pending',
  'blind27-retried-action-cancel-refused',
  'blind32-canceling-not-stored',
  'blind32-sync-action-pending-behind-async',
  'blind34-action-in-progress-title-case',
  'sequential-boots-all-at-once',
]);

/** Registers, one after another, the probe test of each fault of that file's areas. */
export function probeFaults(file: ProbeFile): void {
  describe('cloud faults', () => {
    for (const fault of CLOUD_FAULTS.filter((f) => (FILE_OF_AREA[f.area] ?? 'other') === file)) {
      it(`${fault.name}: observable with the fault, not without it`, async () => {
        const probe = PROBES[fault.name] as (t: TestServer) => Promise<void>;
        const timeScale = ACTS_WITHIN_A_WINDOW.has(fault.name) ? WINDOW_PACE : TIME_SCALE;
        await withServer({ faults: [fault.name], timeScale }, probe);
        await withServer({ timeScale }, (clean) => expect(probe(clean)).rejects.toThrow());
      });
    }
  });
}

async function withServer(opts: Parameters<typeof startTestServer>[0], use: (t: TestServer) => Promise<void>): Promise<void> {
  const server = await startTestServer(opts);
  try {
    await use(server);
  } finally {
    await server.close();
  }
}
