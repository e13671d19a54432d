#!/usr/bin/env node
// Entry point of the `conformance` command: loads the TypeScript CLI through tsx, so a fresh
// clone needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../harness/cli/main.ts');
const code = await main(process.argv.slice(2));
// The command is finished: end the process rather than wait for the event loop to drain. After a
// cancelled vitest run (Ctrl-C), a native thread of vite's bundler can hold the loop open forever
// though everything the run owns is closed. The empty write lets stdout flush first.
process.stdout.write('', () => process.exit(code));
