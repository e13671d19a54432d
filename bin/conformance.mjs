#!/usr/bin/env node
// Entry point of the `conformance` command: loads the TypeScript CLI through tsx, so a fresh
// clone needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../harness/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
