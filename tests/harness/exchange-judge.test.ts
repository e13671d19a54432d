import { describe, expect, test } from 'vitest';
import { RequirementIndex } from '../../harness/catalog/load.ts';
import { CheckContext } from '../../harness/check/context.ts';
import type { CheckRecord } from '../../harness/check/types.ts';
import { judgeForSuite } from '../../harness/judge/suite-judge.ts';
import { observedResults } from '../../harness/judge/observed-results.ts';
import { SchemaValidator } from '../../harness/schema/validator.ts';

const index = RequirementIndex.load();
const schemas = new SchemaValidator('docker');
const engine = judgeForSuite('engine-1.22', schemas, index, 'docker');
const cloud = judgeForSuite('cloud', schemas, index, 'docker');
const answer = (status: number, body: unknown = '', headers: Record<string, string> = {}) => ({
  status,
  headers,
  body: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)),
});

describe('the judge of every exchange', () => {
  test('finds the catalog endpoint of a request: literal paths before templates, names with slashes, the version prefix', () => {
    expect(engine.judge('GET', '/v1.22/images/json?all=1', answer(200, [])).endpoint).toBe('engine/images/list');
    expect(engine.judge('GET', '/v1.22/images/127.0.0.1:5000/a/b:v1/json', answer(404)).endpoint).toBe('engine/images/inspect');
    expect(engine.judge('GET', '/v1.18/images/json', answer(200, [])).endpoint).toBeUndefined();
    expect(cloud.judge('GET', '/api/app/v1/myorg/service/abc/', answer(404)).endpoint).toBe('cloud/service/get');
  });

  test('a status code the endpoint does not document is a departure of the listed-codes rule', () => {
    const { findings } = engine.judge('POST', '/v1.22/containers/abc/pause', answer(409, 'already paused'));
    expect(findings).toMatchObject([{ rule: 'status-documented', requirement: 'engine/errors/listed-codes-only', endpoint: 'engine/containers/pause' }]);
    expect(findings[0]!.message).toContain('204, 404, 500');
    expect(engine.judge('POST', '/v1.22/containers/abc/pause', answer(204)).findings).toEqual([]);
  });

  test('an endpoint whose spec lists no codes, and cloud codes the facts list, are not judged by code', () => {
    expect(engine.judge('HEAD', '/v1.22/containers/abc/archive?path=/x', answer(404)).findings).toEqual([]);
    const json = { 'content-type': 'application/json' };
    expect(cloud.judge('POST', '/api/app/v1/service/abc/start/', answer(409, { error: 'x' }, json)).findings).toEqual([]);
    expect(cloud.judge('POST', '/api/app/v1/service/abc/start/', answer(418, { error: 'x' }, json)).findings).toMatchObject([{ rule: 'status-documented' }]);
  });

  test('a cloud answer of a code its endpoint does not list is still JSON ("Responses are JSON"), its shape not judged', () => {
    const errorFindings = (body: unknown, headers: Record<string, string>) => cloud.judge('POST', '/api/app/v1/service/', answer(400, body, headers)).findings;
    expect(errorFindings('Bad Request', { 'content-type': 'text/plain' })).toMatchObject([
      { rule: 'content-type-documented', requirement: 'cloud/http/json-responses' },
    ]);
    expect(errorFindings('Bad Request', { 'content-type': 'application/json' })[0]!.message).toContain('the body is not JSON');
    expect(errorFindings({ anything: ['goes'] }, { 'content-type': 'application/json; charset=utf-8' })).toEqual([]);
    expect(errorFindings('', {})).toEqual([]);
    expect(engine.judge('HEAD', '/v1.22/containers/abc/archive?path=/x', answer(404, 'no such', { 'content-type': 'text/plain' })).findings).toEqual([]);
  });

  test('a documented Content-Type that the answer does not carry is a departure', () => {
    const { findings } = engine.judge('GET', '/v1.22/_ping', answer(200, 'OK', { 'content-type': 'application/json' }));
    expect(findings).toMatchObject([{ rule: 'content-type-documented', requirement: 'engine/responses/content-type-documented' }]);
    expect(engine.judge('GET', '/v1.22/_ping', answer(200, 'OK', { 'content-type': 'text/plain; charset=utf-8' })).findings).toEqual([]);
  });

  test('a response header the catalog lists that the answer does not carry is a departure of its rule; the engine lists none', () => {
    const started = (headers: Record<string, string>) => cloud.judge('POST', '/api/app/v1/service/abc/start/', answer(202, '', headers)).findings;
    expect(started({})).toMatchObject([{ rule: 'headers-documented', requirement: 'cloud/actions/header-on-creating-responses' }]);
    expect(started({ 'x-dockercloud-action-uri': '/api/audit/v1/action/a/' })).toEqual([]);
    expect(engine.judge('POST', '/v1.22/containers/abc/start', answer(204)).findings).toEqual([]);
  });

  test("a body that does not match its schema breaks the endpoint's own response-schema requirement; extra fields are not judged", () => {
    const { findings } = engine.judge('POST', '/v1.22/containers/abc/wait', answer(200, { StatusCode: 'zero' }));
    expect(findings).toMatchObject([{ rule: 'shape-documented' }]);
    expect(engine.judge('POST', '/v1.22/containers/abc/wait', answer(200, { StatusCode: 0, Extra: 1 })).findings).toEqual([]);
  });
});

test('a check keeps one finding per endpoint, rule and status: a second status the endpoint does not list is named too, a repeated one is not', () => {
  const ctx = new CheckContext({ seed: 1, schemas, timeoutMs: 1000, judge: engine });
  for (const status of [200, 500, 500]) ctx.judgeAnswer('POST', '/v1.22/exec/abc/resize?h=1&w=1', answer(status));
  expect(ctx.exchanges.findings.map((f) => [f.endpoint, f.rule, f.status])).toEqual([
    ['engine/exec/resize', 'status-documented', 200],
    ['engine/exec/resize', 'status-documented', 500],
  ]);
  expect(ctx.exchanges.judged).toEqual({ 'engine/exec/resize': 3 });
});

describe('the observed results of a run', () => {
  const record = (id: string, status: 'passed' | 'failed', exchanges?: CheckRecord['outcome']['exchanges'], breaches?: string[]): CheckRecord => ({
    id,
    suite: 'engine-1.22',
    title: id,
    requirements: [id],
    outcome: {
      status,
      message: '',
      observations: [],
      transcript: [],
      durationMs: 1,
      ...(exchanges ? { exchanges } : {}),
      ...(breaches ? { breaches: [{ requirements: breaches, named: true, message: 'x' }] } : {}),
    },
  });
  const finding = {
    endpoint: 'engine/containers/pause',
    rule: 'status-documented' as const,
    requirement: 'engine/errors/listed-codes-only',
    message: 'status 409',
    exchange: 'POST /x → 409',
    method: 'POST',
    status: 409,
  };

  test('one result per departed (endpoint, rule), graded by the requirement, and a passing summary per rule that held', () => {
    const results = observedResults(
      ['engine-1.22'],
      [
        record('a', 'passed', { judged: { 'engine/containers/pause': 2 }, findings: [finding] }),
        record('b', 'passed', { judged: { 'engine/containers/pause': 1 }, findings: [finding] }),
      ],
      index,
    );
    const departed = results.find((r) => r.id === 'engine/observed/containers/pause/status-documented')!;
    expect(departed).toMatchObject({ outcome: 'failed', requirements: ['engine/errors/listed-codes-only'] });
    expect(departed.message).toContain('seen in check a (and in 1 more check)');
    expect(results.find((r) => r.id === 'engine/observed/shape-documented')).toMatchObject({ outcome: 'passed', verified: 3 });
    expect(results.find((r) => r.id === 'engine/observed/status-documented')).toBeUndefined();
  });

  test('statuses of one endpoint that departed are one result naming each, counted by the checks that met them', () => {
    const other = { ...finding, message: 'status 500', exchange: 'POST /x → 500', status: 500 };
    const results = observedResults(
      ['engine-1.22'],
      [
        record('a', 'passed', { judged: { 'engine/containers/pause': 2 }, findings: [finding, other] }),
        record('b', 'passed', { judged: { 'engine/containers/pause': 1 }, findings: [other] }),
      ],
      index,
    );
    const departed = results.filter((r) => r.id === 'engine/observed/containers/pause/status-documented');
    expect(departed).toHaveLength(1);
    expect(departed[0]!.breaches?.map((b) => b.message)).toEqual(['status 409', 'status 500']);
    expect(departed[0]!.message).toMatch(/^status 409; status 500; seen in check a \(and in 1 more check\)/);
  });

  test('a departure that only failing checks met is theirs to report', () => {
    const failing = record('a', 'failed', { judged: { 'engine/containers/pause': 1 }, findings: [finding] }, ['engine/containers/pause/204-paused']);
    expect(observedResults(['engine-1.22'], [failing], index).some((r) => r.id.includes('/containers/pause/'))).toBe(false);
    const alsoPassing = [failing, record('b', 'passed', { judged: { 'engine/containers/pause': 1 }, findings: [finding] })];
    expect(observedResults(['engine-1.22'], alsoPassing, index).some((r) => r.id.includes('/containers/pause/'))).toBe(true);
  });

  test('a departure a targeted check already reports is not repeated; a run that judged nothing passes nothing', () => {
    const results = observedResults(
      ['engine-1.22'],
      [record('a', 'failed', { judged: { 'engine/containers/pause': 1 }, findings: [finding] }, ['engine/errors/listed-codes-only'])],
      index,
    );
    expect(results.some((r) => r.id.includes('/containers/pause/'))).toBe(false);
    const empty = observedResults(['engine-1.22'], [record('a', 'passed')], index);
    expect(empty.every((r) => r.outcome === 'not-applicable')).toBe(true);
  });

  test('a check that fails the same requirement about other exchanges does not report a departure it did not meet', () => {
    const elsewhere = { ...finding, endpoint: 'engine/containers/top', exchange: 'GET /y → 409' };
    const results = observedResults(
      ['engine-1.22'],
      [
        record('every-state', 'failed', { judged: { 'engine/containers/top': 1 }, findings: [elsewhere] }, ['engine/errors/listed-codes-only']),
        record('sweep', 'passed', { judged: { 'engine/containers/pause': 1 }, findings: [finding] }),
      ],
      index,
    );
    expect(results.map((r) => r.id).filter((id) => id.includes('/containers/'))).toEqual(['engine/observed/containers/pause/status-documented']);
  });
});
