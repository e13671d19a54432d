import { isDeepStrictEqual } from 'node:util';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { LONG_SLEEP, noSuchContainerCheck, sharedExitedContainer, sharedRunningContainer } from '../support/lifecycle.ts';
import {
  expectStreamGoesOn,
  noSecondReading,
  readStats,
  secondReadingMs,
  secondReadingOrUnverified,
  type StatsObject,
  type StatsRead,
} from '../support/stats.ts';
import { LISTED_CODES, NOT_FOUND } from '../support/every-state.ts';
import { statsMeaningProblems } from '../support/stats-meaning.ts';
import { execStdout } from '../support/exec.ts';

const ENDPOINT = 'engine/containers/stats';
const R = 'engine/containers/stats/';

/**
 * Two readings of a running container's stream (the check closes it after the second), waiting for
 * the second as long as secondReadingMs allows: the interval between readings is not shown.
 */
async function twoReadings(ctx: EngineContext, requirement: string, networked = false): Promise<StatsRead> {
  const { id } = await sharedRunningContainer(ctx, [...LONG_SLEEP], networked ? { networked } : {});
  const read = await readStats(ctx, id, {}, { readings: 2, deadlineMs: secondReadingMs(ctx) });
  ctx.expectEqual(read.status, 200, 'GET /stats of a running container answers 200', requirement);
  ctx.expect(read.problems.length === 0, `the stats body is a stream of JSON objects: ${read.problems.join('; ')}`, {
    expected: 'newline-separated JSON objects',
    actual: read.problems,
    requirement,
  });
  return read;
}

/**
 * (1.22) `networks` is "a map from interface name to" the counters: the readings of a running
 * container with a network carry at least one interface entry (an empty map passed the schema),
 * and each key is the name of one of the container's own interfaces, as the container sees them
 * (an exec's `ls /sys/class/net`), not, say, the name of the network it joined.
 * A container without a network of its own (NetworkMode none or host) has no interface to list.
 */
async function expectInterfaceEntries(ctx: EngineContext, read: StatsRead): Promise<void> {
  const { id } = await sharedRunningContainer(ctx, [...LONG_SLEEP], { networked: true });
  const mode = ((await ctx.inspect(id)).HostConfig as { NetworkMode?: unknown } | undefined)?.NetworkMode;
  if (mode === 'none' || mode === 'host') ctx.unverified(`the networked container has NetworkMode ${mode}: no interface of its own to list`);
  const listed = (await execStdout(ctx, id, 'ls /sys/class/net')).split(/\s+/).filter(Boolean);
  if (listed.length === 0) ctx.unverified('an exec of `ls /sys/class/net` in the container listed no interface: its interface names cannot be read');
  read.readings.forEach((reading, i) => {
    const networks = reading.networks;
    const names = networks !== null && typeof networks === 'object' ? Object.keys(networks) : [];
    ctx.expect(names.length > 0, `stats reading ${i + 1} of a running container with a network lists an interface in networks`, {
      expected: 'at least one interface name → counters entry',
      actual: networks,
      requirement: `${R}200-stats-stream`,
    });
    const strangers = names.filter((name) => !listed.includes(name));
    ctx.expect(strangers.length === 0, `stats reading ${i + 1}: each key of networks is the name of an interface of the container (ls /sys/class/net)`, {
      expected: `keys among the container's interfaces: ${listed.join(', ')}`,
      actual: names,
      requirement: `${R}200-stats-stream`,
    });
  });
}

interface CpuReading {
  cpu_usage?: { total_usage?: unknown; usage_in_usermode?: unknown; usage_in_kernelmode?: unknown };
  system_cpu_usage?: unknown;
  throttling_data?: unknown;
}

/** The CPU statistics a reading's precpu_stats carries over from the previous one (the per-CPU list aside). */
function cpuOf(reading: StatsObject | undefined, key: 'cpu_stats' | 'precpu_stats'): unknown {
  const cpu = reading?.[key] as CpuReading | undefined;
  const usage = cpu?.cpu_usage;
  return {
    total_usage: usage?.total_usage,
    usage_in_usermode: usage?.usage_in_usermode,
    usage_in_kernelmode: usage?.usage_in_kernelmode,
    system_cpu_usage: cpu?.system_cpu_usage,
    throttling_data: cpu?.throttling_data,
  };
}

/** Spec: Endpoints > Containers > 8. GET /containers/(id or name)/stats; Resources > Stats object. */
export default [
  engineCheck({
    id: `${R}200-stats-stream`,
    title:
      'GET /containers/(id)/stats answers 200 with a continuing stream of stats objects valid for the version ' +
      "(1.22: networks keyed by the container's own interface names)",
    endpoint: ENDPOINT,
    async run(ctx) {
      // Networked: the readings then carry what the version documents for its interfaces (`network`, `networks`).
      const read = await twoReadings(ctx, `${R}200-stats-stream`, true);
      expectStreamGoesOn(ctx, read, 'the stream continues: the target does not end it at its first reading');
      // The interface entries first: judged on the readings as sent, whatever else the schema finds in them.
      if (ctx.version === '1.22') await expectInterfaceEntries(ctx, read);
      read.readings.forEach((r, i) => ctx.expectVersionSchema('stats', r, `stats reading ${i + 1}`));
      // The readings that came are judged; that the stream goes on to a second one is unverified where none came while it stayed open.
      const slow = noSecondReading(ctx, read);
      if (slow) ctx.unverified(slow);
    },
  }),
  engineCheck({
    id: `${R}not-running-readings`,
    title:
      'The stats of a container that is not running (exited, or created and never started) answer a code the endpoint lists, ' +
      'and the readings, where the target answers them, are stats objects valid for the version',
    requirements: [`${R}not-running-readings`, LISTED_CODES, NOT_FOUND],
    endpoint: ENDPOINT,
    async run(ctx) {
      // The created one joins the default network: a target that lists its interface reads counters that saw no
      // traffic (0), which the version's stats object still gives as numbers, like any reading's.
      const containers = {
        'an exited container': (await sharedExitedContainer(ctx)).id,
        'a created, never started container with a network': (await ctx.createContainer({ cmd: ['true'], networked: true })).id,
      };
      // Every answer's code is judged before any reading, so that a reading's shape does not hide a code.
      const reads: Array<[string, StatsRead]> = [];
      for (const [what, id] of Object.entries(containers))
        reads.push([what, await readStats(ctx, id, ctx.version === '1.22' ? { stream: 0 } : {}, { readings: 1, deadlineMs: 6000 })]);
      // Codes: 200, 404, 500; the container exists, so not 404. Which of 200 and 500 is not shown.
      const unlisted = reads.filter(
        ([what, read]) =>
          !ctx.verify(read.status === 200 || read.status === 500, `GET /stats of ${what} answered ${read.status}`, {
            expected: [200, 500],
            actual: read.status,
            requirement: read.status === 404 ? NOT_FOUND : LISTED_CODES,
          }),
      ).length;
      const answered = reads.filter(([what, read]) => {
        if (read.status === 200 && read.readings.length > 0) return true;
        ctx.observe(`GET /stats of ${what} answered ${read.status} with ${read.readings.length} reading(s)`);
        return false;
      });
      for (const [what, read] of answered) ctx.expectVersionSchema('stats', read.readings[0], `the stats reading of ${what}`);
      if (answered.length === 0 && unlisted === 0) ctx.unverified('no stats reading of a container that is not running was answered: no reading to judge');
    },
  }),
  engineCheck({
    id: `${R}query-stream-default-true`,
    title: '(1.22) Without `stream`, readings continue until the client disconnects',
    requirements: [`${R}query-stream-default-true`, 'engine/limits/stats-stream-default'],
    oneRule: true,
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const read = await twoReadings(ctx, `${R}query-stream-default-true`);
      secondReadingOrUnverified(ctx, read, 'without stream, the target keeps the stream open past the first reading and a second reading arrives');
    },
  }),
  engineCheck({
    id: `${R}query-stream-false`,
    title: '(1.22) `stream=0` gives one reading, then the target ends the answer',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { id } = await sharedRunningContainer(ctx, [...LONG_SLEEP]);
      const read = await readStats(ctx, id, { stream: 0 }, { deadlineMs: 6000 });
      ctx.expectEqual(read.status, 200, 'GET /stats?stream=0 answers 200');
      ctx.expectEqual(
        { readings: read.readings.length, endedByTarget: read.endedByTarget },
        { readings: 1, endedByTarget: true },
        'stream=0: exactly one reading, then the target disconnects',
      );
      ctx.expectVersionSchema('stats', read.readings[0], 'the one reading');
    },
  }),
  engineCheck({
    id: `${R}precpu-stats-previous-read`,
    title: '(1.22) precpu_stats of a reading holds the CPU statistics of the previous reading',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const read = await twoReadings(ctx, `${R}precpu-stats-previous-read`);
      secondReadingOrUnverified(ctx, read, 'a second reading arrives: the target does not end the stream at its first reading');
      const [first, second] = read.readings;
      ctx.expect(
        isDeepStrictEqual(cpuOf(second, 'precpu_stats'), cpuOf(first, 'cpu_stats')),
        "the second reading's precpu_stats is the first reading's cpu_stats",
        { expected: cpuOf(first, 'cpu_stats'), actual: cpuOf(second, 'precpu_stats') },
      );
    },
  }),
  engineCheck({
    id: `${R}counters-meaning`,
    title: "The numbers of a running container's stats mean what their names say (no negative count, memory usage within its limit, bytes with packets)",
    endpoint: ENDPOINT,
    async run(ctx) {
      // Networked, so that its interfaces' counters are read too.
      const read = await twoReadings(ctx, `${R}counters-meaning`, true);
      read.readings.forEach((reading, i) => {
        const problems = statsMeaningProblems(reading, true);
        ctx.expect(problems.length === 0, `stats reading ${i + 1}: ${problems.join('; ')}`, { expected: 'no departure', actual: problems });
      });
    },
  }),
  engineCheck({
    id: `${R}counters-meaning/memory-limit`,
    title:
      "memory_stats.limit of a container created with Memory 64 MiB is that limit, not the host's memory, " +
      "and its usage is the container's own: above zero and within the 64 MiB, not the host's",
    requirements: [`${R}counters-meaning`],
    endpoint: ENDPOINT,
    async run(ctx) {
      // A limit the usage stays within passed the other checks whatever it was: the host's memory did too.
      const memory = 64 * 1024 * 1024;
      const { id } = await ctx.setUp(() => ctx.runningContainer(['sleep', '300'], { hostConfig: { Memory: memory } }));
      const stored = ((await ctx.inspect(id)).HostConfig as { Memory?: unknown } | undefined)?.Memory;
      if (stored !== memory) ctx.unverified(`the container created with Memory ${memory} shows HostConfig.Memory ${JSON.stringify(stored)}`);
      const read = await readStats(ctx, id, ctx.version === '1.22' ? { stream: 0 } : {}, { readings: 1 });
      ctx.expectEqual(read.status, 200, 'GET /stats of a running container answers 200');
      const { limit, usage } = (read.readings[0]?.memory_stats ?? {}) as { limit?: unknown; usage?: unknown };
      ctx.expectEqual(limit, memory, 'memory_stats.limit of a container created with Memory 64 MiB');
      // The shared container has no limit, so usage within its limit (the host's memory) passed a host-wide usage too.
      ctx.expect(typeof usage === 'number' && usage > 0 && usage <= memory, 'memory_stats.usage of the container limited to 64 MiB is its own usage', {
        expected: `above 0 and at most ${memory} (the cgroup keeps the container within its limit)`,
        actual: usage,
      });
    },
  }),
  engineCheck({
    id: `${R}interval`,
    title: 'The interval between readings is not shown: record it',
    endpoint: ENDPOINT,
    async run(ctx) {
      const read = await twoReadings(ctx, `${R}interval`);
      const [a, b] = read.arrivals;
      const stream = read.endedByTarget ? 'ended by the target' : 'still open';
      ctx.observe(
        b === undefined
          ? `only ${read.readings.length} reading(s) arrived within ${secondReadingMs(ctx)} ms, the stream ${stream}`
          : `readings arrived ${b - a!} ms apart (first after ${a} ms)`,
      );
    },
  }),
  engineCheck({
    id: `${R}blkio-and-memory-counters`,
    title: 'The contents of blkio_stats and the memory counters are not shown: record them',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedRunningContainer(ctx, [...LONG_SLEEP]);
      const [reading] = (await readStats(ctx, id, ctx.version === '1.22' ? { stream: 0 } : {}, { readings: 1 })).readings;
      const memory = ((reading?.memory_stats as { stats?: Record<string, unknown> } | undefined)?.stats ?? {}) as Record<string, unknown>;
      ctx.observe(`blkio_stats keys: ${Object.keys((reading?.blkio_stats ?? {}) as object).join(', ') || '(none)'}`);
      ctx.observe(`memory_stats.stats counters: ${Object.keys(memory).join(', ') || '(none)'}`);
    },
  }),
  noSuchContainerCheck({ endpoint: ENDPOINT, method: 'GET', suffix: 'stats', query: { stream: 0 } }),
];
