import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployedCluster, runningService, settledIn, startTestServer, until, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await deployedCluster(t, 1);
});
afterAll(() => t.close());

const get = (uri: string): Promise<any> => t.ok('GET', uri);

describe('events', () => {
  it('sends an auth frame, then events with parents and an ISO 8601 datetime', async () => {
    const events = await t.ws('/api/audit/v1/events');
    await events.waitFor((m) => m.type === 'auth');
    const svc = await runningService(t, { image: 'evt' });
    const created = await events.waitFor((m) => m.type === 'service' && m.action === 'create');
    expect(created).toEqual({
      type: 'service',
      action: 'create',
      parents: [],
      resource_uri: svc.resource_uri,
      state: 'Not running',
      uuid: svc.uuid,
      datetime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    const container = await events.waitFor((m) => m.type === 'container' && m.state === 'Running');
    const node = (await get(svc.containers[0])).node;
    expect(container.parents).toEqual(expect.arrayContaining([svc.resource_uri, node]));
    expect(container.parents).toHaveLength(3);
    const act = await events.waitFor((m) => m.type === 'action' && m.state === 'Success');
    expect(act.parents).toHaveLength(1);
    events.close();
  });

  it('filters by type, object and parent, and serves the namespaced path without the trailing slash', async () => {
    const svc = await t.ok('POST', '/api/app/v1/service/', { image: 'flt' });
    const byParent = await t.ws(`/api/audit/v1/conformance/events?parent=${svc.resource_uri}`);
    const byType = await t.ws('/api/audit/v1/events/?type=action');
    await byParent.waitFor((m) => m.type === 'auth');
    await byType.waitFor((m) => m.type === 'auth');
    await t.ok('POST', `${svc.resource_uri}start/`);
    await until(
      () => get(svc.resource_uri),
      (x) => x.state === 'Running',
    );
    await byParent.waitFor((m) => m.type === 'container');
    await byType.waitFor((m) => m.type === 'action');
    expect(byParent.messages.slice(1).every((m) => m.parents.includes(svc.resource_uri))).toBe(true);
    expect(byType.messages.slice(1).every((m) => m.type === 'action')).toBe(true);
    byParent.close();
    byType.close();
  });

  it('answers 403 for a foreign namespace', async () => {
    await expect(t.ws('/api/audit/v1/conformance2/events')).rejects.toMatchObject({ status: 403 });
  });
});

describe('logs', () => {
  it('container logs: tail, then follow=false closes; lines are {type, log, streamType, timestamp}', async () => {
    const svc = await runningService(t, { image: 'logger', run_command: 'python app.py' });
    const uri = svc.containers[0];
    const path = uri.replace(/\/$/, '');
    const all = await t.ws(`${path}/logs/?follow=false`);
    expect(await all.closed).toBe(1000);
    expect(all.messages.length).toBeGreaterThanOrEqual(2);
    expect(all.messages[0]).toEqual({ type: 'log', log: expect.any(String), streamType: 'stdout', timestamp: expect.any(Number) });
    const one = await t.ws(`${path}/logs/?follow=false&tail=1`);
    await one.closed;
    expect(one.messages).toEqual([all.messages.at(-1)]);
  });

  it('service logs follow new lines with their source container', async () => {
    const svc = await runningService(t, { image: 'logger' });
    const logs = await t.ws(`${svc.resource_uri}logs/?tail=0`);
    await t.ok('POST', `${svc.containers[0]}stop/`);
    const line = await logs.waitFor((m) => m.log === 'Stopped');
    expect(line).toMatchObject({ type: 'log', source: 'logger-1', streamType: 'stdout' });
    logs.close();
  });

  it('run_command output reaches the logs', async () => {
    // A finite run_command: Running lasts only until it exits, too briefly to wait for.
    const created = await t.ok('POST', '/api/app/v1/service/', { image: 'echoer', run_command: 'echo hello from $HOSTNAME' });
    await t.ok('POST', `${created.resource_uri}start/`);
    const svc = await settledIn(t, created.resource_uri, 'Stopped');
    const logs = await t.ws(`${svc.containers[0]}logs/?follow=false`);
    await logs.closed;
    expect(logs.messages.map((m) => m.log)).toContain('hello from echoer-1');
  });
});

describe('exec', () => {
  it('runs a command given in ?command= and ends with EOF', async () => {
    const svc = await runningService(t, { image: 'ex', container_envvars: [{ key: 'GREETING', value: 'hi' }] });
    const session = await t.ws(`${svc.containers[0]}exec/?command=${encodeURIComponent('echo $GREETING')}`);
    await session.closed;
    expect(session.messages).toEqual([
      { type: 'output', output: 'hi\n', streamType: 'stdout' },
      { type: 'output', output: 'EOF', streamType: 'stdout' },
    ]);
  });

  it('runs a shell fed with raw keystrokes until exit', async () => {
    const svc = await runningService(t, { image: 'sh' });
    const session = await t.ws(`${svc.containers[0]}exec/`);
    session.send('host');
    session.send('name\r');
    await session.waitFor((m) => m.output === 'sh-1\n');
    session.send('nope\n');
    expect((await session.waitFor((m) => m.streamType === 'stderr')).output).toContain('not found');
    session.send('exit\n');
    await session.waitFor((m) => m.output === 'EOF');
    expect(await session.closed).toBe(1000);
  });

  it('expands arithmetic as a shell does: $((...)) with + - * / %, the multiplicative operators first', async () => {
    const svc = await runningService(t, { image: 'ar' });
    const session = await t.ws(`${svc.containers[0]}exec/?command=${encodeURIComponent('echo n-$((6*7)) $((1+2*3-8/2)) $((17%5))')}`);
    await session.closed;
    expect(session.messages[0]).toEqual({ type: 'output', output: 'n-42 3 2\n', streamType: 'stdout' });
  });

  it('refuses exec on a container that is not running (409)', async () => {
    const svc = await runningService(t, { image: 'st' });
    await t.ok('POST', `${svc.containers[0]}stop/`);
    await until(
      () => get(svc.containers[0]),
      (c) => c.state === 'Stopped',
    );
    await expect(t.ws(`${svc.containers[0]}exec/`)).rejects.toMatchObject({ status: 409 });
  });
});
