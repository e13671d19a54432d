import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_TYPE, REGION, startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('authentication', () => {
  it('answers 401 with an error body without credentials or with a wrong key', async () => {
    const none = await t.call('GET', '/api/app/v1/service/', undefined, { user: '' });
    expect(none.status).toBe(401);
    expect(typeof none.body.error).toBe('string');
    const wrong = await t.call('GET', '/api/app/v1/service/', undefined, { user: 'conformance', key: 'nope' });
    expect(wrong.status).toBe(401);
  });

  it('serves with Basic username:apikey', async () => {
    expect((await t.call('GET', '/api/app/v1/service/')).status).toBe(200);
  });

  it('refuses a stream upgrade without credentials and accepts the ?user=&token= form', async () => {
    await expect(t.ws('/api/audit/v1/events', { user: '' })).rejects.toMatchObject({ status: 401 });
    const session = await t.ws('/api/audit/v1/events?user=conformance&token=conformance', { headers: {} });
    expect(await session.waitFor((m) => m.type === 'auth')).toEqual({ type: 'auth' });
    session.close();
  });
});

describe('request forms', () => {
  it('accepts paths without the trailing slash, bodies without Content-Type, and {} on GET', async () => {
    expect((await t.call('GET', '/api/infra/v1/provider')).status).toBe(200);
    const created = await t.call('POST', '/api/app/v1/service', undefined, { rawBody: JSON.stringify({ image: 'nginx' }), headers: { 'Content-Type': '' } });
    expect(created.status).toBe(201);
    expect((await t.call('GET', '/api/app/v1/service/', undefined, { rawBody: '{}' })).status).toBe(200);
  });

  it('answers 400 for a malformed body, 404 for unknown paths, 405 for a wrong method', async () => {
    expect((await t.call('POST', '/api/app/v1/service/', undefined, { rawBody: '{nope' })).status).toBe(400);
    expect((await t.call('GET', '/api/app/v1/nothing/')).status).toBe(404);
    expect((await t.call('PUT', '/api/app/v1/service/')).status).toBe(405);
  });

  it('answers 413 for a body over 1 MiB, and the next request is served', async () => {
    expect((await t.call('POST', '/api/app/v1/service/', undefined, { rawBody: `"${'x'.repeat(2 << 20)}"` })).status).toBe(413);
    expect((await t.call('GET', '/api/app/v1/service/')).status).toBe(200);
  });
});

describe('namespaces', () => {
  it('isolates users: another user namespace answers 403, own resources are invisible to others', async () => {
    const mine = await t.ok('POST', '/api/app/v1/service/', { image: 'redis', name: 'private' });
    const other = await t.call('GET', '/api/app/v1/conformance/service/', undefined, { user: 'conformance2' });
    expect(other.status).toBe(403);
    expect(typeof other.body.error).toBe('string');
    const theirs = await t.call('GET', `/api/app/v1/service/${mine.uuid}/`, undefined, { user: 'conformance2' });
    expect(theirs.status).toBe(404);
    const list = await t.call('GET', '/api/app/v1/service/', undefined, { user: 'conformance2' });
    expect(list.body.objects.map((s: any) => s.uuid)).not.toContain(mine.uuid);
  });

  it('shares an organization namespace between its members, with the segment in resource_uri', async () => {
    const svc = await t.ok('POST', '/api/app/v1/conformance-org/service/', { image: 'redis', name: 'shared' });
    expect(svc.resource_uri).toBe(`/api/app/v1/conformance-org/service/${svc.uuid}/`);
    const seen = await t.call('GET', `/api/app/v1/conformance-org/service/${svc.uuid}/`, undefined, { user: 'conformance2' });
    expect(seen.status).toBe(200);
    expect(seen.body.resource_uri).toBe(svc.resource_uri);
    expect((await t.call('GET', `/api/app/v1/service/${svc.uuid}/`)).status).toBe(404);
  });

  it('spells resource_uri with the namespace segment exactly when the creating request named one', async () => {
    const named = await t.ok('POST', '/api/app/v1/conformance/service/', { image: 'redis' });
    expect(named.resource_uri).toBe(`/api/app/v1/conformance/service/${named.uuid}/`);
    const viaDefault = await t.ok('GET', `/api/app/v1/service/${named.uuid}/`);
    expect(viaDefault.resource_uri).toBe(named.resource_uri);
    const plain = await t.ok('POST', '/api/infra/v1/nodecluster/', { name: 'c', node_type: NODE_TYPE, region: REGION });
    expect(plain.resource_uri).toBe(`/api/infra/v1/nodecluster/${plain.uuid}/`);
    const viaNamed = await t.ok('GET', `/api/infra/v1/conformance/nodecluster/${plain.uuid}/`);
    expect(viaNamed.resource_uri).toBe(plain.resource_uri);
  });
});
