import { defineConfig } from 'vitest/config';

/**
 * Three layers of tests:
 * - unit: the harness, the protocol verifiers, the data and the reference targets (seconds);
 * - embedded: the conformance suites against the embedded reference targets (seconds);
 * - real: the engine suites against a real daemon (CI starts it; see .ci/run).
 * `conformance run` drives the suites itself through vitest's node API with its own settings.
 * The layers run one after another (groupOrder), each after the faster ones.
 */
export default defineConfig({
  test: {
    reporters: ['default', './tests/support/closing-line-reporter.ts'],
    // vitest's default leaves one core of two idle; most unit files wait on child runs and sockets.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/real/**', 'tests/embedded/**'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'embedded',
          sequence: { groupOrder: 1 },
          include: ['tests/embedded/**/*.test.ts'],
          testTimeout: 300_000,
          fileParallelism: false,
          // The teeth runs (test.concurrent) mostly wait on a faulted target's silence: overlap them.
          maxConcurrency: 8,
        },
      },
      {
        test: {
          name: 'real',
          // Last, after the layers that load the machine. Docker and Podman run side by side: each
          // has its own daemon and registry, and both runs gave their recorded departures only,
          // also with the machine loaded by other work (Docker 187 s, Podman 408 s at once).
          sequence: { groupOrder: 2 },
          include: ['tests/real/**/*.test.ts'],
          testTimeout: 600_000,
        },
      },
    ],
  },
});
