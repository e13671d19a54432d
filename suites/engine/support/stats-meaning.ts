/**
 * What the numbers of a stats reading mean, as their names say: counters and sizes are never
 * negative, a running container uses memory, at most its limit and at most its highest usage,
 * a running container's process used CPU time, the usage of each CPU adds up to the total usage
 * (where a target lists them), (1.22) no more throttled periods than periods, and an interface
 * that counted bytes counted packets (and the other way round).
 * Spec: Resources > Stats object (memory_stats usage, max_usage, failcnt, limit; cpu_stats;
 * network counters). Only what the names state is judged, never a value. The counters of
 * memory_stats.stats are left out: "the meaning of individual memory counters: not shown" (a -1 for
 * "not available" conforms); `engine/containers/stats/blkio-and-memory-counters` records them.
 */
import type { StatsObject } from './stats.ts';

type Counters = Record<string, unknown>;

const asObject = (value: unknown): Counters | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Counters) : undefined;

/** The paths whose meaning the spec leaves not shown: not walked. */
const MEANING_NOT_SHOWN = new Set(['memory_stats.stats']);

/** Every number under the documented counters whose names the spec gives, with its path. */
function counters(reading: StatsObject): Array<[string, number]> {
  const found: Array<[string, number]> = [];
  const walk = (value: unknown, path: string): void => {
    if (MEANING_NOT_SHOWN.has(path)) return;
    if (typeof value === 'number') found.push([path, value]);
    else if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${path}[${i}]`));
    else for (const [key, v] of Object.entries(asObject(value) ?? {})) walk(v, `${path}.${key}`);
  };
  for (const key of ['memory_stats', 'cpu_stats', 'precpu_stats', 'network', 'networks']) walk(reading[key], key);
  return found;
}

function memoryProblems(reading: StatsObject, running: boolean): string[] {
  const memory = asObject(reading.memory_stats) ?? {};
  const { usage, max_usage: max, limit } = memory;
  if (typeof usage !== 'number') return [];
  const problems: string[] = [];
  if (running && usage <= 0) problems.push(`memory_stats.usage of a running container is ${usage}: its process uses memory`);
  if (typeof limit === 'number' && usage > limit) problems.push(`memory_stats.usage ${usage} is above memory_stats.limit ${limit}`);
  if (typeof max === 'number' && max < usage) problems.push(`memory_stats.max_usage ${max} is below memory_stats.usage ${usage}`);
  return problems;
}

/** A running container's process has used CPU time, and the host's CPUs have run since it booted. */
function cpuProblems(reading: StatsObject, running: boolean): string[] {
  const cpu = asObject(reading.cpu_stats) ?? {};
  const total = asObject(cpu.cpu_usage)?.total_usage;
  const problems: string[] = [];
  if (running && typeof total === 'number' && total <= 0)
    problems.push(`cpu_stats.cpu_usage.total_usage of a running container is ${total}: its process used CPU time`);
  if (typeof cpu.system_cpu_usage === 'number' && cpu.system_cpu_usage <= 0)
    problems.push(`cpu_stats.system_cpu_usage is ${cpu.system_cpu_usage}: the host's CPUs have run since it booted`);
  return problems;
}

/** Readings of CPU time taken one after the other may differ a little; a list cut short or doubled is far off. */
const PERCPU_TOLERANCE = 0.01;

/** percpu_usage is the usage of each CPU: where a reading lists them, they add up to its total_usage. */
function perCpuProblems(reading: StatsObject): string[] {
  return (['cpu_stats', 'precpu_stats'] as const).flatMap((key) => {
    const usage = asObject(asObject(reading[key])?.cpu_usage) ?? {};
    const { percpu_usage: perCpu, total_usage: total } = usage;
    if (!Array.isArray(perCpu) || perCpu.length === 0 || typeof total !== 'number' || !perCpu.every((n) => typeof n === 'number')) return [];
    const sum = (perCpu as number[]).reduce((a, b) => a + b, 0);
    return Math.abs(sum - total) <= total * PERCPU_TOLERANCE
      ? []
      : [`${key}.cpu_usage.percpu_usage adds up to ${sum}, not to total_usage ${total}: each item is one CPU's share of the total`];
  });
}

/**
 * (1.22) throttling_data counts the enforcement periods, those of them in which the container was
 * throttled and the time it was throttled: no more throttled periods than periods, and throttled
 * time exactly when a period was throttled.
 */
function throttlingProblems(reading: StatsObject): string[] {
  return (['cpu_stats', 'precpu_stats'] as const).flatMap((key) => {
    const t = asObject(asObject(reading[key])?.throttling_data) ?? {};
    const { periods, throttled_periods: throttled, throttled_time: time } = t;
    const problems: string[] = [];
    if (typeof periods === 'number' && typeof throttled === 'number' && throttled > periods)
      problems.push(`${key}.throttling_data.throttled_periods ${throttled} is above periods ${periods}: the throttled periods are some of the periods`);
    if (typeof throttled === 'number' && typeof time === 'number' && throttled > 0 !== time > 0)
      problems.push(`${key}.throttling_data.throttled_time ${time} with throttled_periods ${throttled}: time is throttled in a throttled period only`);
    return problems;
  });
}

function interfaces(reading: StatsObject): Array<[string, Counters]> {
  if (asObject(reading.network)) return [['network', reading.network as Counters]];
  return Object.entries(asObject(reading.networks) ?? {}).flatMap(([name, c]) => (asObject(c) ? [[`networks.${name}`, c as Counters]] : [])) as Array<
    [string, Counters]
  >;
}

function networkProblems(reading: StatsObject): string[] {
  const problems: string[] = [];
  for (const [name, c] of interfaces(reading)) {
    for (const way of ['rx', 'tx']) {
      const bytes = c[`${way}_bytes`];
      const packets = c[`${way}_packets`];
      if (typeof bytes !== 'number' || typeof packets !== 'number') continue;
      if (bytes > 0 !== packets > 0) problems.push(`${name}: ${way}_bytes ${bytes} with ${way}_packets ${packets} (bytes come in packets)`);
    }
  }
  return problems;
}

/** The departures of one reading from what its counters' names mean. */
export function statsMeaningProblems(reading: StatsObject, running: boolean): string[] {
  const negative = counters(reading)
    .filter(([, value]) => value < 0)
    .map(([path, value]) => `${path} is ${value}: a count or size is never negative`);
  return [
    ...negative,
    ...memoryProblems(reading, running),
    ...cpuProblems(reading, running),
    ...perCpuProblems(reading),
    ...throttlingProblems(reading),
    ...networkProblems(reading),
  ];
}
