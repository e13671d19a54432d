import { describe, expect, it } from 'vitest';
import { judgeShares, SHARES_FILE, type SharesReadings } from '../../harness/check/cpu-shares-weight.ts';

const v1 = (value: string) => ({ path: SHARES_FILE.v1, value });
const v2 = (value: string) => ({ path: SHARES_FILE.v2, value });
const onV2 = (fewer: string, more: string, plain = '100'): SharesReadings => ({
  fewer: { shares: 512, read: v2(fewer) },
  more: { shares: 2048, read: v2(more) },
  plain: v2(plain),
});
const oks = (r: SharesReadings): boolean[] => judgeShares(r).map((v) => v.ok);

describe('CpuShares judged as a relative weight', () => {
  it('cgroup v1 shows the shares given, exactly', () => {
    expect(oks({ fewer: { shares: 512, read: v1('512') }, more: { shares: 2048, read: v1('2048') } })).toEqual([true, true]);
    expect(oks({ fewer: { shares: 512, read: v1('1024') }, more: { shares: 2048, read: v1('1024') } })).toEqual([false, false]);
  });

  it('cgroup v2 passes under the linear conversion and the log-quadratic one, beside the default weight 100', () => {
    expect(oks(onV2('20', '79'))).toEqual([true, true]); // runc before 1.3.2, crun before 1.23: 2048 still weighs less than the default
    expect(oks(onV2('59', '173'))).toEqual([true, true]); // runc 1.3.2, crun 1.23 and later
  });

  it('cgroup v2 fails a field left at the default, and an order turned around', () => {
    expect(oks(onV2('100', '100'))).toEqual([false, false]);
    expect(oks(onV2('173', '59'))).toEqual([false, false]);
    expect(oks(onV2('59', '100', '59'))).toEqual([false, true]);
  });
});
