/**
 * Fault names are typed: a misspelt one at a `faults.has(...)` call, in a family builder or in a
 * teeth table does not compile (the `@ts-expect-error` lines below are checked by `tsc` in
 * `npm run lint`: each fails the type check if its line ever compiles). Names given at run time
 * are checked against the same definitions.
 */
import { describe, expect, it } from 'vitest';
import { fieldIgnored as cloudFieldIgnored, filterIgnored, opRefused } from '../../reference/cloud/fault-families.ts';
import { CLOUD_FAULTS, type CloudFaultName, faultSet as cloudFaultSet, parseCloudFaults } from '../../reference/cloud/faults.ts';
import { ENGINE_FAULTS, type EngineFaultName, type FaultSet, parseEngineFaults } from '../../reference/engine/faults.ts';
import { fieldIgnored } from '../../reference/engine/field-faults.ts';
import { listFaultsByArea } from '../../reference/faults.ts';
import type { Teeth } from '../embedded/teeth/types.ts';

describe('fault names are a type', () => {
  it('a misspelt name is a type error at has(), in a builder and in a teeth table', () => {
    const engine: FaultSet = new Set<EngineFaultName>(['start-running-returns-204']);
    expect(engine.has('start-running-returns-204')).toBe(true);
    // @ts-expect-error misspelt: start-running-returns-204
    expect(engine.has('start-runing-returns-204')).toBe(false);
    expect(engine.has(fieldIgnored('Hostname'))).toBe(false);
    // @ts-expect-error not an effect field of the field-ignored family
    expect(engine.has(fieldIgnored('Hostnme'))).toBe(false);
    // @ts-expect-error the family spells its members field-ignored:<Field>
    expect(engine.has('field-ignored-Hostname')).toBe(false);

    const cloud = cloudFaultSet(['filter-ignored:service.state']);
    expect(cloud.has(filterIgnored('service', 'state'))).toBe(true);
    // @ts-expect-error misspelt: async-returns-200
    expect(cloud.has('async-return-200')).toBe(false);
    // @ts-expect-error a filter of another list: provider lists filter by name only
    expect(cloud.has(filterIgnored('provider', 'state'))).toBe(false);
    // @ts-expect-error stack create has no image field
    expect(cloud.has(cloudFieldIgnored('stack', 'image'))).toBe(false);
    // @ts-expect-error a node cluster has no scale operation
    expect(cloud.has(opRefused('nodecluster', 'scale'))).toBe(false);

    const teeth: Teeth[] = [
      { fault: 'ping-json', version: '1.22', catches: ['engine/system/ping/200-ok'] },
      // @ts-expect-error misspelt: ping-json
      { fault: 'ping-jsn', version: '1.22', catches: ['engine/system/ping/200-ok'] },
    ];
    expect(teeth).toHaveLength(2);
    // Each target's names are its own: a cloud fault is not an engine fault.
    // @ts-expect-error namespace-leak is a cloud fault
    const crossed: EngineFaultName = 'namespace-leak' satisfies CloudFaultName;
    expect(crossed).toBe('namespace-leak');
  });
});

describe('fault names given at run time', () => {
  it('are read into typed names, an unknown one refused by name', () => {
    expect(parseEngineFaults(['ping-json', 'field-ignored:Env'])).toEqual(['ping-json', 'field-ignored:Env']);
    expect(() => parseEngineFaults(['ping-json', 'ping-jsn', 'nope'])).toThrow('unknown engine faults: ping-jsn, nope (see --list-faults)');
    expect(() => parseCloudFaults(['namespace-leak', 'ping-json'])).toThrow('unknown cloud fault: ping-json (see --list-faults)');
    // The family types are patterns where the members are catalog data: the run-time check is exact.
    expect(() => parseEngineFaults(['answer:engine/containers/start:999'])).toThrow(/unknown engine fault/);
  });

  it('every name is unique across the areas and families of a target, and across both targets', () => {
    for (const faults of [ENGINE_FAULTS, CLOUD_FAULTS]) {
      const names = faults.map((f) => f.name);
      expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    }
    const engine = new Set<string>(ENGINE_FAULTS.map((f) => f.name));
    expect(CLOUD_FAULTS.map((f) => f.name).filter((n) => engine.has(n))).toEqual([]);
  });

  it('--list-faults groups the faults by area, one name<TAB>description<TAB>area line per fault', () => {
    const areas = listFaultsByArea(ENGINE_FAULTS)
      .trim()
      .split('\n')
      .map((l) => l.split('\t')[2]);
    expect(areas).toHaveLength(ENGINE_FAULTS.length);
    // Grouped: once an area's lines end, it does not come back.
    expect(areas.filter((a, i) => i > 0 && a !== areas[i - 1] && areas.slice(0, i).includes(a))).toEqual([]);
  });
});
