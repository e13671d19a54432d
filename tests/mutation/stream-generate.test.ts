import { describe, expect, test } from 'vitest';
import { loadEndpoints } from '../../harness/catalog/load.ts';
import { apiVersionOfSuite } from '../../harness/catalog/types.ts';
import { generateMutants } from '../../harness/mutation/generate.ts';
import { mutantReaches, type ObservedExchange } from '../../harness/mutation/hook.ts';
import { streamOps, streamShape } from '../../harness/mutation/stream-drafts.ts';
import { TRANSPORT_OPERATORS } from '../../harness/mutation/apply-stream.ts';

const SUITES = ['engine-1.18', 'engine-1.22'] as const;

describe('the stream and transport mutants', () => {
  test.each(SUITES)('%s: every stream endpoint of the catalog gets every stream operator that fits it', (suite) => {
    const version = apiVersionOfSuite(suite);
    const inVersion = (versions?: string[]): boolean => !versions || versions.includes(version);
    const mutants = generateMutants(suite);
    const streams = loadEndpoints('engine').filter((e) => inVersion(e.versions) && streamShape(e, inVersion));
    expect(streams.map((e) => e.id)).toEqual(
      expect.arrayContaining([
        'engine/containers/attach',
        'engine/containers/attach-ws',
        'engine/containers/logs',
        'engine/containers/stats',
        'engine/exec/start',
        'engine/system/events',
      ]),
    );
    for (const e of streams) {
      const generated = mutants.filter((m) => m.site.endpoint === e.id && m.operator.startsWith('stream/')).map((m) => m.operator);
      expect(generated.sort()).toEqual(
        streamOps(streamShape(e, inVersion)!)
          .map((op) => `stream/${op}`)
          .sort(),
      );
    }
    const at = (id: string): string[] => mutants.filter((m) => m.site.endpoint === id && m.operator.startsWith('stream/')).map((m) => m.operator);
    expect(at('engine/containers/attach')).toEqual(
      expect.arrayContaining(['stream/size-little-endian', 'stream/status-200-for-101', 'stream/upgrade-header-missing']),
    );
    expect(at('engine/system/events')).not.toContain('stream/size-little-endian');
    expect(at('engine/containers/attach-ws')).not.toContain('stream/headers-withheld');
  });

  test.each(SUITES)('%s: the legal transport operators sit at every endpoint', (suite) => {
    const mutants = generateMutants(suite);
    const endpoints = new Set(mutants.map((m) => m.site.endpoint));
    for (const op of Object.keys(TRANSPORT_OPERATORS)) {
      const at = mutants.filter((m) => m.operator === `legal/${op}`);
      expect(new Set(at.map((m) => m.site.endpoint))).toEqual(endpoints);
      expect(at.every((m) => m.legal)).toBe(true);
    }
  });

  test('a stream mutant reaches the exchanges that went out as its kind of stream, a transport one those it changes', () => {
    const mutants = generateMutants('engine-1.22');
    const find = (operator: string, endpoint: string) => mutants.find((m) => m.operator === operator && m.site.endpoint === endpoint)!.spec;
    const exchange = (endpoint: string, wire: ObservedExchange['wire']): ObservedExchange => ({
      endpoint,
      version: '1.22',
      query: '',
      status: 200,
      answers: [],
      wire,
    });
    const attach = 'engine/containers/attach';
    expect(mutantReaches(find('stream/size-little-endian', attach), exchange(attach, { stream: true, framed: true }))).toBe(true);
    expect(mutantReaches(find('stream/size-little-endian', attach), exchange(attach, { stream: true, framed: false }))).toBe(false);
    expect(mutantReaches(find('stream/status-200-for-101', attach), exchange(attach, { stream: true, hijacked: true, upgraded: false }))).toBe(false);
    expect(mutantReaches(find('stream/status-200-for-101', attach), exchange(attach, { stream: true, hijacked: true, upgraded: true }))).toBe(true);
    expect(mutantReaches(find('stream/never-ends', attach), exchange(attach, {}))).toBe(false);
    expect(mutantReaches(find('stream/never-ends', attach), exchange('engine/containers/logs', { stream: true }))).toBe(false);
    const version = 'engine/system/version';
    expect(mutantReaches(find('legal/chunked', version), exchange(version, { lengthDelimited: true }))).toBe(true);
    expect(mutantReaches(find('legal/content-length', version), exchange(version, { lengthDelimited: true }))).toBe(false);
    expect(mutantReaches(find('legal/content-length', version), exchange(version, { lengthDelimited: false }))).toBe(true);
    expect(mutantReaches(find('legal/content-length', version), exchange(version, { lengthDelimited: false, stream: true }))).toBe(false);
  });
});
