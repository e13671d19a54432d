/** The URL of the bundled harness/cli/main.ts of the project at `root`, built first when its sources changed. */
export function cliBundle(root?: string): Promise<string>;
