// What the command's own bundle (bin/cli-bundle.mjs) and the suite bundles
// (harness/run/suite-bundles.ts) share. Plain JavaScript: the launcher uses it before any
// TypeScript loader is registered.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A digest of the source files under `dirs` (relative to `root`: .ts, .mts, .mjs and .json): their
 * names and their contents. A bundle is kept on disk under the digest of the sources it was built
 * from.
 */
export function digestSources(root, dirs) {
  // The root too: a bundle names its sources by absolute path (ownModuleUrls), so a checkout whose
  // sources are the same as another's that shares its node_modules (a git worktree, a clone) must
  // not load the other's bundle, which would read the other checkout's catalog and suites.
  const hash = createHash('sha256').update(`${path.resolve(root)}\0`);
  for (const dir of dirs) {
    const entries = readdirSync(path.join(root, dir), { recursive: true })
      .filter((e) => /\.(ts|mts|mjs|json)$/.test(e))
      .sort();
    for (const entry of entries)
      hash
        .update(`${dir}/${entry}\0`)
        .update(readFileSync(path.join(root, dir, entry)))
        .update('\0');
  }
  return hash.digest('hex').slice(0, 24);
}

/** `import.meta.url` in code, not where it is quoted (as in this file's own search for it). */
const META_URL = /(?<!['"`])\bimport\.meta\.url\b/g;

/**
 * An esbuild plugin: each bundled module keeps its own `import.meta.url` (modules find the
 * catalog, the schemas and their caches relative to themselves), rather than the bundle's.
 */
export const ownModuleUrls = {
  name: 'own-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8')).replace(META_URL, JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

/**
 * An esbuild plugin for a bundle that moves with the package (the API's, scripts/build-package.mjs):
 * each bundled module's `import.meta.url` is its source file's, found relative to the bundle in
 * `outdir`, so the installed package finds its catalog and schemas wherever it is installed.
 */
export function relativeModuleUrls(outdir) {
  return {
    name: 'relative-module-urls',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: (await readFile(args.path, 'utf8')).replace(META_URL, url), loader: 'ts' };
      });
    },
  };
}

/**
 * esbuild options of every bundle the project builds from its TypeScript: packages stay imports,
 * and the inline source maps let a stack trace name the sources (where source maps are on).
 */
export const bundleOptions = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'inline',
  sourcesContent: false,
  logLevel: 'silent',
  plugins: [ownModuleUrls],
};
