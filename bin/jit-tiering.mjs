// The V8 flags of the processes that run checks: the run itself (started by bin/conformance.mjs)
// and its vitest workers (harness/run/run-conformance.ts). Plain JavaScript: the launcher uses it
// before any TypeScript loader is registered.

/**
 * V8 optimizes a function with TurboFan once it has run a while; tuned for long-lived processes.
 * A run's processes live seconds and run thousands of different functions a few hundred times
 * each, so a quarter of a run's CPU went to optimizing code that then hardly ran (`perf record` of
 * an embedded cloud run: 23 % in TurboFan's compiler, 4.5 % with the thresholds 16 times higher).
 * Measured on 2 cores, medians of 3 alternated runs: the cloud suite 27.1 → 23.0 G instructions
 * on Node 20 (22.1 → 21.1 G on Node 22); both engine suites 36.5 → 32.1 G, 15.4 → 14.4 s.
 * The flag that sets the threshold differs between V8 versions, and node refuses to start on one
 * its V8 lacks: only the versions where it was checked get one.
 */
const TIERING = [
  // Node 20: the profiler's budget, in bytes of bytecode run (the default is 66 KiB).
  { v8: /^11\.3\./, flags: ['--interrupt-budget=1081344'] },
  // Node 22 and 24: the number of calls (the default is 3000).
  { v8: /^1[23]\./, flags: ['--invocation-count-for-turbofan=48000'] },
];

/** The flags for this process's V8 (none where the version was not checked). */
export function jitTieringFlags(v8Version = process.versions.v8) {
  return TIERING.find((t) => t.v8.test(v8Version))?.flags ?? [];
}
