import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Report } from '../../harness/report/report.ts';
import { readReport } from './run-cli.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `script` (util-linux) gives a command a pseudo-terminal, as a user's terminal would. */
export const HAVE_SCRIPT = spawnSync('script', ['--version']).status === 0;

export interface TerminalRun {
  /** The command's exit code (script -e passes it on). */
  status: number | null;
  /** Milliseconds from the ^C to the command's exit. */
  afterInterruptMs: number;
  /** Everything the terminal showed (stdout and stderr). */
  screen: string;
  report: Report | undefined;
}

/**
 * Runs `command` (a shell command line, run in the project root, `REPORT_DIR` replaced by a fresh
 * directory) on a pseudo-terminal, types ^C once `ready` matches what the terminal shows, and
 * waits for the command to end. The terminal's line discipline turns ^C into SIGINT for the
 * whole foreground process group, as a real terminal does.
 */
export async function interruptInTerminal(command: string, ready: RegExp, timeoutMs = 240_000): Promise<TerminalRun> {
  const reportDir = mkdtempSync(path.join(tmpdir(), 'conformance-tty-'));
  // `script` runs the line through $SHELL -c; `exec` makes the command itself the terminal's
  // foreground process, as an interactive shell would, whatever $SHELL is (dash, after its command
  // ends, ends itself by the SIGINT it got too, and script then exits 130).
  const line = `exec ${command.replaceAll('REPORT_DIR', reportDir)}`;
  const child = spawn('script', ['-qfec', line, '/dev/null'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let screen = '';
  let interruptedAt = 0;
  const onOutput = (d: Buffer): void => {
    screen += d.toString();
    if (!interruptedAt && ready.test(screen)) {
      interruptedAt = Date.now();
      child.stdin.write('\x03');
    }
  };
  child.stdout.on('data', onOutput);
  child.stderr.on('data', onOutput);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  return { status, afterInterruptMs: interruptedAt ? Date.now() - interruptedAt : Number.NaN, screen, report: readReport(reportDir) };
}
