/**
 * The cloud mutants do what they say: each one run against the cloud reference through its one
 * hook changes the behaviour it names (and the reference without it behaves per the spec).
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { MutationSpec } from '../../harness/mutation/types.ts';
import { mutantHook } from '../../harness/mutation/hook.ts';
import { action, deployedCluster, settledIn, startTestServer, until, type TestServer } from '../reference/cloud/helpers.ts';

const SERVICES = '/api/app/v1/service/';
const at = (endpoint: string) => ({ endpoint, version: 'v1' });

let running: TestServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** A reference with the mutant on and one deployed node, so services can run. */
async function mutated(spec: MutationSpec | undefined, nodes = 1): Promise<TestServer> {
  running = await startTestServer(spec ? { mutation: mutantHook(spec) } : {});
  if (nodes) await deployedCluster(running, nodes);
  return running;
}

const created = (t: TestServer, body: Record<string, unknown> = { image: 'nginx' }): Promise<any> => t.ok('POST', SERVICES, body);
const actionOf = (t: TestServer, answer: Awaited<ReturnType<TestServer['call']>>) => action(t, answer);

describe('state tables', () => {
  test('state/cell-refused-accepted: stop of a Not running service is accepted (only that cell)', async () => {
    const t = await mutated({ kind: 'state-cell', ...at('cloud/service/stop'), resource: 'service', state: 'Not running', allowed: false }, 0);
    const svc = await created(t);
    expect((await t.call('POST', `${SERVICES}${svc.uuid}/stop/`)).status).toBe(202);
    expect((await t.call('POST', `${SERVICES}${svc.uuid}/redeploy/`)).status).toBe(409);
  });

  test('state/cell-allowed-refused: start of a Not running service is refused with 409', async () => {
    const t = await mutated({ kind: 'state-cell', ...at('cloud/service/start'), resource: 'service', state: 'Not running', allowed: true }, 0);
    const svc = await created(t);
    const answer = await t.call('POST', `${SERVICES}${svc.uuid}/start/`);
    expect(answer.status).toBe(409);
    expect((await t.ok('GET', `${SERVICES}${svc.uuid}/`)).state).toBe('Not running');
  });

  test('state/reached-replaced: start leaves the service Stopped', async () => {
    const t = await mutated({ kind: 'state-reached', ...at('cloud/service/start'), resource: 'service', reached: 'Stopped' });
    const svc = await created(t);
    const answer = await t.call('POST', `${SERVICES}${svc.uuid}/start/`);
    await until(
      () => actionOf(t, answer),
      (a) => a.state === 'Success',
    );
    expect((await t.ok('GET', `${SERVICES}${svc.uuid}/`)).state).toBe('Stopped');
  });
});

describe('actions', () => {
  test('action/never-finishes: the start succeeds but its action stays In progress', async () => {
    const t = await mutated({ kind: 'action-end', ...at('cloud/service/start'), end: 'never' });
    const svc = await created(t);
    const answer = await t.call('POST', `${SERVICES}${svc.uuid}/start/`);
    await settledIn(t, `${SERVICES}${svc.uuid}/`, 'Running');
    await new Promise((r) => setTimeout(r, 100));
    expect((await actionOf(t, answer)).state).toBe('In progress');
  });

  test('action/ends-failed: the start succeeds but its action ends Failed', async () => {
    const t = await mutated({ kind: 'action-end', ...at('cloud/service/start'), end: 'Failed' });
    const svc = await created(t);
    const answer = await t.call('POST', `${SERVICES}${svc.uuid}/start/`);
    await settledIn(t, `${SERVICES}${svc.uuid}/`, 'Running');
    await until(
      () => actionOf(t, answer),
      (a) => a.state === 'Failed',
    );
  });

  test('answer/header-absent: the start answers 202 without its action header; stop, not named, keeps it', async () => {
    const t = await mutated({ kind: 'header-withheld', ...at('cloud/service/start'), status: 202, header: 'X-Vendor-Action-URI' });
    const svc = await created(t);
    const started = await t.call('POST', `${SERVICES}${svc.uuid}/start/`);
    expect([started.status, started.headers.get('x-dockercloud-action-uri')]).toEqual([202, null]);
    await settledIn(t, `${SERVICES}${svc.uuid}/`, 'Running');
    const stopped = await t.call('POST', `${SERVICES}${svc.uuid}/stop/`);
    expect(stopped.headers.get('x-dockercloud-action-uri')).toMatch(/^\/api\/audit\/v1\/action\//);
  });

  test('legal/refusal-as-failed-action: a stop the state refuses answers 202 and its action ends Failed', async () => {
    const t = await mutated({ kind: 'refusal-as-failed-action', ...at('cloud/service/stop') }, 0);
    const svc = await created(t);
    const answer = await t.call('POST', `${SERVICES}${svc.uuid}/stop/`);
    expect(answer.status).toBe(202);
    await until(
      () => actionOf(t, answer),
      (a) => a.state === 'Failed',
    );
    expect((await t.ok('GET', `${SERVICES}${svc.uuid}/`)).state).toBe('Not running');
  });

  test('action/include-related-tree: a service of a stack takes in its sibling service', async () => {
    const t = await mutated({ kind: 'include-related-tree', ...at('cloud/action/list'), objectKind: 'service' }, 0);
    const stack = await t.ok('POST', '/api/app/v1/stack/', {
      name: 's',
      services: [
        { name: 'a', image: 'nginx' },
        { name: 'b', image: 'nginx' },
      ],
    });
    const [a, b] = stack.services as string[];
    await t.ok('PATCH', b!, { target_num_containers: 2 });
    const listed = await t.ok('GET', `/api/audit/v1/action/?object=${encodeURIComponent(a!)}&include_related=true`);
    expect(listed.objects.some((x: { object: string }) => x.object === b)).toBe(true);
  });
});

describe('operations, defaults and namespaces', () => {
  test('operation/not-applied: start answers 202 and the service stays Not running; a create answers 201 and leaves nothing', async () => {
    const start = await mutated({ kind: 'operation-not-applied', ...at('cloud/service/start') });
    const svc = await created(start);
    expect((await start.call('POST', `${SERVICES}${svc.uuid}/start/`)).status).toBe(202);
    await new Promise((r) => setTimeout(r, 100));
    expect((await start.ok('GET', `${SERVICES}${svc.uuid}/`)).state).toBe('Not running');
    await start.close();
    const create = await mutated({ kind: 'operation-not-applied', ...at('cloud/service/create') }, 0);
    const gone = await created(create);
    expect((await create.call('GET', `${SERVICES}${gone.uuid}/`)).status).toBe(404);
  });

  test('operation/deleted-still-answered: a terminated service is answered as Running', async () => {
    const t = await mutated({ kind: 'terminated-alive', ...at('cloud/service/get'), alive: 'Running' }, 0);
    const svc = await created(t);
    await t.ok('DELETE', `${SERVICES}${svc.uuid}/`);
    await until(
      () => t.call('GET', `${SERVICES}${svc.uuid}/`),
      (a) => a.status === 200 && a.body.state === 'Running',
    );
  });

  test('operation/deleted-still-answered: start of a terminated service is run as if it were Not running', async () => {
    const t = await mutated({ kind: 'terminated-alive', ...at('cloud/service/start'), alive: 'Not running' }, 0);
    const svc = await created(t);
    await t.ok('DELETE', `${SERVICES}${svc.uuid}/`);
    await settledIn(t, `${SERVICES}${svc.uuid}/`, 'Terminated');
    expect((await t.call('POST', `${SERVICES}${svc.uuid}/start/`)).status).toBe(202);
  });

  test('operation/refused-create-leaves: a create refused for its body still leaves a service', async () => {
    const t = await mutated({ kind: 'refused-create-leaves', ...at('cloud/service/create'), required: { image: 'nginx' } }, 0);
    expect((await t.call('POST', SERVICES, { image: 'nginx', name: 'kept', target_num_containers: -1 })).status).toBe(400);
    expect((await t.call('POST', SERVICES, { name: 'imageless' })).status).toBe(400);
    const left = (await t.ok('GET', SERVICES)).objects.map((s: { name: string }) => s.name);
    expect(left.sort()).toEqual(['imageless', 'kept']);
  });

  test('default/replaced: a create without target_num_containers gets 2', async () => {
    const t = await mutated({ kind: 'body-default', ...at('cloud/service/create'), path: ['target_num_containers'], value: 2 }, 0);
    expect((await created(t)).target_num_containers).toBe(2);
    expect((await created(t, { image: 'nginx', target_num_containers: 3 })).target_num_containers).toBe(3);
  });

  test('auth/wrong-key-accepted: a wrong API key is let through, a call without credentials still refused', async () => {
    const t = await mutated({ kind: 'credentials-accepted', ...at('cloud/service/list'), sent: 'wrong' }, 0);
    expect((await t.call('GET', SERVICES, undefined, { key: 'wrong' })).status).toBe(200);
    expect((await t.call('GET', SERVICES, undefined, { user: '' })).status).toBe(401);
    expect((await t.call('GET', '/api/app/v1/stack/', undefined, { key: 'wrong' })).status).toBe(401);
  });

  test('namespace/foreign-accepted: a namespace of nobody the caller knows is answered 200, not 403', async () => {
    const foreign = '/api/app/v1/someone-else/service/';
    const plain = await mutated(undefined, 0);
    expect((await plain.call('GET', foreign)).status).toBe(403);
    await plain.close();
    const t = await mutated({ kind: 'namespace-foreign-accepted', ...at('cloud/service/list') }, 0);
    expect((await t.call('GET', foreign)).status).toBe(200);
  });
});
