/**
 * Behaves like the service's typed public clients (facts file): follows relative `next` links to
 * the end, parses RFC 2822 dates, relies on integer/boolean field types, and reads the event,
 * log and exec message shapes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployedCluster, runningService, startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await deployedCluster(t, 1);
  for (let i = 0; i < 7; i++) await t.ok('POST', '/api/app/v1/service/', { image: `img${i}` });
});
afterAll(() => t.close());

const RFC2822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$/;

/** The Python client: requests meta.next as given until it is null. */
async function listAll(path: string): Promise<any[]> {
  const objects: any[] = [];
  for (let next: string | null = path; next; ) {
    expect(next.startsWith('/api/')).toBe(true);
    const page: any = await t.ok('GET', next);
    expect(Object.keys(page.meta).sort()).toEqual(['limit', 'next', 'offset', 'previous', 'total_count']);
    objects.push(...page.objects);
    next = page.meta.next;
  }
  return objects;
}

describe('typed clients', () => {
  it('walks relative next links to the end, and offset+limit gives the same pages', async () => {
    const walked = await listAll('/api/app/v1/service/?limit=3');
    const total = (await t.ok('GET', '/api/app/v1/service/')).meta.total_count;
    expect(walked).toHaveLength(total);
    expect(new Set(walked.map((s) => s.uuid)).size).toBe(total);
    const second = await t.ok('GET', '/api/app/v1/service/?limit=3&offset=3');
    expect(second.objects.map((s: any) => s.uuid)).toEqual(walked.slice(3, 6).map((s) => s.uuid));
    expect(second.meta.previous).toBe('/api/app/v1/service/?limit=3&offset=0');
    expect((await t.ok('GET', '/api/app/v1/service/')).meta.limit).toBe(25);
  });

  it('gets RFC 2822 dates (or null) that parse, and integers and booleans where the Go client declares them', async () => {
    const svc = await runningService(t, {
      image: 'typed',
      container_ports: [{ protocol: 'tcp', inner_port: 80, published: true }],
      bindings: [{ container_path: '/d' }],
    });
    const c = await t.ok('GET', svc.containers[0]);
    for (const v of [svc.started_datetime, svc.deployed_datetime, c.started_datetime]) {
      expect(v).toMatch(RFC2822);
      expect(Number.isNaN(Date.parse(v))).toBe(false);
    }
    expect(svc.destroyed_datetime).toBeNull();
    for (const k of ['target_num_containers', 'current_num_containers', 'running_num_containers', 'stopped_num_containers'])
      expect(Number.isInteger(svc[k])).toBe(true);
    for (const k of ['privileged', 'synchronized', 'autoredeploy', 'sequential_deployment']) expect(typeof svc[k]).toBe('boolean');
    expect(Number.isInteger(c.container_ports[0].inner_port) && Number.isInteger(c.container_ports[0].outer_port)).toBe(true);
    expect(typeof c.container_ports[0].published).toBe('boolean');
    expect(typeof c.bindings[0].rewritable).toBe('boolean');
    const cluster = (await t.ok('GET', '/api/infra/v1/nodecluster/')).objects[0];
    expect(Number.isInteger(cluster.disk) && Number.isInteger(cluster.target_num_nodes)).toBe(true);
    const registry = (await t.ok('GET', '/api/repo/v1/registry/')).objects[0];
    expect(typeof registry.is_ssl).toBe('boolean');
    expect(typeof (await t.ok('GET', '/api/infra/v1/provider/aws/')).available).toBe('boolean');
  });

  it('reads event, log and exec messages in the shapes the clients decode', async () => {
    const events = await t.ws('/api/audit/v1/events/');
    await events.waitFor((m) => m.type === 'auth');
    const svc = await runningService(t, { image: 'shapes' });
    const event = await events.waitFor((m) => m.type === 'container');
    expect(Object.keys(event).sort()).toEqual(['action', 'datetime', 'parents', 'resource_uri', 'state', 'type', 'uuid']);
    expect(['create', 'update', 'delete']).toContain(event.action);
    events.close();
    const logs = await t.ws(`${svc.resource_uri}logs/?follow=false`);
    await logs.closed;
    expect(Object.keys(logs.messages[0]).sort()).toEqual(['log', 'source', 'streamType', 'timestamp', 'type']);
    const exec = await t.ws(`${svc.containers[0]}exec/?command=echo+ok`);
    await exec.closed;
    expect(exec.messages.every((m) => typeof m.type === 'string' && typeof m.output === 'string' && typeof m.streamType === 'string')).toBe(true);
    expect(exec.messages.at(-1).output).toBe('EOF');
  });

  it('sends {} on GET and DELETE without Content-Type, like the Go client', async () => {
    const svc = await t.ok('POST', '/api/app/v1/service/', { image: 'go' });
    const headers = { 'Content-Type': '' };
    expect((await t.call('GET', svc.resource_uri, undefined, { rawBody: '{}', headers })).status).toBe(200);
    expect((await t.call('DELETE', svc.resource_uri.replace(/\/$/, ''), undefined, { rawBody: '{}', headers })).status).toBe(202);
  });
});
