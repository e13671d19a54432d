/**
 * Runs the `conformance` command in a child process and reads its peak resident set size: that
 * of the largest process of the run (the run itself; vitest's workers are processes of their own
 * and smaller). GNU time reads it from the kernel when it is installed; elsewhere (on Linux) the
 * processes' high-water marks are sampled, which can miss the last moments of the run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Report } from '../harness/report/report.ts';
import { readReport } from '../tests/support/run-cli.ts';

const BIN = fileURLToPath(new URL('../bin/conformance.mjs', import.meta.url));
const GNU_TIME = '/usr/bin/time';
const hasGnuTime = existsSync(GNU_TIME) && spawnSync(GNU_TIME, ['-f', '%M', 'true']).status === 0;

export interface MeasuredRun {
  status: number | null;
  ms: number;
  /** Peak RSS in MB, or undefined when neither way of measuring is available. */
  peakRssMB: number | undefined;
  how: 'kernel' | 'sampled' | 'unmeasured';
  report: Report | undefined;
}

/** `conformance run ARGS --report-dir <temp>`, measured. */
export async function measureRun(args: string[]): Promise<MeasuredRun> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'conformance-bench-'));
  const rssFile = path.join(reportDir, 'peak-rss-kb');
  const command = [process.execPath, BIN, 'run', '--report-dir', reportDir, ...args];
  const started = Date.now();
  const child = hasGnuTime
    ? spawn(GNU_TIME, ['-f', '%M', '-o', rssFile, ...command], { stdio: 'ignore' })
    : spawn(command[0]!, command.slice(1), { stdio: 'ignore' });
  const sampler = hasGnuTime ? undefined : sampleTree(child.pid!);
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const ms = Date.now() - started;
  sampler?.stop();
  const kb = hasGnuTime ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) : sampler?.peakKb();
  return {
    status,
    ms,
    peakRssMB: kb ? Math.round(kb / 1024) : undefined,
    how: hasGnuTime ? 'kernel' : kb ? 'sampled' : 'unmeasured',
    report: readReport(reportDir),
  };
}

/** Samples VmHWM of a process and its descendants every 100 ms (Linux /proc). */
function sampleTree(root: number): { stop(): void; peakKb(): number } {
  let peak = 0;
  const tick = (): void => {
    for (const pid of descendants(root)) peak = Math.max(peak, highWaterKb(pid));
  };
  const timer = setInterval(tick, 100);
  return { stop: () => clearInterval(timer), peakKb: () => peak };
}

function descendants(root: number): number[] {
  const out = [root];
  for (let i = 0; i < out.length; i++) {
    try {
      const children = readFileSync(`/proc/${out[i]}/task/${out[i]}/children`, 'utf8').trim();
      if (children) out.push(...children.split(/\s+/).map(Number));
    } catch {
      // gone, or not Linux
    }
  }
  return out;
}

function highWaterKb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}
