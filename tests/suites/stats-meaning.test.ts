import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { statsMeaningProblems } from '../../suites/engine/support/stats-meaning.ts';

const capture = (version: string, n: number): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../schemas/engine/captures/${version}/stats.${n}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

const reading = (over: { memory?: object; eth0?: object; cpu?: object } = {}): Record<string, unknown> => ({
  read: '2026-11-21T06:00:06Z',
  memory_stats: { stats: { cache: 0, rss: 4096 }, max_usage: 8192, usage: 4096, failcnt: 0, limit: 1 << 30, ...over.memory },
  cpu_stats: { cpu_usage: { percpu_usage: [10, 20], usage_in_usermode: 20, total_usage: 30, usage_in_kernelmode: 10 }, system_cpu_usage: 99, ...over.cpu },
  networks: { eth0: { rx_bytes: 646, rx_packets: 7, rx_errors: 0, rx_dropped: 0, tx_bytes: 0, tx_packets: 0, tx_errors: 0, tx_dropped: 0, ...over.eth0 } },
});

describe('what the numbers of a stats reading mean', () => {
  test("the real daemon's readings (Docker 20.10, both versions) depart from nothing", () => {
    for (const version of ['1.18', '1.22']) for (const n of [1, 2]) expect(statsMeaningProblems(capture(version, n), true), `${version} #${n}`).toEqual([]);
  });

  test('a conforming reading departs from nothing, a stopped one may use no memory', () => {
    expect(statsMeaningProblems(reading(), true)).toEqual([]);
    expect(statsMeaningProblems(reading({ memory: { usage: 0, max_usage: 0 } }), false)).toEqual([]);
    // No per-CPU list (Docker 20.10 on cgroup v2), or an empty one: nothing to add up.
    expect(statsMeaningProblems(reading({ cpu: { cpu_usage: { percpu_usage: [], total_usage: 30 } } }), true)).toEqual([]);
    expect(statsMeaningProblems(reading({ cpu: { throttling_data: { periods: 5, throttled_periods: 5, throttled_time: 9 } } }), true)).toEqual([]);
  });

  test('the counters of memory_stats.stats are not judged: their meaning is not shown (a -1 for "not available")', () => {
    expect(statsMeaningProblems(reading({ memory: { stats: { cache: -1, hierarchical_memsw_limit: -1 } } }), true)).toEqual([]);
  });

  test.each([
    ['a negative counter', { eth0: { rx_errors: -1 } }, /rx_errors is -1/],
    ['a negative memory_stats counter the spec names', { memory: { failcnt: -1 } }, /memory_stats\.failcnt is -1/],
    ['no memory used by a running container', { memory: { usage: 0 } }, /usage of a running container is 0/],
    ['usage above the limit', { memory: { limit: 0 } }, /above memory_stats\.limit 0/],
    ['max_usage below usage', { memory: { max_usage: 0 } }, /max_usage 0 is below/],
    ['bytes without packets', { eth0: { rx_packets: 0 } }, /rx_bytes 646 with rx_packets 0/],
    ['no CPU time used by a running container', { cpu: { cpu_usage: { total_usage: 0 } } }, /total_usage of a running container is 0/],
    ['no host CPU time', { cpu: { system_cpu_usage: 0 } }, /system_cpu_usage is 0/],
    ['packets without bytes', { eth0: { tx_packets: 3 } }, /tx_bytes 0 with tx_packets 3/],
    ['a CPU listed twice', { cpu: { cpu_usage: { percpu_usage: [10, 20, 10], total_usage: 30 } } }, /percpu_usage adds up to 40, not to total_usage 30/],
    ['a CPU left out', { cpu: { cpu_usage: { percpu_usage: [10], total_usage: 30 } } }, /percpu_usage adds up to 10/],
    [
      'more throttled periods than periods',
      { cpu: { throttling_data: { periods: 3, throttled_periods: 5, throttled_time: 9 } } },
      /throttled_periods 5 is above periods 3/,
    ],
    [
      'throttled time without a throttled period',
      { cpu: { throttling_data: { periods: 3, throttled_periods: 0, throttled_time: 9 } } },
      /throttled_time 9 with throttled_periods 0/,
    ],
    [
      'a throttled period without throttled time',
      { cpu: { throttling_data: { periods: 3, throttled_periods: 2, throttled_time: 0 } } },
      /throttled_time 0 with throttled_periods 2/,
    ],
  ])('%s is a departure', (_what, over, message) => {
    expect(statsMeaningProblems(reading(over), true).join('; ')).toMatch(message);
  });
});
