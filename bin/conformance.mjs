#!/usr/bin/env node
// Entry point of the `conformance` command. A fresh clone needs no build step: the TypeScript CLI
// is bundled on first use and kept (bin/cli-bundle.mjs), or run through tsx where it cannot be.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { jitTieringFlags } from './jit-tiering.mjs';

// Commands that run checks. A terminal's Ctrl-C signals its whole foreground process group: the
// vitest workers and the esbuild services died of it mid-run (no report, or a crash). So these
// commands run in a process group of their own, and this process, the one the terminal (or npm,
// or a CI runner) signals, passes each signal on to that group's leader alone, which stops the
// checks, cleans up and writes the partial report.
const SUPERVISED_COMMANDS = new Set(['run', 'certify']);
const SUPERVISED_ENV = 'CONFORMANCE_SUPERVISED';
/**
 * The run's heap: a small young generation and a bounded old one keep its resident memory near
 * 300 MB for a suite (measured by `npm run bench -- suite-memory`; the run's live heap is ~80 MB).
 * And its compiler's thresholds (jit-tiering.mjs). Flags the user gives node come after these and win.
 */
const RUN_V8_FLAGS = ['--max-semi-space-size=2', '--max-old-space-size=256', ...jitTieringFlags()];
const args = process.argv.slice(2);

// --debug may come anywhere, the command name after it.
const commandName = args.find((a) => a !== '--debug');

if (SUPERVISED_COMMANDS.has(commandName) && !process.env[SUPERVISED_ENV] && process.platform !== 'win32') {
  supervise();
} else {
  // Only a command that checks takes a signal as an interruption to finish cleanly; any other
  // (mutate, serve, report...) ends on it as a process does, or handles it itself.
  if (SUPERVISED_COMMANDS.has(commandName)) catchEarlySignals();
  watchSupervisor();
  const { main } = await import(await commandModule());
  const code = await main(args);
  // The command is finished: end the process rather than wait for the event loop to drain. After a
  // cancelled vitest run (Ctrl-C), a native thread of vite's bundler can hold the loop open forever
  // though everything the run owns is closed. The empty write lets stdout flush first.
  process.stdout.write('', () => process.exit(code));
}

/**
 * The command's modules: built into one cached bundle (bin/cli-bundle.mjs), or, where it cannot be
 * built, run from source through the TypeScript loader (tsx).
 */
async function commandModule() {
  // Stack traces of internal errors (--debug) name the TypeScript sources.
  if (args.includes('--debug')) process.setSourceMapsEnabled(true);
  try {
    const { cliBundle } = await import('./cli-bundle.mjs');
    return await cliBundle();
  } catch (err) {
    process.stderr.write(`conformance: running from source: the command's bundle could not be built (${String(err?.message ?? err).split('\n')[0]})\n`);
    // vitest (and the vite it loads) is plain JavaScript: loaded first, it does not pass through the
    // TypeScript loader's hooks, which cost ~150 MB of resident memory when it does.
    if (SUPERVISED_COMMANDS.has(commandName)) await import('vitest/node');
    // tsx is a development dependency: an installed package has the bundle or nothing to run.
    const { register } = await import('tsx/esm/api').catch(() => {
      throw err;
    });
    register();
    return '../harness/cli/main.ts';
  }
}

/**
 * A signal that comes while the command is still starting (loading takes seconds on a busy
 * machine) would kill it without a report: it is kept for the run, which takes it as its first
 * (harness/run/interruption.ts).
 */
function catchEarlySignals() {
  const keep = (signal) => {
    process[Symbol.for('conformance.early-signal')] ??= signal;
  };
  process.on('SIGINT', keep);
  process.on('SIGTERM', keep);
}

/** A run whose supervisor is gone (killed outright) stops as if sent SIGTERM, rather than run on unseen. */
function watchSupervisor() {
  const supervisor = Number(process.env[SUPERVISED_ENV]);
  delete process.env[SUPERVISED_ENV];
  if (!supervisor) return;
  const timer = setInterval(() => {
    if (process.ppid === supervisor) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }, 1000);
  timer.unref();
}

function supervise() {
  const child = spawn(process.execPath, [...RUN_V8_FLAGS, ...process.execArgv, fileURLToPath(import.meta.url), ...args], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, [SUPERVISED_ENV]: String(process.pid) },
  });
  // SIGHUP (the terminal went away) stops the run as SIGTERM does.
  const forward = (signal) => () => {
    try {
      child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
    } catch {
      // The run has ended already.
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward(signal));
  child.on('error', (err) => {
    process.stderr.write(`conformance: cannot start the run: ${err.message}\n`);
    process.exit(3);
  });
  // Killed by a signal (not one it handled): the harness failed.
  child.on('exit', (code) => process.exit(code ?? 3));
}
