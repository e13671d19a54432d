import { describe, expect, test } from 'vitest';
import { ENGINE_VERSIONS, duplicates, endpointById, endpoints, isAbsentIn118, requirements, responseVersions, statusOf } from './engine-catalog.ts';

/** The top-level parts of the spec a requirement's section may start with. */
const SPEC_PARTS = [
  'What the service does',
  'Resources and their fields',
  'States and transitions',
  'Endpoints',
  'Authentication',
  'Events',
  'Errors',
  'Limits',
  'Versioning',
];

describe('engine requirement list', () => {
  test('ids are unique', () => {
    expect(duplicates(requirements.map((r) => r.id))).toEqual([]);
  });

  test('ids are descriptive, never positional', () => {
    const positional = requirements.filter((r) => r.id.split('/').some((segment) => /^(r|req)?\d+$/.test(segment)));
    expect(positional.map((r) => r.id)).toEqual([]);
  });

  test('every version is an engine version', () => {
    for (const r of requirements) for (const v of r.versions) expect(ENGINE_VERSIONS, r.id).toContain(v);
  });

  test('every section starts with a part of the spec', () => {
    const stray = requirements.filter((r) => !SPEC_PARTS.includes(r.section.split(' > ')[0] ?? ''));
    expect(stray.map((r) => `${r.id}: ${r.section}`)).toEqual([]);
  });

  test('every endpoint field names a catalog endpoint', () => {
    const unknown = requirements.filter((r) => r.endpoint !== undefined && !endpointById.has(r.endpoint));
    expect(unknown.map((r) => `${r.id} -> ${r.endpoint}`)).toEqual([]);
  });

  test('a requirement filed under an endpoint id names that endpoint', () => {
    for (const r of requirements) {
      const owner = endpoints.find((e) => r.id.startsWith(`${e.id}/`));
      if (owner) expect(r.endpoint, r.id).toBe(owner.id);
    }
  });

  test("versions lie within the endpoint's versions, except absent-in-1.18", () => {
    const outside = requirements.filter((r) => {
      const e = r.endpoint ? endpointById.get(r.endpoint) : undefined;
      return e && !isAbsentIn118(r) && r.versions.some((v) => !e.versions.includes(v));
    });
    expect(outside.map((r) => r.id)).toEqual([]);
  });

  test('every 1.22-only endpoint, and only those, has an absent-in-1.18 requirement for 1.18', () => {
    const only122 = endpoints
      .filter((e) => !e.versions.includes('1.18'))
      .map((e) => e.id)
      .sort();
    const absent = requirements.filter(isAbsentIn118);
    expect(absent.map((r) => r.endpoint).sort()).toEqual(only122);
    for (const r of absent) {
      expect(r.versions, r.id).toEqual(['1.18']);
      // "Items marked (1.22) exist only in 1.22": a 1.22 path served under /v1.18 exists there, against the words.
      expect(r.level, r.id).toBe('required');
    }
  });

  test('every documented status code except 500 has a requirement, in every version it exists', () => {
    const missing = endpoints.flatMap((e) =>
      e.responses
        .filter((res) => res.status !== 500)
        .flatMap((res) =>
          responseVersions(e, res)
            .filter((v) => !requirements.some((r) => r.endpoint === e.id && statusOf(r) === res.status && r.versions.includes(v)))
            .map((v) => `${e.id} ${res.status} (${v})`),
        ),
    );
    expect(missing).toEqual([]);
  });

  test("a status requirement names a code its endpoint documents, within that code's versions", () => {
    for (const r of requirements) {
      const status = statusOf(r);
      const e = r.endpoint ? endpointById.get(r.endpoint) : undefined;
      if (status === undefined || !e) continue;
      const response = e.responses.find((res) => res.status === status);
      expect(response, `${r.id}: ${e.id} does not document ${status}`).toBeDefined();
      if (response) expect(responseVersions(e, response), r.id).toEqual(expect.arrayContaining(r.versions));
    }
  });

  test('every "not shown" of the spec is an informational requirement', () => {
    const notShown = requirements.filter((r) => /not shown/i.test(r.statement) && r.level !== 'informational');
    expect(notShown.map((r) => r.id)).toEqual([]);
  });

  test('a requirement graded below its words says why (every recommended one has a levelReason)', () => {
    const unexplained = requirements.filter((r) => r.level === 'recommended' && !r.levelReason);
    expect(unexplained.map((r) => r.id)).toEqual([]);
  });

  test('statements use the neutral spelling', () => {
    expect(JSON.stringify(requirements)).not.toMatch(/docker/i);
  });

  test('the cross-cutting topics of the spec are present', () => {
    const ids = new Set(requirements.map((r) => r.id));
    for (const id of [
      'engine/stream/frame-header',
      'engine/stream/hijack-101-headers',
      'engine/stream/no-upgrade-200',
      'engine/stream/tty-raw',
      'engine/query/boolean-true-spellings',
      'engine/query/boolean-false-spellings',
      'engine/query/filters-json-map',
      'engine/limits/container-name-pattern',
      'engine/limits/blkio-weight-range',
      'engine/limits/rate-limits',
      'engine/states/kill-default-sigkill',
      'engine/states/restart-policy-backoff',
      'engine/states/transition-table',
      'engine/events/1.18-shape',
      'engine/events/1.22-shape',
      'engine/versioning/unversioned-path',
      'engine/errors/body-shape',
      'engine/containers/create/required-fields',
    ])
      expect(ids.has(id), id).toBe(true);
  });
});
