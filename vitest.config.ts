import { defineConfig } from 'vitest/config';

/**
 * Three layers of tests:
 * - unit: the harness, the protocol verifiers, the data and the reference targets (seconds);
 * - embedded: the conformance suites against the embedded reference targets (seconds);
 * - real: the engine suites against a real daemon (CI starts it; see .ci/run).
 * `conformance run` drives the suites itself through vitest's node API with its own settings.
 */
export default defineConfig({
  test: {
    reporters: ['default', './tests/support/closing-line-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/real/**', 'tests/embedded/**'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'embedded',
          include: ['tests/embedded/**/*.test.ts'],
          testTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'real',
          include: ['tests/real/**/*.test.ts'],
          testTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
