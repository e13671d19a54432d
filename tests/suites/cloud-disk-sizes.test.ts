import { describe, expect, it } from 'vitest';
import { type DiskAnswer, diskRuleOf, LISTED_DISK_SIZES, sizesTaken, takesSize } from '../../suites/cloud/support/disk-sizes.ts';

/** What cloud/limits/node-cluster-disk-values sends: the listed sizes, sizes outside the list, and the default. */
const UNLISTED = [15, 61, 3000];
const SENT = [...LISTED_DISK_SIZES, ...UNLISTED, 60];

/** A provider's answers to every size sent: `shows(size)` is the disk its cluster shows, undefined where the create is refused. */
const provider = (shows: (size: number) => number | undefined): DiskAnswer[] =>
  SENT.map((sent) => {
    const shown = shows(sent);
    return shown === undefined ? { sent, accepted: false } : { sent, accepted: true, shown };
  });
const listed = (size: number): boolean => LISTED_DISK_SIZES.includes(size);

describe('which disk sizes a provider takes (the disk shown follows the disk sent)', () => {
  it('a provider without disk choice that takes the field and shows its fixed disk, a listed size, takes none', () => {
    for (const fixed of [20, 30, 40, 60]) {
      const answers = provider(() => fixed);
      expect(sizesTaken(answers)).toEqual([]);
      expect(diskRuleOf(answers, UNLISTED)).toEqual({ rule: 'none', listed: [], unlisted: [], refused: [] });
    }
  });

  it('so does one that shows its fixed disk for the listed sizes and refuses the others', () => {
    expect(
      diskRuleOf(
        provider((s) => (listed(s) ? 20 : undefined)),
        UNLISTED,
      ).rule,
    ).toBe('none');
  });

  it('a provider that refuses the field takes none', () => {
    expect(
      diskRuleOf(
        provider(() => undefined),
        UNLISTED,
      ).rule,
    ).toBe('none');
  });

  it('the provider with the list takes every listed size and none other: no breach', () => {
    expect(
      diskRuleOf(
        provider((s) => (listed(s) ? s : undefined)),
        UNLISTED,
      ),
    ).toEqual({
      rule: 'list',
      listed: [...LISTED_DISK_SIZES],
      unlisted: [],
      refused: [],
    });
  });

  it('a list provider refusing listed sizes is found with the sizes it refuses', () => {
    const found = diskRuleOf(
      provider((s) => (listed(s) && s <= 1000 ? s : undefined)),
      UNLISTED,
    );
    expect([found.rule, found.refused]).toEqual(['list', [1500, 2000]]);
  });

  it('a provider taking sizes outside the list is "any"', () => {
    expect(
      diskRuleOf(
        provider((s) => s),
        UNLISTED,
      ),
    ).toMatchObject({ rule: 'any', unlisted: UNLISTED });
  });

  it('a single size is taken only beside another size sent that shows another disk', () => {
    const took = (sent: number, shown: unknown): DiskAnswer => ({ sent, accepted: true, shown });
    expect(takesSize([took(20, 20), took(10, 20)], 20)).toBe(false);
    expect(takesSize([took(20, 20)], 20)).toBe(false);
    expect(takesSize([took(20, 20), { sent: 10, accepted: false }], 20)).toBe(false);
    expect(takesSize([took(60, 60), took(10, 10)], 60)).toBe(true);
    expect(takesSize([took(60, '60'), took(10, 10)], 60)).toBe(false);
  });
});
