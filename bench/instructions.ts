/**
 * Machine-wide instruction and cycle counts over a stretch of work, from `perf stat -a` (root and
 * Debian's linux-perf; undefined where perf cannot count them). On the shared 2-core hosts these
 * benches run on, the same suite run took 62 to 78 s, and its cycles varied by a quarter from hour
 * to hour, while its instructions varied by about 1 %: the count a change is compared by. Counted
 * machine-wide, so a real daemon's work (its runtime, shims and re-executions) is counted too.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Counts {
  instructions: number;
  cycles: number;
}

let available: boolean | undefined;

/** Whether `perf stat -a` counts instructions here (it may be missing, or the machine may not expose the counter). */
function perfCounts(): boolean {
  available ??= (() => {
    const probe = spawnSync('perf', ['stat', '-a', '-e', 'instructions', '-x,', '--', 'true'], { encoding: 'utf8' });
    return probe.status === 0 && /^\d+,/m.test(probe.stderr ?? '');
  })();
  return available;
}

/** Runs `work` while perf counts the whole machine; the counts are undefined where perf cannot count. */
export async function counted<T>(work: () => Promise<T>): Promise<{ result: T; counts?: Counts }> {
  if (!perfCounts()) return { result: await work() };
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-perf-'));
  const file = path.join(dir, 'counts.csv');
  // perf counts until its command ends (a signal to perf itself waits for the command): its
  // command is `cat` of a pipe, which ends when the pipe is closed.
  const perf = spawn('perf', ['stat', '-a', '-e', 'instructions,cycles', '-x,', '-o', file, '--', 'cat'], { stdio: ['pipe', 'ignore', 'ignore'] });
  const ended = new Promise<void>((resolve) => perf.once('exit', () => resolve()));
  try {
    const result = await work();
    perf.stdin!.end();
    await ended;
    return { result, counts: readCounts(file) };
  } finally {
    perf.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

function readCounts(file: string): Counts | undefined {
  const text = readFileSync(file, 'utf8');
  const count = (event: string): number | undefined => {
    const line = text.split('\n').find((l) => l.split(',')[2]?.startsWith(event));
    const value = Number(line?.split(',')[0]);
    return Number.isFinite(value) && value > 0 ? value : undefined;
  };
  const instructions = count('instructions');
  const cycles = count('cycles');
  return instructions && cycles ? { instructions, cycles } : undefined;
}

/** "214.7 G instructions, 262.5 G cycles (machine-wide)" */
export function describeCounts(counts: Counts | undefined): string {
  if (!counts) return '';
  return `; ${(counts.instructions / 1e9).toFixed(1)} G instructions, ${(counts.cycles / 1e9).toFixed(1)} G cycles (machine-wide)`;
}
