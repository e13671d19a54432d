/**
 * Runs every bench/*.bench.ts (each exports `run()`, resolving to its rows, or to its rows and text
 * to print below them), prints a table and writes reports/bench.json. Run:
 * `npx tsx bench/index.ts [NAME...]` (only the files whose names contain a NAME; add `--expose-gc`
 * through NODE_OPTIONS for a steadier memory baseline).
 */
import { readdir, mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import type { BenchOutput, BenchResult } from './types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const reportPath = path.join(here, '..', 'reports', 'bench.json');

interface BenchModule {
  run(): Promise<BenchResult[] | BenchOutput>;
}

async function main(): Promise<void> {
  // `npm run bench -- suite-memory` runs only the files whose names contain an argument.
  const only = process.argv.slice(2);
  const files = (await readdir(here)).filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((o) => f.includes(o)))).sort();
  const suites: Array<{ file: string; results: BenchResult[] }> = [];
  const texts = new Map<string, string[]>();
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(here, file)).href)) as BenchModule;
    const output = await module.run();
    const results = Array.isArray(output) ? output : output.results;
    if (!Array.isArray(output) && output.text?.length) texts.set(file, output.text);
    suites.push({ file, results });
  }
  for (const suite of suites) {
    printTable(suite.file, suite.results);
    const text = texts.get(suite.file);
    if (text) console.log(`\n${text.join('\n')}`);
  }
  await mkdir(path.dirname(reportPath), { recursive: true });
  const report = { date: new Date().toISOString(), node: process.version, platform: `${process.platform}-${process.arch}`, suites };
  await writeFile(reportPath, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(process.cwd(), reportPath)}`);
}

function printTable(file: string, results: readonly BenchResult[]): void {
  const rows = results.map((r) => [
    r.name,
    r.ms.toFixed(1),
    r.ops === undefined ? '' : r.ops.toLocaleString('en-US'),
    r.heapMB.toFixed(1),
    r.peakRssMB === undefined ? '' : String(r.peakRssMB),
    r.note ?? '',
  ]);
  const head = ['case', 'ms', 'ops/s', 'heap MB', 'peak RSS MB', 'note'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => (i >= 1 && i <= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(`\n${file}`);
  console.log(line(head));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
}

await main();
