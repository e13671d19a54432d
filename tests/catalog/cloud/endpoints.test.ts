import { describe, expect, test } from 'vitest';
import { SchemaValidator } from '../../../harness/schema/validator.ts';
import { CONTRACT_ENDPOINT_IDS, CONTRACT_STREAM_IDS, NAMESPACED_RESOURCES, endpoints } from './cloud-catalog.ts';

const schemaNames = new SchemaValidator('neutral').names('cloud/v1');
const resourceOf = (id: string): string => id.split('/')[1] ?? '';

describe('cloud endpoint catalog', () => {
  test('holds exactly the endpoints of the contract, once each', () => {
    const ids = endpoints.map((e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect([...ids].sort()).toEqual([...CONTRACT_ENDPOINT_IDS].sort());
  });

  test('no two endpoints share a method and path', () => {
    const keys = endpoints.map((e) => `${e.method} ${e.path}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  test('every endpoint is v1, on the stated interface; stream endpoints are GETs', () => {
    expect(endpoints.filter((e) => e.versions.join() !== 'v1').map((e) => e.id)).toEqual([]);
    expect(
      endpoints
        .filter((e) => e.interface === 'stream')
        .map((e) => e.id)
        .sort(),
    ).toEqual([...CONTRACT_STREAM_IDS].sort());
    expect(endpoints.filter((e) => e.interface !== 'stream' && e.interface !== 'rest').map((e) => e.id)).toEqual([]);
    expect(endpoints.filter((e) => e.interface === 'stream' && e.method !== 'GET').map((e) => e.id)).toEqual([]);
  });

  test('paths are /api/<subsystem>/v1/<resource>..., without a namespace segment', () => {
    const resources = 'action|provider|region|az|nodetype|nodecluster|node|registry|repository|stack|service|container|events';
    const shape = new RegExp(`^/api/(audit|infra|app|repo)/v1/(${resources})(/|$)`);
    const wrong = endpoints.filter((e) => !shape.test(e.path));
    expect(wrong.map((e) => `${e.id} ${e.path}`)).toEqual([]);
  });

  test('namespaced is set exactly on the namespaced resources (and on events, per the facts)', () => {
    const wrong = endpoints.filter((e) => e.namespaced !== (NAMESPACED_RESOURCES.includes(resourceOf(e.id)) || e.id === 'cloud/events'));
    expect(wrong.map((e) => e.id)).toEqual([]);
  });

  test('every schema named by a request body or a response exists', () => {
    const named = endpoints.flatMap((e) => [e.requestBody?.schema, ...e.responses.map((r) => r.schema)].filter((s): s is string => !!s).map((s) => [e.id, s]));
    expect(named.filter(([, s]) => !schemaNames.includes(s!))).toEqual([]);
  });

  test('list endpoints answer a list of their objects; other REST GETs one object', () => {
    for (const e of endpoints.filter((x) => x.interface === 'rest' && x.method === 'GET')) {
      const ok = e.responses.find((r) => r.status === 200);
      expect(ok?.schema, e.id).toBeTruthy();
      expect(ok?.list === true, e.id).toBe(e.id.endsWith('/list'));
    }
  });

  test('create, update and the action verbs take a body schema only where the spec gives a body', () => {
    const withBody = endpoints
      .filter((e) => e.requestBody)
      .map((e) => e.id)
      .sort();
    expect(withBody).toEqual(
      [
        'cloud/nodecluster/create',
        'cloud/nodecluster/update',
        'cloud/node/update',
        'cloud/repository/create',
        'cloud/repository/update',
        'cloud/stack/create',
        'cloud/stack/update',
        'cloud/service/create',
        'cloud/service/update',
      ].sort(),
    );
  });

  test("status codes the spec does not state are marked fromFacts; 202 is the spec's only where a transitional state shows the work is asynchronous", () => {
    const unmarked = endpoints.flatMap((e) =>
      e.responses.filter((r) => [200, 201, 204, 401, 404].includes(r.status) && r.fromFacts !== true).map((r) => `${e.id} ${r.status}`),
    );
    expect(unmarked).toEqual([]);
    const spec202 = endpoints.flatMap((e) => e.responses.filter((r) => r.status === 202 && !r.fromFacts).map((r) => [e.id, r.meaning] as const));
    expect(spec202.length).toBeGreaterThan(0);
    for (const [id, meaning] of spec202) expect(meaning, id).toMatch(/passes through the \w+ state/);
  });

  test('every response of an operation that changes something carries the action header', () => {
    const missing = endpoints
      .filter((e) => e.interface === 'rest' && e.method !== 'GET')
      .flatMap((e) => e.responses.filter((r) => r.status < 300 && !r.headers?.includes('X-Vendor-Action-URI')).map((r) => `${e.id} ${r.status}`));
    expect(missing).toEqual([]);
  });

  test('stream endpoints upgrade (101) and say what each message looks like', () => {
    for (const e of endpoints.filter((x) => x.interface === 'stream')) {
      const upgrade = e.responses.find((r) => r.status === 101);
      expect(upgrade?.jsonStream, e.id).toBe(true);
      expect(schemaNames, e.id).toContain(upgrade?.schema);
    }
  });

  test('the documented query defaults are in the catalog: tail 300, follow true, reuse_volumes true', () => {
    const defaults = endpoints.flatMap((e) =>
      e.query.filter((q) => ['tail', 'follow', 'reuse_volumes'].includes(q.name)).map((q) => `${e.id}?${q.name}=${String(q.default)}`),
    );
    expect(defaults.sort()).toEqual([
      'cloud/action/logs?follow=true',
      'cloud/action/logs?tail=300',
      'cloud/container/logs?follow=true',
      'cloud/container/logs?tail=300',
      'cloud/container/redeploy?reuse_volumes=true',
      'cloud/service/logs?follow=true',
      'cloud/service/logs?tail=300',
      'cloud/service/redeploy?reuse_volumes=true',
      'cloud/stack/redeploy?reuse_volumes=true',
    ]);
  });

  test('every state filter lists the states of its resource schema', () => {
    const validator = new SchemaValidator('neutral');
    const stateEnum = (schema: string, def: string): unknown => (validator.schema('cloud/v1', schema).$defs as Record<string, { enum: string[] }>)[def]?.enum;
    const expected: Record<string, unknown> = {
      'cloud/nodecluster/list': stateEnum('node-cluster', 'NodeClusterState'),
      'cloud/node/list': stateEnum('node', 'NodeState'),
      'cloud/service/list': stateEnum('service', 'ServiceState'),
      'cloud/container/list': stateEnum('container', 'ContainerState'),
    };
    for (const [id, states] of Object.entries(expected)) {
      expect(endpoints.find((e) => e.id === id)?.query.find((q) => q.name === 'state')?.enum, id).toEqual(states);
    }
  });
});
