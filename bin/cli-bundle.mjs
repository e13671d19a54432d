// The command's TypeScript (harness/cli/main.ts, the harness and the reference targets it loads)
// built into one ES module per source digest, with a chunk per lazily loaded command, and kept
// under node_modules/.cache/conformance-cli. Loaded natively, it spares each command the
// TypeScript loader: registering it and passing ~200 modules through its hooks cost a run
// ~0.4 s of wall time and ~0.8 s of CPU before its first check.
import { existsSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleOptions, digestSources } from './bundling.mjs';

const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));
/** Everything the command's modules are built from. */
const SOURCES = ['bin', 'catalog', 'harness', 'reference', 'suites'];
/** Builds kept: the most recently used. */
const KEPT_BUILDS = 4;
/**
 * A build used (started from) more recently than this is kept whatever the count: a command still
 * running may yet load a chunk of it (the report formats load last), and a run against a slow
 * daemon lasts half an hour while other checkouts sharing node_modules build their own.
 */
const RUNNING_MS = 6 * 60 * 60_000;
/** A build directory older than this was left by a process that died while building. */
const STALE_BUILD_MS = 10 * 60_000;

/** The URL of the bundled harness/cli/main.ts, built first when the sources changed. */
export async function cliBundle(root = PROJECT_ROOT) {
  const cacheDir = path.join(root, 'node_modules/.cache/conformance-cli');
  const dir = path.join(cacheDir, digestSources(root, SOURCES));
  const main = path.join(dir, 'main.mjs');
  if (existsSync(main)) markUsed(dir);
  else await build(root, dir);
  return pathToFileURL(main).href;
}

async function build(root, dir) {
  const { build: esbuild } = await import('esbuild');
  const temp = `${dir}.${process.pid}.tmp`;
  try {
    await esbuild({
      ...bundleOptions,
      entryPoints: [path.join(root, 'harness/cli/main.ts')],
      // A chunk per lazily loaded command: --help does not load the run.
      splitting: true,
      outdir: temp,
      outExtension: { '.js': '.mjs' },
    });
    // Whole or not at all: a concurrent command that built it first wins, and this copy goes.
    renameSync(temp, dir);
  } catch (err) {
    if (!existsSync(path.join(dir, 'main.mjs'))) throw err;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  removeOtherBuilds(dir);
}

/** A build's modification time says when a command last used it. */
function markUsed(dir) {
  const now = new Date();
  try {
    utimesSync(dir, now, now);
  } catch {
    // A read-only install: its builds are not removed by this process either.
  }
}

function removeOtherBuilds(current) {
  const cacheDir = path.dirname(current);
  // An entry may go while this looks (a concurrent command's build renamed into place or removed).
  const entries = readdirSync(cacheDir).flatMap((name) => {
    try {
      return [{ name, usedMs: statSync(path.join(cacheDir, name)).mtimeMs }];
    } catch {
      return [];
    }
  });
  // Another process's build in progress is left to it.
  const stale = entries.filter((e) => e.name.endsWith('.tmp') && Date.now() - e.usedMs > STALE_BUILD_MS);
  const older = entries
    .filter((e) => !e.name.endsWith('.tmp') && e.name !== path.basename(current))
    .sort((a, b) => b.usedMs - a.usedMs)
    .slice(KEPT_BUILDS - 1)
    .filter((e) => Date.now() - e.usedMs > RUNNING_MS);
  for (const e of [...stale, ...older]) rmSync(path.join(cacheDir, e.name), { recursive: true, force: true });
}
