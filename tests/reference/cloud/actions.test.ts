import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action, deployedCluster, startTestServer, until, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  // Slower simulated time, so that an action is still In progress when the test reads or cancels
  // it, also on a loaded machine (at 3, a service start had ended before the read in one run).
  t = await startTestServer({ timeScale: 10 });
  await deployedCluster(t, 1);
});
afterAll(() => t.close());

const SERVICES = '/api/app/v1/service/';
/** How long a poll waits for an action or a service to settle: Canceling alone lasts 2.5 s at this scale. */
const SETTLE_MS = 10_000;
const get = (uri: string): Promise<any> => t.ok('GET', uri);
const ACTION_FIELDS = [
  'resource_uri',
  'uuid',
  'object',
  'action',
  'method',
  'path',
  'user',
  'user_agent',
  'start_date',
  'end_date',
  'state',
  'ip',
  'location',
  'is_user_action',
  'can_be_canceled',
  'can_be_retried',
];

describe('actions', () => {
  it('a synchronous call ends Success at once, with every field and the header naming it', async () => {
    const answer = await t.call('POST', SERVICES, { image: 'x' }, { headers: { 'User-Agent': 'test-agent/1' } });
    const uri = answer.headers.get('x-dockercloud-action-uri');
    expect(uri).toMatch(/^\/api\/audit\/v1\/action\/[0-9a-f-]{36}\/$/);
    const a = await get(uri as string);
    expect(Object.keys(a).sort()).toEqual([...ACTION_FIELDS].sort());
    expect(a).toMatchObject({
      resource_uri: uri,
      object: answer.body.resource_uri,
      action: 'Service Create',
      method: 'POST',
      path: SERVICES,
      user: 'conformance',
      user_agent: 'test-agent/1',
      state: 'Success',
      ip: '127.0.0.1',
      is_user_action: true,
      can_be_canceled: false,
      can_be_retried: true,
    });
    expect(a.end_date).not.toBeNull();
  });

  it('a failed synchronous call creates a Failed action with the error in its logs', async () => {
    const answer = await t.call('POST', SERVICES, { name: 'no-image' });
    expect(answer.status).toBe(400);
    const a = await action(t, answer);
    expect(a.state).toBe('Failed');
    const logs = await t.ws(`/api/audit/v1/action/${a.uuid}/logs/`);
    expect(await logs.closed).toBe(1000);
    expect(logs.messages[0]).toMatchObject({ type: 'log', log: expect.stringContaining('image') });
    expect(typeof logs.messages[0].timestamp).toBe('number');
  });

  it('a read is recorded as an action too: Success at once, of the object read, named by its answer', async () => {
    const svc = await t.ok('POST', SERVICES, { image: 'x' });
    const read = await t.call('GET', svc.resource_uri, undefined, { headers: { 'User-Agent': 'reader/1' } });
    const a = await action(t, read);
    expect(a).toMatchObject({ action: 'Read', method: 'GET', path: svc.resource_uri, object: svc.resource_uri, user_agent: 'reader/1', state: 'Success' });
    expect(a.end_date).not.toBeNull();
    const listed = (await get(`/api/audit/v1/action/?object=${svc.resource_uri}`)).objects;
    expect(listed.map((x: any) => x.resource_uri)).toContain(a.resource_uri);
  });

  it('an asynchronous call answers 202 In progress and ends Success', async () => {
    const svc = await t.ok('POST', SERVICES, { image: 'x' });
    const answer = await t.call('POST', `${SERVICES}${svc.uuid}/start/`);
    const a = await action(t, answer);
    expect(a).toMatchObject({ state: 'In progress', end_date: null, can_be_canceled: true, can_be_retried: false });
    expect(
      (
        await until(
          () => get(a.resource_uri),
          (x) => x.state !== 'In progress',
          SETTLE_MS,
        )
      ).state,
    ).toBe('Success');
  });

  it('cancel: In progress → Canceling → Canceled, undoing the operation; finished actions refuse', async () => {
    const svc = await t.ok('POST', SERVICES, { image: 'x' });
    const a = await action(t, await t.call('POST', `${SERVICES}${svc.uuid}/start/`));
    const canceled = await t.call('POST', `${a.resource_uri}cancel/`);
    expect(canceled.status).toBe(202);
    expect(canceled.body.state).toBe('Canceling');
    expect(
      (
        await until(
          () => get(a.resource_uri),
          (x) => x.state !== 'Canceling',
          SETTLE_MS,
        )
      ).state,
    ).toBe('Canceled');
    expect((await get(svc.resource_uri)).state).toBe('Not running');
    expect((await t.call('POST', `${a.resource_uri}cancel/`)).status).toBe(409);
    const done = await get((await t.call('POST', SERVICES, { image: 'y' })).headers.get('x-dockercloud-action-uri') as string);
    expect((await t.call('POST', `${done.resource_uri}cancel/`)).status).toBe(409);
  });

  it('retry: a finished action runs again as a new action; an In progress one refuses', async () => {
    const svc = await t.ok('POST', SERVICES, { image: 'x' });
    const first = await action(t, await t.call('POST', `${SERVICES}${svc.uuid}/start/`));
    expect((await t.call('POST', `${first.resource_uri}retry/`)).status).toBe(409);
    await t.ok('POST', `${first.resource_uri}cancel/`);
    await until(
      () => get(first.resource_uri),
      (x) => x.state === 'Canceled',
      SETTLE_MS,
    );
    const retried = await t.call('POST', `${first.resource_uri}retry/`);
    expect(retried.status).toBe(202);
    expect(retried.body.uuid).not.toBe(first.uuid);
    expect(retried.headers.get('x-dockercloud-action-uri')).toBe(retried.body.resource_uri);
    expect(retried.body).toMatchObject({ action: 'Service Start', object: svc.resource_uri, state: 'In progress' });
    expect(
      (
        await until(
          () => get(retried.body.resource_uri),
          (x) => x.state !== 'In progress',
          SETTLE_MS,
        )
      ).state,
    ).toBe('Success');
    expect((await get(svc.resource_uri)).state).toBe('Running');
  });

  it('lists chronologically and filters by uuid, state, dates, and object with include_related', async () => {
    const all = (await get('/api/audit/v1/action/?limit=0')).objects;
    const starts = all.map((a: any) => Date.parse(a.start_date));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect((await get(`/api/audit/v1/action/?uuid=${all[0].uuid}`)).objects).toEqual([all[0]]);
    const failed = (await get('/api/audit/v1/action/?state=Failed')).objects;
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((a: any) => a.state === 'Failed')).toBe(true);
    const future = encodeURIComponent('Fri, 01 Jan 2100 00:00:00 +0000');
    expect((await get(`/api/audit/v1/action/?start_date__gte=${future}`)).objects).toEqual([]);
    // Every read is recorded: the list has grown by the reads since, and still holds every action it held.
    const before = (await get(`/api/audit/v1/action/?start_date__lte=${future}&limit=0`)).objects.map((a: any) => a.uuid);
    expect(before).toEqual(expect.arrayContaining(all.map((a: any) => a.uuid)));
    const svc = await t.ok('POST', SERVICES, { image: 'rel' });
    await t.ok('POST', `${SERVICES}${svc.uuid}/start/`);
    const running = await until(
      () => get(svc.resource_uri),
      (x) => x.state === 'Running',
      SETTLE_MS,
    );
    await t.ok('POST', `${running.containers[0]}stop/`);
    // The reads of the service (the polls above) are its actions too; the calls that change something, in order:
    const writes = (list: any[]): string[] => list.filter((a) => a.method !== 'GET').map((a) => a.action);
    const own = (await get(`/api/audit/v1/action/?object=${svc.resource_uri}&limit=0`)).objects;
    expect(writes(own)).toEqual(['Service Create', 'Service Start']);
    expect(own.map((a: any) => a.action)).toContain('Read');
    const related = (await get(`/api/audit/v1/action/?object=${svc.resource_uri}&include_related=true&limit=0`)).objects;
    expect(writes(related)).toEqual(['Service Create', 'Service Start', 'Container Stop']);
    expect((await t.call('GET', `/api/audit/v1/action/?object=${svc.resource_uri}&state=Success`)).status).toBe(400);
  });

  it('hides the actions of namespaces the caller cannot address', async () => {
    const a = await action(t, await t.call('POST', SERVICES, { image: 'mine' }));
    expect((await t.call('GET', a.resource_uri, undefined, { user: 'conformance2' })).status).toBe(404);
  });
});
