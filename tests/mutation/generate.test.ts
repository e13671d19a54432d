import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { loadStateTables } from '../../catalog/cloud/state-tables.ts';
import { loadEndpoints, RequirementIndex } from '../../harness/catalog/load.ts';
import { SUITES } from '../../harness/catalog/types.ts';
import { activeMutation } from '../../harness/mutation/apply.ts';
import { generateMutants } from '../../harness/mutation/generate.ts';
import { mutantReaches, type ObservedExchange } from '../../harness/mutation/hook.ts';
import { seededSample } from '../../harness/mutation/select.ts';
import type { CloudMutationSpec } from '../../harness/mutation/cloud-spec.ts';
import type { Mutant } from '../../harness/mutation/types.ts';

const MUTANTS = new Map(SUITES.map((suite) => [suite, generateMutants(suite)]));

describe('the generated mutants', () => {
  test.each(SUITES)('%s: every id is unique and every mutant sits at requirements of the catalog', (suite) => {
    const mutants = MUTANTS.get(suite)!;
    expect(new Set(mutants.map((m) => m.id)).size).toBe(mutants.length);
    const index = RequirementIndex.shared();
    expect(mutants.filter((m) => !m.requirements.length || m.requirements.some((r) => !index.get(r))).map((m) => m.id)).toEqual([]);
  });

  test('every operator family is applied: answers, requests, statuses, operations, events, effects and legal variations', () => {
    const operators = new Set([...MUTANTS.values()].flat().map((m) => m.operator.split('/')[0]));
    expect([...operators].sort()).toEqual([
      'action',
      'answer',
      'auth',
      'default',
      'event',
      'legal',
      'namespace',
      'operation',
      'request',
      'state',
      'status',
      'stream',
    ]);
    expect(MUTANTS.get('engine-1.22')!.some((m) => m.operator === 'request/effect-not-applied')).toBe(true);
  });

  test('a field of a documented answer gets the operators that fit it, in its own version only', () => {
    const created = MUTANTS.get('engine-1.22')!.filter((m) => m.site.endpoint === 'engine/images/list' && m.site.atom === '200 [].Created');
    expect(created.map((m) => m.operator).sort()).toEqual(
      ['answer/field-absent', 'answer/field-absent-when-zero', 'answer/null', 'answer/seconds-as-milliseconds', 'answer/wrong-type', 'answer/zero-time'].sort(),
    );
    expect(MUTANTS.get('engine-1.18')!.some((m) => m.site.endpoint === 'engine/volumes/list')).toBe(false);
  });

  test('a filter key is an atom of the versions that document it, and a value form names no key', () => {
    const keys = (suite: 'engine-1.18' | 'engine-1.22', endpoint: string): string[] =>
      MUTANTS.get(suite)!
        .filter((m) => m.operator === 'request/filter-key-ignored' && m.site.endpoint === endpoint)
        .map((m) => m.site.atom.replace('?filters ', ''));
    expect(keys('engine-1.18', 'engine/system/events')).toEqual(['container', 'event', 'image']);
    expect(keys('engine-1.22', 'engine/system/events')).toEqual(['container', 'event', 'image', 'label', 'type', 'volume', 'network']);
    expect(keys('engine-1.22', 'engine/images/list')).toEqual(['dangling', 'label']);
  });

  test('an operation whose path names its object by identifier or by name gets a mutant for each form it takes', () => {
    const forms = (endpoint: string): string[] =>
      MUTANTS.get('engine-1.22')!
        .filter((m) => m.spec.kind === 'reference-unresolved' && m.site.endpoint === endpoint)
        .map((m) => m.site.atom);
    expect(forms('engine/containers/top')).toEqual(['path name', 'path id']);
    expect(forms('engine/networks/delete')).toEqual(['path name', 'path id']);
    expect(forms('engine/images/push')).toEqual(['path name']);
    expect(forms('engine/exec/inspect')).toEqual([]);
    expect(forms('engine/images/get')).toEqual([]);
  });
});

describe('the cloud behaviour mutants', () => {
  const cloud = MUTANTS.get('cloud')!;
  const of = (operator: string): Mutant[] => cloud.filter((m) => m.operator === operator);

  test('every cell of every state table is flipped, once, at the requirement of that cell', () => {
    const cells = loadStateTables().flatMap((t) => t.states.flatMap((row) => Object.keys(t.operations).map((op) => `${t.resource} ${row.state} ${op}`)));
    const flipped = [...of('state/cell-allowed-refused'), ...of('state/cell-refused-accepted')].map((m) => {
      const spec = m.spec as Extract<CloudMutationSpec, { kind: 'state-cell' }>;
      expect(m.requirements).toEqual([expect.stringMatching(new RegExp(`^cloud/states/${spec.resource}/.*-${spec.allowed ? 'allows' : 'rejects'}-`))]);
      return `${spec.resource} ${spec.state} ${m.site.atom.slice(spec.state.length + 1)}`;
    });
    expect(flipped.sort()).toEqual(cells.sort());
  });

  test('each operation of the tables ends in every other settled state', () => {
    const stops = of('state/reached-replaced').filter((m) => m.site.endpoint === 'cloud/service/stop');
    expect(stops.map((m) => m.site.atom).sort()).toEqual(['stop ends Not running', 'stop ends Partly running', 'stop ends Running', 'stop ends Terminated']);
  });

  test('every stated request default is replaced by another value of its type', () => {
    const defaults = of('default/replaced').filter((m) => m.site.endpoint === 'cloud/service/create');
    const atoms = defaults.map((m) => m.site.atom);
    expect(atoms).toEqual(
      expect.arrayContaining(['default target_num_containers', 'default autorestart', 'default container_ports[].published', 'default working_dir']),
    );
    for (const m of defaults) expect(m.requirements.some((r) => r.startsWith('cloud/service/create/default-'))).toBe(true);
  });

  test('every stated query default is replaced by another value of its type, taken only where the client leaves it out', () => {
    const values = Object.fromEntries(
      MUTANTS.get('engine-1.22')!
        .filter((m) => m.operator === 'request/query-default-replaced')
        .map((m) => [m.site.atom, m.spec.kind === 'query-default' ? m.spec.value : undefined]),
    );
    expect(values).toMatchObject({
      '?all default': '1',
      '?rm default': '0',
      '?signal default': 'SIGTERM',
      '?tail default': '1',
      '?since default': '4102444800',
    });
    expect(of('request/query-default-replaced').filter((m) => m.site.endpoint.startsWith('cloud/') && /limit|offset/.test(m.site.atom))).toEqual([]);
    const kill = MUTANTS.get('engine-1.18')!.find((m) => m.id.endsWith('engine/containers/kill ?signal default'))!;
    const mutation = activeMutation(kill.spec, 'engine/containers/kill', '1.18')!;
    const [omitted, sent] = [new URLSearchParams(), new URLSearchParams('signal=SIGINT')];
    mutation.query(omitted, (n) => n);
    mutation.query(sent, (n) => n);
    expect([omitted.get('signal'), sent.get('signal')]).toEqual(['SIGTERM', 'SIGINT']);
  });

  test('every asynchronous operation gets an action that never finishes and one that ends Failed; every verb and create one not applied', () => {
    const async = loadEndpoints('cloud').filter((e) => e.responses.some((r) => r.status === 202));
    expect(
      of('action/never-finishes')
        .map((m) => m.site.endpoint)
        .sort(),
    ).toEqual(async.map((e) => e.id).sort());
    expect(of('action/ends-failed')).toHaveLength(async.length);
    expect(of('operation/not-applied').map((m) => m.site.endpoint)).toEqual(
      expect.arrayContaining(['cloud/service/create', 'cloud/service/start', 'cloud/node/terminate']),
    );
    expect(
      of('action/include-related-tree')
        .map((m) => m.site.atom)
        .sort(),
    ).toEqual(['container', 'node', 'service'].map((k) => `include_related ${k}`));
    expect(of('operation/refused-create-leaves').map((m) => m.site.endpoint)).toEqual(expect.arrayContaining(['cloud/service/create', 'cloud/stack/create']));
    expect(of('operation/deleted-still-answered').some((m) => m.site.endpoint === 'cloud/container/get')).toBe(true);
    expect(of('legal/refusal-as-failed-action').every((m) => m.legal)).toBe(true);
  });

  test('a cell mutant reaches a success where the table allows, and a 409 naming its state where it refuses', () => {
    const [allowed] = of('state/cell-allowed-refused').filter((m) => m.site.endpoint === 'cloud/service/start');
    const [refused] = of('state/cell-refused-accepted').filter((m) => m.id.endsWith('cloud/service/start Running start'));
    const exchange = (status: number, errorText?: string): ObservedExchange => ({
      endpoint: 'cloud/service/start',
      version: 'v1',
      query: '',
      status,
      answers: [],
      ...(errorText ? { errorText } : {}),
    });
    expect(mutantReaches(allowed!.spec, exchange(202))).toBe(true);
    expect(mutantReaches(allowed!.spec, exchange(409, "service in state 'Running' does not allow start"))).toBe(false);
    expect(mutantReaches(refused!.spec, exchange(409, "service in state 'Running' does not allow start"))).toBe(true);
    expect(mutantReaches(refused!.spec, exchange(409, "service in state 'Stopping' does not allow start"))).toBe(false);
    expect(activeMutation(refused!.spec, 'cloud/service/start', 'v1')?.cloud?.allows('Running', false)).toBe(true);
    expect(activeMutation(refused!.spec, 'cloud/service/start', 'v1')?.cloud?.allows('Stopping', false)).toBe(false);
  });
});

describe('what a mutant does to an exchange', () => {
  const exchange = (answers: unknown[]): ObservedExchange => ({ endpoint: 'engine/images/list', version: '1.22', query: 'all=1', status: 200, answers });

  test('an answer operator changes the field it names and nothing else, on a copy', () => {
    const body = [{ Id: 'sha256:0a', Created: 1700000000, RepoTags: ['a:1'] }];
    const active = activeMutation(
      { kind: 'answer', endpoint: 'engine/images/list', version: '1.22', status: 200, path: ['[]', 'Created'], op: 'seconds-as-milliseconds' },
      'engine/images/list',
      '1.22',
    )!;
    expect(active.answer(200, body)).toEqual([{ Id: 'sha256:0a', Created: 1700000000000, RepoTags: ['a:1'] }]);
    expect(body[0]!.Created).toBe(1700000000);
    expect(active.answer(404, body)).toBe(body);
  });

  test('a mutant reaches an exchange only where it changes something', () => {
    const spec = { kind: 'answer', endpoint: 'engine/images/list', version: '1.22', status: 200, path: ['[]', 'Labels'], op: 'field-absent' } as const;
    expect(mutantReaches(spec, exchange([[{ Id: 'a', Labels: {} }]]))).toBe(true);
    expect(mutantReaches(spec, exchange([[{ Id: 'a' }]]))).toBe(false);
    expect(mutantReaches({ ...spec, version: '1.18' }, exchange([[{ Id: 'a', Labels: {} }]]))).toBe(false);
    expect(mutantReaches({ kind: 'query-ignored', endpoint: 'engine/images/list', version: '1.22', param: 'all' }, exchange([]))).toBe(true);
    expect(mutantReaches({ kind: 'query-ignored', endpoint: 'engine/images/list', version: '1.22', param: 'filters' }, exchange([]))).toBe(false);
  });

  test('the legal rewritings keep every value: key order, fractional digits', () => {
    const reordered = activeMutation({ kind: 'legal', endpoint: 'e', version: 'v', op: 'keys-reordered' }, 'e', 'v')!;
    const digits = activeMutation({ kind: 'legal', endpoint: 'e', version: 'v', op: 'fraction-digits' }, 'e', 'v')!;
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const out = reordered.answer(200, value);
        expect(isDeepStrictEqual(out, value)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }), (date) => {
        const out = digits.answer(200, { t: date.toISOString() }) as { t: string };
        expect(out.t).not.toBe(date.toISOString());
        expect(Date.parse(out.t)).toBe(date.getTime());
      }),
    );
  });

  test('legal/list-envelope: every cloud list, none of the engine, answered as {count, next, previous, results} around the same objects', () => {
    const envelopes = MUTANTS.get('cloud')!.filter((m) => m.operator === 'legal/list-envelope');
    expect(envelopes.map((m) => m.site.endpoint)).toEqual(expect.arrayContaining(['cloud/service/list', 'cloud/region/list', 'cloud/action/list']));
    expect(envelopes.every((m) => m.legal)).toBe(true);
    expect(MUTANTS.get('engine-1.22')!.some((m) => m.operator === 'legal/list-envelope')).toBe(false);
    const rewrapped = activeMutation(envelopes[0]!.spec, envelopes[0]!.spec.endpoint, 'v1')!;
    const objects = [{ name: 'a' }, { name: 'b' }];
    expect(rewrapped.answer(200, { meta: { limit: 1, next: '/api/x/?offset=1', offset: 0, previous: null, total_count: 2 }, objects })).toEqual({
      count: 2,
      next: '/api/x/?offset=1',
      previous: null,
      results: objects,
    });
    expect(rewrapped.answer(200, { uuid: 'u' })).toEqual({ uuid: 'u' });
  });

  test('a seeded sample is the same for the same seed and differs for another', () => {
    const items = Array.from({ length: 100 }, (_, i) => i);
    expect(seededSample(items, 10, 3)).toEqual(seededSample(items, 10, 3));
    expect(seededSample(items, 10, 3)).not.toEqual(seededSample(items, 10, 4));
    expect(new Set(seededSample(items, 100, 3)).size).toBe(100);
  });
});
