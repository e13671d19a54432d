import { describe, expect, test } from 'vitest';
import { SchemaValidator } from '../../../harness/schema/validator.ts';
import { endpoints, requirements } from './cloud-catalog.ts';

const ids = requirements.map((r) => r.id);
const byId = new Map(requirements.map((r) => [r.id, r]));
const endpointIds = new Set(endpoints.map((e) => e.id));
const validator = new SchemaValidator('neutral');
const dashed = (name: string): string => name.replace(/_/g, '-');

describe('cloud requirements', () => {
  test('ids are unique, descriptive and in the cloud namespace; versions are v1', () => {
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !/^cloud(\/[a-z0-9][a-z0-9.-]*){2,}$/.test(id))).toEqual([]);
    expect(requirements.filter((r) => r.versions.join() !== 'v1').map((r) => r.id)).toEqual([]);
  });

  test('every endpoint a requirement names is in the catalog', () => {
    expect(requirements.filter((r) => r.endpoint && !endpointIds.has(r.endpoint)).map((r) => `${r.id} → ${r.endpoint}`)).toEqual([]);
  });

  test('every endpoint has at least one requirement', () => {
    const covered = new Set(requirements.map((r) => r.endpoint));
    expect([...endpointIds].filter((id) => !covered.has(id))).toEqual([]);
  });

  test('every schema a statement names exists', () => {
    const named = requirements.flatMap((r) => [...r.statement.matchAll(/\bschema ([a-z][a-z-]+)/g)].map((m) => [r.id, m[1]]));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter(([, s]) => !validator.has('cloud/v1', s!))).toEqual([]);
  });

  test('behaviours taken from the facts are informational, never required', () => {
    const wrong = requirements.filter((r) => /^facts \(informational\)/.test(r.statement) && r.level !== 'informational');
    expect(wrong.map((r) => r.id)).toEqual([]);
    expect(requirements.filter((r) => r.section.startsWith('Facts') && r.level !== 'informational').map((r) => r.id)).toEqual([]);
  });

  test.each([
    ['cloud/dates/rfc2822', 'required'],
    ['cloud/list/envelope', 'informational'],
    ['cloud/errors/body-shape', 'informational'],
    ['cloud/service/create/default-target-num-containers-1', 'required'],
    ['cloud/service/start/202-async', 'required'],
    ['cloud/action/cancel/in-progress-to-canceling', 'required'],
    ['cloud/actions/header-on-creating-responses', 'required'],
    ['cloud/auth/rest-without-credentials-refused', 'required'],
    ['cloud/auth/rest-401', 'required'],
    ['cloud/namespaces/default-to-caller', 'required'],
    ['cloud/limits/every-node-no-manual-scaling', 'required'],
    ['cloud/limits/every-node-no-update-to', 'required'],
    ['cloud/limits/every-node-no-update-from', 'required'],
    ['cloud/auth/global-role-vendor-auth', 'required'],
    ['cloud/stream/events/endpoint', 'required'],
    ['cloud/stream/events/message-shape', 'informational'],
  ])('%s is there, %s', (id, level) => {
    expect(byId.get(id)?.level).toBe(level);
  });

  test('every default of a create body has a requirement cloud/<resource>/create/default-<field>-…', () => {
    const creates: Array<[string, string]> = [
      ['service', 'service-create-request'],
      ['nodecluster', 'node-cluster-create-request'],
      ['stack', 'stack-create-request'],
    ];
    const missing = creates.flatMap(([resource, schema]) => {
      const properties = validator.schema('cloud/v1', schema).properties as Record<string, { default?: unknown; description?: string }>;
      return Object.entries(properties)
        .filter(([, p]) => 'default' in p || /^default: /.test(p.description ?? ''))
        .map(([field]) => `cloud/${resource}/create/default-${dashed(field)}-`)
        .filter((prefix) => !ids.some((id) => id.startsWith(prefix)));
    });
    expect(missing).toEqual([]);
  });

  test('every query default has a requirement <endpoint>/<param>-default-<value>', () => {
    const expected = endpoints.flatMap((e) =>
      e.query
        .filter((q) => q.default !== undefined && !(q as { fromFacts?: boolean }).fromFacts)
        .map((q) => `${e.id}/${dashed(q.name)}-default-${String(q.default)}`),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.filter((id) => !byId.has(id))).toEqual([]);
  });

  test('every required field of a create body has a rejection requirement', () => {
    const creates: Array<[string, string]> = [
      ['service', 'service-create-request'],
      ['nodecluster', 'node-cluster-create-request'],
      ['stack', 'stack-create-request'],
      ['repository', 'external-repository-create-request'],
    ];
    const missing = creates.flatMap(([resource, schema]) =>
      ((validator.schema('cloud/v1', schema).required as string[] | undefined) ?? [])
        .map((field) => `cloud/${resource}/create/requires-${dashed(field)}`)
        .filter((id) => !byId.has(id)),
    );
    expect(missing).toEqual([]);
  });

  test('a requirement graded below its words says why (every recommended one has a levelReason)', () => {
    expect(requirements.filter((r) => r.level === 'recommended' && !r.levelReason).map((r) => r.id)).toEqual([]);
  });

  test('uncovered statements say why', () => {
    expect(requirements.filter((r) => r.uncoveredReason !== undefined && r.uncoveredReason.length < 10).map((r) => r.id)).toEqual([]);
    expect(requirements.filter((r) => r.uncoveredReason).length).toBeGreaterThan(0);
  });
});
