import { cliBundle } from '../../bin/cli-bundle.mjs';

/**
 * Global setup of the test run: the command's bundle is built once before any test runs the
 * command. On a fresh clone the unit layer starts dozens of commands at once (tests/cli/inputs
 * starts 30 side by side), each of which would otherwise build the same bundle itself.
 */
export default async function setup(): Promise<void> {
  await cliBundle();
}
