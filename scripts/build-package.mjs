#!/usr/bin/env node
// `npm pack`'s prepack: the package's two entry points (harness/index.ts, the API; and
// harness/protocol/index.ts, the verifiers) built into plain JavaScript under dist/, and their
// declarations (.d.ts) beside them, so that a consumer imports them in plain Node without a
// TypeScript loader. The run itself still bundles the suites at run time (harness/run/suite-bundles.ts).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { bundleOptions, relativeModuleUrls } from '../bin/bundling.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = path.join(ROOT, 'dist');

rmSync(OUT, { recursive: true, force: true });
await build({
  ...bundleOptions,
  entryPoints: { index: path.join(ROOT, 'harness/index.ts'), protocol: path.join(ROOT, 'harness/protocol/index.ts') },
  // The two entries share the protocol's modules as one chunk.
  splitting: true,
  outdir: OUT,
  sourcemap: false,
  plugins: [relativeModuleUrls(OUT)],
});
execFileSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.build.json')], {
  stdio: ['ignore', process.stderr, 'inherit'],
});
pruneDeclarations(path.join(OUT, 'types'), ['harness/index.d.ts', 'harness/protocol/index.d.ts']);
process.stderr.write(`built ${path.relative(ROOT, OUT)}/index.js, protocol.js and their declarations\n`);

/**
 * tsc writes a declaration for every module the entries import, types or not (~470 files: the
 * reference targets, the checks). Only those the entries' declarations reach are kept.
 */
function pruneDeclarations(dir, entries) {
  const reached = new Set();
  const queue = entries.map((e) => path.join(dir, e));
  while (queue.length) {
    const file = queue.pop();
    if (reached.has(file)) continue;
    reached.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from |import\()['"](\.{1,2}\/[^'"]+)['"]/g))
      queue.push(path.resolve(path.dirname(file), spec.replace(/\.ts$/, '.d.ts')));
  }
  for (const entry of readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, entry);
    if (file.endsWith('.d.ts') && !reached.has(file)) rmSync(file);
  }
}
