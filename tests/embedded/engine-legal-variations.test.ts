/**
 * Variations the spec allows, served by the engine reference under a name of its fault list: the
 * checks that look at what varies must not fail under each (a conforming target may vary so).
 * Where the variation hides what a check would compare, the check ends unverified with the cause.
 */
import { afterAll, expect, test } from 'vitest';
import type { Outcome } from '../../harness/check/outcome.ts';
import { EmbeddedEngine } from '../../harness/embedded/engine.ts';
import { engineChecksFor } from '../../suites/engine/all-checks.ts';

const S = 'engine/containers/stats/';
/** The stats checks that need a second reading of a stream. */
const SECOND_READING = [`${S}200-stats-stream`, `${S}query-stream-default-true`, `${S}precpu-stats-previous-read`];
/** The other checks that read a running container's stream (their one reading is judged, or recorded). */
const STREAM_READERS = [`${S}counters-meaning`, `${S}interval`, 'engine/service/json-object-streams'];
const DRIVER_OPTS = 'engine/volumes/create/body-driver-opts';

const checksOf = (ids: string[]) => {
  const checks = engineChecksFor('1.22').filter((c) => ids.includes(c.id));
  expect(checks.map((c) => c.id).sort()).toEqual([...ids].sort());
  return checks;
};
/** The outcome of a check that did not fail: passed, or informational for the one that only records (the interval). */
const unfailed = (id: string): string => (id === `${S}interval` ? 'informational' : 'passed');
const described = (id: string, o: Outcome | undefined): string => `${id}: ${o?.status} ${o?.message}`;

// Two daemons side by side: the variation's readings are 10 s apart, so each run lasts about that long.
const started: Array<Promise<EmbeddedEngine>> = [];
const engine = (timeoutMs: number): Promise<EmbeddedEngine> => {
  const e = EmbeddedEngine.start(timeoutMs);
  started.push(e);
  return e;
};
afterAll(async () => void (await Promise.all(started.map(async (e) => (await e).close()))));

test.concurrent('a stats stream sampling every 10 s (the interval is not shown) fails no stats check, where the run waits twice its time-out', async () => {
  // A 10 s time-out: the checks wait up to 20 s for a second reading, which comes after 10 s.
  const ids = [...SECOND_READING, ...STREAM_READERS];
  const outcomes = await (await engine(10_000)).run({
    faults: ['stats-interval-10s'],
    version: '1.22',
    checks: checksOf(ids),
    batch: { concurrency: ids.length },
  });
  for (const id of ids) expect(outcomes.get(id)?.status, described(id, outcomes.get(id))).toBe(unfailed(id));
  // The informational check saw the variation: readings about 10 s apart.
  const seen = outcomes.get(`${S}interval`)!.observations.join('\n');
  expect(seen).toMatch(/readings arrived (9\d{3}|1\d{4}) ms apart/);
}, 120_000);

const SLOWER_THAN_THE_WAIT =
  'a stats stream sampling more slowly than the wait leaves the checks of a second reading unverified, never failed; the one reading is still judged';

test.concurrent(SLOWER_THAN_THE_WAIT, async () => {
  // A 3 s time-out: the checks wait 8 s (their least), less than the interval.
  const ids = [...SECOND_READING, ...STREAM_READERS];
  const outcomes = await (await engine(3000)).run({
    faults: ['stats-interval-10s'],
    version: '1.22',
    checks: checksOf(ids),
    batch: { concurrency: ids.length },
  });
  for (const id of SECOND_READING) {
    const o = outcomes.get(id);
    expect(o?.status, described(id, o)).toBe('skipped');
    expect(o?.message, described(id, o)).toMatch(/unverified: no second reading arrived within 8000 ms .*the stream stayed open/);
  }
  for (const id of STREAM_READERS) expect(outcomes.get(id)?.status, described(id, outcomes.get(id))).toBe(unfailed(id));
}, 120_000);

test.concurrent('DriverOpts a local driver takes and leaves unapplied (no option is defined) leave body-driver-opts unverified, never failed', async () => {
  // What volume-driver-opts-dropped serves: options never passed look the same as options passed and ignored.
  const run = { faults: ['volume-driver-opts-dropped'] as const, version: '1.22' as const, checks: checksOf([DRIVER_OPTS]) };
  const outcomes = await (await engine(5000)).run(run);
  const o = outcomes.get(DRIVER_OPTS);
  expect(o?.status, described(DRIVER_OPTS, o)).toBe('skipped');
  expect(o?.message, described(DRIVER_OPTS, o)).toMatch(/unverified: the local driver took DriverOpts .* not a tmpfs/);
}, 120_000);
