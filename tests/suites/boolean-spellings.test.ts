import { describe, expect, test } from 'vitest';
import { loadEndpoints } from '../../harness/catalog/load.ts';
import { ENGINE_SECTIONS } from '../../suites/engine/all-checks.ts';
import { SPELLING_RULES } from '../../suites/engine/query/boolean-spellings.ts';

const siblings = Object.values(ENGINE_SECTIONS)
  .flat()
  .filter((c) => c.id.endsWith('/spellings'));

describe('boolean spelling siblings', () => {
  test('each names the spelling rules and follows the check it respells, in the same section', () => {
    for (const checks of Object.values(ENGINE_SECTIONS)) {
      checks.forEach((check, i) => {
        if (!check.id.endsWith('/spellings')) return;
        expect(check.requirements).toEqual(SPELLING_RULES);
        expect(checks[i - 1]?.id).toBe(check.id.replace(/\/spellings$/, ''));
      });
    }
  });

  test('a check that names a stated default among its requirements is respelled too (its own requirement a status)', () => {
    expect(siblings.map((c) => c.id)).toContain('engine/containers/delete/409-conflict/spellings');
  });

  test('a check whose requirement states the effect of a boolean parameter by name is respelled too', () => {
    expect(siblings.map((c) => c.id)).toEqual(
      expect.arrayContaining([
        'engine/containers/archive-put/400-forbidden-overwrite/spellings',
        'engine/containers/archive-put/overwrite-allowed-by-default/spellings',
      ]),
    );
  });

  test('every boolean query parameter of the catalog is respelled by a check of its endpoint, or is listed here', () => {
    const probed = new Set(siblings.map((c) => c.endpoint));
    const missing = loadEndpoints('engine')
      .filter((e) => e.query?.some((q) => q.type === 'boolean'))
      .map((e) => e.id)
      .filter((id) => !probed.has(id));
    expect(missing).toEqual([]);
  });
});
