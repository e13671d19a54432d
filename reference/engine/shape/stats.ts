/** Stats objects (endpoint 8): simulated but consistent readings, shaped per version. */
import type { ApiVersion } from '../http/router.ts';
import type { Container } from '../state/container.ts';
import type { FaultSet } from '../faults.ts';

const NCPU = 2;
const MEMORY_LIMIT = 2 * 1024 ** 3;

interface CpuStats {
  cpu_usage: { percpu_usage: number[]; usage_in_usermode: number; total_usage: number; usage_in_kernelmode: number };
  system_cpu_usage: number;
  throttling_data: Record<string, number>;
}

/**
 * The usage of each CPU, adding up to the total; none for a container that is not running (Docker
 * 20.10 then shows no per-CPU usage).
 */
function perCpu(running: boolean, total: number): number[] {
  if (!running) return [];
  const share = Math.floor(total / NCPU);
  return Array.from({ length: NCPU }, (_, i) => (i === 0 ? total - share * (NCPU - 1) : share));
}

/**
 * The CPU time a started program has used before its first reading (the exec of the program): a
 * running container's usage is never 0, even when read in the millisecond it started.
 */
const STARTUP_CPU_NS = 1_500_000;

function cpuStats(c: Container, version: ApiVersion, now: number, faults: FaultSet): CpuStats {
  const runningNs = c.isRunning && c.state.startedAt ? STARTUP_CPU_NS + (now - c.state.startedAt.getTime()) * 1e6 * 0.01 : 0;
  const total = Math.round(runningNs);
  return {
    cpu_usage: {
      percpu_usage: perCpu(c.isRunning, total),
      usage_in_usermode: Math.round(total * 0.7),
      total_usage: total,
      usage_in_kernelmode: Math.round(total * 0.3),
    },
    system_cpu_usage: now * 1e6 * NCPU,
    throttling_data: version === '1.18' || throttlingUnread(c, faults) ? {} : { periods: 0, throttled_periods: 0, throttled_time: 0 },
  };
}

/** Under `blind23-stats-throttling-empty-without-quota` the CFS statistics are read only for a container with a CpuQuota. */
function throttlingUnread(c: Container, faults: FaultSet): boolean {
  return faults.has('blind23-stats-throttling-empty-without-quota') && !(Number(c.hostConfig.CpuQuota) > 0);
}

/**
 * The counters of one interface: a running container receives the bridge's traffic and, idle,
 * sends nothing (measured on Docker 20.10: rx bytes and packets grow, tx stays 0).
 */
function networkCounters(c: Container): Record<string, number> {
  const bytes = c.isRunning ? c.output.size + 648 : 0;
  return { rx_bytes: bytes, rx_dropped: 0, rx_errors: 0, rx_packets: Math.ceil(bytes / 100), tx_bytes: 0, tx_dropped: 0, tx_errors: 0, tx_packets: 0 };
}

/** The predefined networks that give a container no interface of its own (Docker's stats then show none). */
const NO_INTERFACE = new Set(['none', 'host']);

/** 1.22 `networks`: one interface per network the container is connected to; none without a network. */
function perInterface(c: Container, faults: FaultSet): Record<string, Record<string, number>> {
  const joined = [...c.networks.keys()].filter((name) => !NO_INTERFACE.has(name));
  // Under `blind29-stats-networks-dropped-missing` an interface's counters are read without the dropped ones (rx_dropped, tx_dropped).
  const counters = (): Record<string, number> => {
    const all = networkCounters(c);
    if (!faults.has('blind29-stats-networks-dropped-missing')) return all;
    const { rx_dropped: _rx, tx_dropped: _tx, ...kept } = all;
    return kept;
  };
  // Under `stats-networks-keyed-by-network` each entry is keyed by the network's name, not the interface's.
  const byNetwork = faults.has('stats-networks-keyed-by-network');
  return Object.fromEntries(joined.map((name, i) => [byNetwork ? name : `eth${i}`, counters()]));
}

/**
 * The container's memory limit (HostConfig.Memory), else the host's memory.
 * @param zeroUnlimited `blind8-memory-limit-zero-unlimited`: the HostConfig value as it is, 0 without a limit.
 * @param reservationAsLimit `blind23-memory-reservation-hard-limit`: MemoryReservation stands in for a missing Memory.
 */
function memoryLimit(c: Container, zeroUnlimited: boolean, inKib: boolean, reservationAsLimit: boolean): number {
  const reservation = c.hostConfig.MemoryReservation;
  // Under `blind23-memory-reservation-hard-limit` a MemoryReservation without Memory is reported as the limit.
  const asLimit = reservationAsLimit && !(Number(c.hostConfig.Memory) > 0) && typeof reservation === 'number' && reservation > 0;
  const memory = asLimit ? reservation : c.hostConfig.Memory;
  // Under `blind18-stats-memory-limit-kib` the container's limit is given in KiB (the unit `docker stats` prints).
  if (typeof memory === 'number' && memory > 0 && inKib) return Math.floor(memory / 1024);
  return typeof memory === 'number' && memory > 0 ? memory : zeroUnlimited ? 0 : MEMORY_LIMIT;
}

/** A reader of successive stats for one container: 1.22 carries the previous CPU reading. */
export function statsReader(c: Container, version: ApiVersion, faults: FaultSet): () => Record<string, unknown> {
  let previous: CpuStats | undefined;
  return () => {
    const now = Date.now();
    const cpu = cpuStats(c, version, now, faults);
    const usage = c.isRunning ? 4 * 1024 * 1024 + c.output.size : 0;
    const reading: Record<string, unknown> = {
      read: new Date(now).toISOString(),
      memory_stats: {
        stats: { cache: 0, rss: usage, total_rss: usage },
        max_usage: usage,
        usage,
        failcnt: 0,
        limit: memoryLimit(
          c,
          faults.has('blind8-memory-limit-zero-unlimited'),
          faults.has('blind18-stats-memory-limit-kib'),
          faults.has('blind23-memory-reservation-hard-limit'),
        ),
      },
      // Under `blind11-stats-blkio-null-not-running` the block I/O stats stay a nil pointer when no cgroup was read.
      blkio_stats: !c.isRunning && faults.has('blind11-stats-blkio-null-not-running') ? null : {},
      cpu_stats: cpu,
    };
    // Under `blind24-stats-failcnt-omitted-zero` failcnt is tagged omitempty: a count of 0 is left out.
    const memory = reading.memory_stats as Record<string, unknown>;
    if (faults.has('blind24-stats-failcnt-omitted-zero') && memory.failcnt === 0) delete memory.failcnt;
    // Under `blind33-stats-max-usage-omitted` the reading is the cgroup v2 one, which has no peak file: max_usage is left out.
    if (faults.has('blind33-stats-max-usage-omitted')) delete memory.max_usage;
    // Under `blind27-stats-memory-counters-strings` the memory.stat counters are copied as the file's text, not parsed.
    if (faults.has('blind27-stats-memory-counters-strings'))
      memory.stats = Object.fromEntries(Object.entries(memory.stats as Record<string, number>).map(([k, v]) => [k, String(v)]));
    const interfaces = version === '1.22' || faults.has('stats-1.18-networks');
    // Under `stats-networks-empty` the 1.22 map is sent empty whatever interfaces the container has.
    if (interfaces) reading.networks = faults.has('stats-networks-empty') ? {} : perInterface(c, faults);
    else reading.network = networkCounters(c);
    if (version === '1.22' && !faults.has('stats-1.22-no-precpu')) {
      reading.precpu_stats = faults.has('stats-precpu-current')
        ? cpu
        : (previous ?? {
            cpu_usage: { percpu_usage: [], usage_in_usermode: 0, total_usage: 0, usage_in_kernelmode: 0 },
            system_cpu_usage: 0,
            throttling_data: { periods: 0, throttled_periods: 0, throttled_time: 0 },
          });
    }
    previous = cpu;
    return reading;
  };
}
