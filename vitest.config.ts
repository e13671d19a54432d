import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './tests/support/longest-first-sequencer.ts';

/**
 * Three layers of tests:
 * - unit: the harness, the protocol verifiers, the data and the reference targets (seconds);
 * - embedded: the conformance suites against the embedded reference targets (seconds): the teeth
 *   (checks run in-process against faulted targets, project embedded), then whole runs of the CLI
 *   (project embedded-cli);
 * - real: the engine suites against a real daemon (CI starts it; see .ci/run).
 * `conformance run` drives the suites itself through vitest's node API with its own settings.
 * The layers run one after another (groupOrder), each after the faster ones; Podman's real run
 * alone starts at once and overlaps them (project real-podman).
 */

/** The embedded tests that run the CLI over whole suites, and the installed package's, the GitHub Action's and the README's gate. */
const EMBEDDED_CLI_RUNS = [
  'tests/embedded/engine-suites.test.ts',
  'tests/embedded/cloud-suite.test.ts',
  'tests/embedded/interrupt.test.ts',
  'tests/embedded/interrupt-tty.test.ts',
  'tests/embedded/certify.test.ts',
  'tests/embedded/package-install.test.ts',
  'tests/embedded/github-action.test.ts',
  'tests/embedded/readme-gate.test.ts',
];

export default defineConfig({
  test: {
    reporters: ['default', './tests/support/closing-line-reporter.ts'],
    // Within each layer the longest files start first, also where vitest has no record of their durations.
    sequence: { sequencer: LongestFirstSequencer },
    // vitest's default leaves one core of two idle; most unit files wait on child runs and sockets.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          globalSetup: ['tests/support/prebuild.setup.ts'],
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/real/**', 'tests/embedded/**'],
          testTimeout: 30_000,
          // More files than cores: many of them mostly wait (on child runs, sockets, simulated work).
          maxWorkers: 4,
          // The files of a worker share its loaded modules (the harness, the references, the schemas):
          // loading them again for every file cost ~35 s of CPU per run. So a unit file restores what
          // it changes (mocks, timers, environment variables) in its own hooks.
          isolate: false,
        },
      },
      {
        test: {
          name: 'embedded',
          sequence: { groupOrder: 1 },
          include: ['tests/embedded/**/*.test.ts'],
          exclude: EMBEDDED_CLI_RUNS,
          testTimeout: 300_000,
          // The teeth files side by side: the cloud teeth mostly wait (on simulated durations, up to a
          // check's deadline), each part of the engine teeth keeps a core busy.
          maxWorkers: 3,
          // The teeth runs (test.concurrent) overlap their waits too.
          maxConcurrency: 32,
        },
      },
      {
        test: {
          name: 'embedded-cli',
          sequence: { groupOrder: 2 },
          include: EMBEDDED_CLI_RUNS,
          testTimeout: 300_000,
          // One at a time: each `conformance run` loads both cores, and their checks' timing rules and
          // the interrupted runs' 5 s bound must not share them.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'real',
          // Last, after the layers that load the machine: Docker's run keeps both cores busy.
          sequence: { groupOrder: 3 },
          include: ['tests/real/**/*.test.ts'],
          exclude: ['tests/real/podman-real.test.ts'],
          testTimeout: 1_560_000,
        },
      },
      {
        test: {
          name: 'real-podman',
          // Podman's run starts with `vitest run` (its global setup) and overlaps every layer: one
          // check at a time, it mostly waits on the service (about half a core). Its test, in the
          // last group, judges it. Docker and Podman have their own daemon and registry, and both
          // gave their recorded departures only with the machine loaded by other work.
          globalSetup: ['tests/real/podman.setup.ts'],
          sequence: { groupOrder: 3 },
          include: ['tests/real/podman-real.test.ts'],
          // Above the run's own limit (REAL_RUN_TIMEOUT_MS, 1,800 s): the run ends, and reports, first.
          testTimeout: 1_860_000,
        },
      },
    ],
  },
});
