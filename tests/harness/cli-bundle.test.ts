import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { cliBundle } from '../../bin/cli-bundle.mjs';

const roots: string[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A project with the directories the bundle is keyed by, and a main.ts that loads a command lazily. */
function project(version: number): string {
  const root = mkdtempSync(path.join(tmpdir(), 'cli-bundle-'));
  roots.push(root);
  for (const dir of ['bin', 'catalog', 'reference', 'suites', 'harness/cli']) mkdirSync(path.join(root, dir), { recursive: true });
  writeSources(root, version);
  return root;
}

function writeSources(root: string, version: number): void {
  writeFileSync(
    path.join(root, 'harness/cli/main.ts'),
    `export async function main(): Promise<unknown> {
  const { command } = await import('./command.ts');
  return { url: import.meta.url, quoted: 'import.meta.url', version: ${version}, command: command() };
}\n`,
  );
  writeFileSync(path.join(root, 'harness/cli/command.ts'), 'export const command = (): string => import.meta.url;\n');
}

/** The build directory's name of a bundle's URL. */
const buildOf = (url: string): string => path.basename(path.dirname(new URL(url).pathname));
const builds = (root: string): string[] => readdirSync(path.join(root, 'node_modules/.cache/conformance-cli')).sort();

type Main = { main(): Promise<{ url: string; quoted: string; version: number; command: string }> };

describe("the command's bundle (bin/cli-bundle.mjs)", () => {
  test('is built once per source digest; each module keeps its own import.meta.url, and a quoted one stays text', async () => {
    const root = project(1);
    const url = await cliBundle(root);
    expect(await cliBundle(root)).toBe(url);
    expect(builds(root)).toHaveLength(1);
    const answer = await ((await import(url)) as Main).main();
    expect(answer).toEqual({
      url: pathToFileURL(path.join(root, 'harness/cli/main.ts')).href,
      quoted: 'import.meta.url',
      version: 1,
      command: pathToFileURL(path.join(root, 'harness/cli/command.ts')).href,
    });
  }, 60_000);

  test('a changed source is a new build; beyond the four most recently used, a build goes once unused for six hours', async () => {
    const root = project(1);
    const urls = [await cliBundle(root)];
    for (const version of [2, 3, 4]) {
      writeSources(root, version);
      urls.push(await cliBundle(root));
    }
    expect(new Set(urls).size).toBe(4);
    // Used again, the first build is the most recent: the second is the least recently used.
    writeSources(root, 1);
    expect(await cliBundle(root)).toBe(urls[0]);
    writeSources(root, 5);
    const fifth = await cliBundle(root);
    await expect(((await import(fifth)) as Main).main()).resolves.toMatchObject({ version: 5 });
    // A command started from the second build a moment ago may still be running: it stays.
    expect(builds(root)).toEqual([...urls, fifth].map(buildOf).sort());
    const sevenHoursAgo = new Date(Date.now() - 7 * 60 * 60_000);
    utimesSync(path.dirname(new URL(urls[1]!).pathname), sevenHoursAgo, sevenHoursAgo);
    writeSources(root, 6);
    const sixth = await cliBundle(root);
    expect(builds(root)).toEqual([urls[0]!, urls[2]!, urls[3]!, fifth, sixth].map(buildOf).sort());
  }, 60_000);
});
