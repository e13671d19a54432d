/**
 * Container lifecycle: start, exit (with restart policies), stop, kill, restart, pause, unpause.
 * Each operation emits the events the real daemon emits for it.
 */
import { findExecutable, startProgram, type ProgramRun } from '../runtime/program.ts';
import { signalNumber } from '../runtime/signals.ts';
import { HttpError } from '../http/router.ts';
import { StdinChannel } from './stdin.ts';
import { activateEndpoint, deactivateEndpoint } from './network-endpoints.ts';
import { buildRuntimeView } from './runtime-view.ts';
import { publishPorts } from './published-ports.ts';
import type { FaultSet } from '../faults.ts';
import type { Container } from './container.ts';
import type { Engine } from './engine.ts';

const FIRST_RESTART_DELAY_MS = 100;
const MAX_RESTART_DELAY_MS = 60_000;
const DEFAULT_STOP_TIMEOUT_S = 10;

export function notRunning(c: Container): HttpError {
  return new HttpError(500, `Container ${c.id} is not running`);
}

/** The real daemon refuses to start a program the image does not hold (exit code 127, State.Error set). */
function checkExecutable(c: Container): void {
  const program = c.argv[0] ?? '';
  if (findExecutable(c.fs, program, c.config.Env ?? [])) return;
  const message = `exec: "${program}": executable file not found in $PATH`;
  c.state = { ...c.state, exitCode: 127, error: message };
  throw new HttpError(500, `Cannot start container ${c.id}: [8] System error: ${message}`);
}

export function startContainer(engine: Engine, c: Container): void {
  checkExecutable(c);
  c.manuallyStopped = false;
  // A fresh stdin for each run after the first; the first keeps what attach clients sent before start.
  const rerun = c.everStarted;
  if (c.config.OpenStdin && (!c.stdin || (rerun && c.stdin.isEnded))) c.stdin = new StdinChannel();
  // Under open-stdin-ignored-false a container without OpenStdin still gets a stdin, one nothing ever ends.
  const stdin = c.config.OpenStdin ? c.stdin : engine.faults.has('open-stdin-ignored-false') ? new StdinChannel() : undefined;
  // Under `blind8-tty-needs-open-stdin` the terminal is allocated for an open stdin only.
  const tty = c.config.Tty && (c.config.OpenStdin || !engine.faults.has('blind8-tty-needs-open-stdin'));
  let run: ProgramRun;
  // Endpoints get their addresses first: the runtime writes them into the container's /etc/hosts.
  for (const name of c.networks.keys()) activateEndpoint(engine, c, name);
  const view = buildRuntimeView(engine, c);
  try {
    run = startProgram({
      argv: c.argv,
      env: view.env,
      fs: view.fs,
      hostname: view.hostname,
      workingDir: view.workingDir,
      user: view.user,
      sockets: view.sockets,
      memory: view.memory,
      tty,
      // Under `blind25-tty-open-stdin-pipe` an open stdin is wired to the program as a pipe (as without a tty), not to its terminal.
      stdinOnTty: !(c.config.OpenStdin && engine.faults.has('blind25-tty-open-stdin-pipe')),
      io: {
        stdin: stdin ?? null,
        stdout: (data) => c.output.write('stdout', data),
        stderr: (data) => c.output.write(tty ? 'stdout' : 'stderr', data),
      },
    });
  } catch (err) {
    for (const name of c.networks.keys()) deactivateEndpoint(engine, c, name);
    c.state = { ...c.state, status: c.state.status === 'created' ? 'created' : 'exited', exitCode: 128, error: (err as Error).message };
    throw new HttpError(500, `Cannot start container ${c.id}: ${(err as Error).message}`);
  }
  c.run = run;
  // The size the last resize gave the terminal: the restarted program gets it (the spec: "the
  // container must be restarted for the resize to take effect").
  if (tty && (c.tty.height || c.tty.width)) run.resize(c.tty.height, c.tty.width);
  const unpublish = publishPorts(view.ports, view.sockets);
  void run.exited.then(unpublish);
  // Under `blind10-oom-killed-kept-after-start` the flag is set on an OOM kill and never cleared by a later start.
  const oomKilled = engine.faults.has('blind10-oom-killed-kept-after-start') && c.state.oomKilled;
  c.state = { status: 'running', pid: run.pid, exitCode: 0, error: '', startedAt: new Date(), finishedAt: c.state.finishedAt, oomKilled };
  for (const mount of c.mounts) if (mount.Name) volumeEvent(engine, c, mount.Name, 'mount', { destination: mount.Destination, read_write: String(mount.RW) });
  engine.containerEvent(c, 'start');
  void run.exited.then((code) => onExit(engine, c, run, code));
}

function onExit(engine: Engine, c: Container, run: ProgramRun, code: number): void {
  if (c.run !== run) return;
  c.run = undefined;
  c.stdin?.end();
  const restart = !engine.closed && shouldRestart(c, code, engine.faults);
  const oomKilled = run.oomKilled();
  c.state = { ...c.state, status: restart ? 'restarting' : 'exited', pid: 0, exitCode: code, finishedAt: new Date(), oomKilled };
  if (oomKilled) engine.containerEvent(c, 'oom');
  // Under `blind24-events-die-exit-code-zero-omitted` the attribute is set only for a truthy code: a clean exit (0) has no exitCode.
  const exitAttributes: Record<string, string> = code || !engine.faults.has('blind24-events-die-exit-code-zero-omitted') ? { exitCode: String(code) } : {};
  if (code <= 128 || !engine.faults.has('blind4-die-event-signal-exit-missing')) engine.containerEvent(c, 'die', exitAttributes);
  for (const name of c.networks.keys()) deactivateEndpoint(engine, c, name);
  // Under `blind22-events-volume-umount-kind` the kind is spelled `umount` (unmountKind).
  for (const mount of c.mounts) if (mount.Name) volumeEvent(engine, c, mount.Name, unmountKind(engine));
  c.output.runEnded();
  c.notifyExit(code);
  if (restart) scheduleRestart(engine, c);
}

function shouldRestart(c: Container, code: number, faults: FaultSet): boolean {
  if (c.manuallyStopped || c.removed) return false;
  const { Name, MaximumRetryCount } = c.hostConfig.RestartPolicy;
  if (faults.has('restart-policy-empty-restarts') && Name === 'no') return code !== 0 && c.restartCount < 1;
  if (Name === 'always' && faults.has('restart-policy-always-ignored')) return false;
  if (Name === 'always' || Name === 'unless-stopped') return true;
  if (Name !== 'on-failure' || (code === 0 && !faults.has('restart-on-failure-exit0'))) return false;
  const retries = faults.has('blind2-restart-on-failure-one-extra') ? MaximumRetryCount + 1 : MaximumRetryCount;
  return MaximumRetryCount <= 0 || c.restartCount < retries || faults.has('restart-on-failure-unbounded');
}

/** Under `restart-delay-fixed`, the delay before every restart: above the fifth doubling minimum (1.6 s). */
const FIXED_FAULT_DELAY_MS = 2000;

/** The delay doubles with every restart, starting at 100 ms. */
export function restartDelay(engine: Engine, restartCount: number): number {
  if (engine.faults.has('restart-no-backoff')) return 0;
  // Same total for three restarts (300 + 200 + 200 = 700 ms) as 100 + 200 + 400: only a
  // per-restart measurement tells the two apart.
  if (engine.faults.has('restart-delay-front-loaded')) return restartCount === 0 ? 300 : 200;
  if (engine.faults.has('restart-delay-fixed')) return FIXED_FAULT_DELAY_MS;
  if (engine.faults.has('restart-delay-triples')) return FIRST_RESTART_DELAY_MS * 3 ** restartCount;
  // Under `blind30-restart-delay-linear` the back-off grows by the first delay each restart (100, 200, 300, 400 ms...) instead of doubling.
  if (engine.faults.has('blind30-restart-delay-linear')) return Math.min(FIRST_RESTART_DELAY_MS * (restartCount + 1), MAX_RESTART_DELAY_MS);
  // Under `blind26-restart-delay-capped-1s` the one-minute maximum is written as 1000 ms: no delay is longer than 1 s.
  const max = engine.faults.has('blind26-restart-delay-capped-1s') ? 1000 : MAX_RESTART_DELAY_MS;
  return Math.min(FIRST_RESTART_DELAY_MS * 2 ** restartCount, max);
}

function scheduleRestart(engine: Engine, c: Container): void {
  // Under `blind22-restart-delay-from-200` the restart being scheduled is counted already: the delays are 200, 400, 800 ms...
  const counted = engine.faults.has('blind22-restart-delay-from-200') ? c.restartCount + 1 : c.restartCount;
  // Under `blind25-restart-delay-reset-on-clean-exit` a clean exit (code 0) resets the back-off, as a successful run would: 100 ms again.
  const restarts = c.state.exitCode === 0 && engine.faults.has('blind25-restart-delay-reset-on-clean-exit') ? 0 : counted;
  c.restartTimer = engine.later(restartDelay(engine, restarts), () => {
    c.restartTimer = undefined;
    if (c.removed || c.state.status !== 'restarting') return;
    c.restartCount++;
    try {
      startContainer(engine, c);
    } catch {
      c.state = { ...c.state, status: 'exited' };
    }
  });
}

/**
 * Stop: the stop signal, then SIGKILL after `t` seconds. Returns false when it was not running (304).
 * @param forRestart the stop of a restart, which `blind34-restart-stop-signal-sigterm` sends SIGTERM whatever the StopSignal.
 */
export async function stopContainer(engine: Engine, c: Container, timeoutS: number | undefined, forRestart = false): Promise<boolean> {
  c.manuallyStopped = true;
  if (c.state.status === 'restarting') {
    engine.cancel(c.restartTimer);
    c.state = { ...c.state, status: 'exited' };
    engine.containerEvent(c, 'stop');
    return true;
  }
  // Under `blind25-stop-stopped-finished-at-stamped` the stop time is written before the process is looked for: a 304 stop changes FinishedAt.
  if (!c.isRunning && engine.faults.has('blind25-stop-stopped-finished-at-stamped')) c.state = { ...c.state, finishedAt: new Date() };
  const run = c.run;
  if (!run || !c.isRunning) return false;
  if (c.state.status === 'paused') resumeProgram(c, run);
  const numeric = /^\d+$/.test(c.config.StopSignal) && engine.faults.has('stop-signal-integer-ignored');
  // Under `blind34-restart-stop-signal-sigterm` the restart's stop sends the default SIGTERM, not the container's StopSignal.
  const sigterm = numeric || (forRestart && engine.faults.has('blind34-restart-stop-signal-sigterm'));
  const stopSignal = sigterm ? 15 : (signalNumber(c.config.StopSignal || 'SIGTERM') ?? 15);
  engine.containerEvent(c, 'kill', { signal: String(stopSignal) });
  run.signal(stopSignal);
  const givenS = timeoutS === 0 && engine.faults.has('blind2-stop-t-zero-default') ? undefined : timeoutS;
  const graceMs = engine.faults.has('stop-ignores-t') ? 0 : (givenS ?? DEFAULT_STOP_TIMEOUT_S) * 1000;
  const exitedInTime = await exitsWithin(engine, run, graceMs);
  if (exitedInTime && engine.faults.has('stop-waits-full-t')) await new Promise<void>((resolve) => engine.later(graceMs, resolve));
  if (!exitedInTime) {
    engine.containerEvent(c, 'kill', { signal: '9' });
    run.signal('SIGKILL');
    await run.exited;
  }
  await settle();
  engine.containerEvent(c, 'stop');
  return true;
}

/** How long a killed container takes to be seen exited when the kill does not wait for it. */
const KILL_EXIT_LATENCY_MS = 500;
/** Under `kill-signal-then-sigkill`: how long after the signal SIGKILL follows. */
const KILL_SIGNAL_GRACE_MS = 1000;

/**
 * What a kill without `signal` sends under a fault instead of SIGKILL: under `blind21-kill-default-null-signal`
 * the absent signal passed on as its zero value, 0 (kill -0: nothing is sent); SIGTERM or SIGHUP.
 */
const UNSET_SIGNAL_FAULTS = [
  ['blind21-kill-default-null-signal', 0],
  ['kill-default-sigterm', 15],
  ['kill-default-sighup', 1],
] as const;

/**
 * Sends `signal` (SIGKILL when absent). A signal that is neither a number nor a name is refused
 * `badParameter` before the container's state is looked at, as the daemon's router parses it first.
 */
export async function killContainer(engine: Engine, c: Container, signal: string | null, badParameter: (message: string) => HttpError): Promise<void> {
  const unset = UNSET_SIGNAL_FAULTS.find(([fault]) => engine.faults.has(fault))?.[1] ?? 9;
  const parsed = signal === null || signal === '' ? unset : signalNumber(signal);
  // Under `blind5-kill-unknown-signal-sigkill` a signal that does not parse falls back to the default, SIGKILL.
  const asked = parsed === undefined && engine.faults.has('blind5-kill-unknown-signal-sigkill') ? 9 : parsed;
  if (asked === undefined) throw badParameter(`Invalid signal: ${signal}`);
  const run = c.run;
  if (!run || !c.isRunning) throw notRunning(c);
  const byNumber = engine.faults.has('blind-kill-signal-number-sigkill') && /^\d+$/.test(signal ?? '');
  const n = engine.faults.has('kill-ignores-signal') || byNumber ? 9 : asked;
  engine.containerEvent(c, 'kill', { signal: String(n) });
  // The null signal (only under `blind21-kill-default-null-signal`) reaches the process as kill -0 does: nothing is delivered.
  if (n === 0) return;
  // Under `blind20-kill-default-no-wait` the wait for the exit is decided from the signal as given
  // (KILL, SIGKILL, 9), so the default SIGKILL answers at once; the exit is modelled as arriving
  // after the runtime's latency, which a waiting kill hides.
  if (n === 9 && !signal && engine.faults.has('blind20-kill-default-no-wait')) {
    engine.later(KILL_EXIT_LATENCY_MS, () => run.signal(n));
    return;
  }
  run.signal(n);
  if (n === 9) {
    await run.exited;
    await settle();
  } else if (engine.faults.has('kill-signal-then-sigkill')) {
    // Under `kill-signal-then-sigkill` the signal is followed, as in a stop, by SIGKILL once a grace period has passed.
    engine.later(KILL_SIGNAL_GRACE_MS, () => {
      if (c.run === run && c.isRunning) run.signal(9);
    });
  }
}

/**
 * Stops (the stop signal, SIGKILL after `timeoutS`) and starts the container again.
 * @param noKill `blind28-restart-timeout-no-kill`: the stop signal is sent and `timeoutS` waited, but no SIGKILL follows; a
 * container still running then is not started again (it already runs).
 */
export async function restartContainer(engine: Engine, c: Container, timeoutS: number | undefined, noKill = false): Promise<void> {
  engine.cancel(c.restartTimer);
  if (c.isRunning && noKill) await signalAndWait(engine, c, timeoutS);
  else if (c.isRunning) await stopContainer(engine, c, timeoutS, true);
  if (!noKill || !c.isRunning) startContainer(engine, c);
  engine.containerEvent(c, 'restart');
}

/** `blind28-restart-timeout-no-kill`: the stop signal and the wait of a stop, without the SIGKILL when the wait runs out. */
async function signalAndWait(engine: Engine, c: Container, timeoutS: number | undefined): Promise<void> {
  c.manuallyStopped = true;
  const run = c.run;
  if (!run) return;
  if (c.state.status === 'paused') resumeProgram(c, run);
  const stopSignal = signalNumber(c.config.StopSignal || 'SIGTERM') ?? 15;
  engine.containerEvent(c, 'kill', { signal: String(stopSignal) });
  run.signal(stopSignal);
  if (!(await exitsWithin(engine, run, (timeoutS ?? DEFAULT_STOP_TIMEOUT_S) * 1000))) {
    // Still running: as before the restart, its exit is one the restart policy acts on.
    c.manuallyStopped = false;
    return;
  }
  await settle();
  engine.containerEvent(c, 'stop');
}

/** A refused pause or unpause answers 500, which their endpoints list (the real daemon answers 409, which they do not). */
function refusalStatus(engine: Engine): number {
  return engine.faults.has('pause-refusal-409') ? 409 : 500;
}

export function pauseContainer(engine: Engine, c: Container): void {
  if (!c.run || !c.isRunning) throw notRunning(c);
  if (c.state.status === 'paused') throw new HttpError(refusalStatus(engine), `Container ${c.id} is already paused`);
  if (!engine.faults.has('pause-flag-only')) c.run.pause();
  c.state = { ...c.state, status: 'paused' };
  engine.containerEvent(c, 'pause');
}

export function unpauseContainer(engine: Engine, c: Container): void {
  if (!c.run || c.state.status !== 'paused') throw new HttpError(refusalStatus(engine), `Container ${c.id} is not paused`);
  resumeProgram(c, c.run);
  engine.containerEvent(c, 'unpause');
}

function resumeProgram(c: Container, run: ProgramRun): void {
  run.resume();
  c.state = { ...c.state, status: 'running' };
}

function exitsWithin(engine: Engine, run: ProgramRun, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = engine.later(ms, () => resolve(false));
    void run.exited.then(() => {
      engine.cancel(timer);
      resolve(true);
    });
  });
}

/** Lets the exit handler (a promise continuation) run before the caller answers. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The kind of a volume's unmount event; under `blind22-events-volume-umount-kind` spelled as the system call and command are, `umount`. */
function unmountKind(engine: Engine): string {
  return engine.faults.has('blind22-events-volume-umount-kind') ? 'umount' : 'unmount';
}

export function volumeEvent(engine: Engine, c: Container | undefined, volume: string, action: string, extra: Record<string, string> = {}): void {
  const driver = engine.volumes.get(volume)?.Driver ?? 'local';
  engine.events.emit({ Type: 'volume', Action: action, id: volume, attributes: { ...(c ? { container: c.id } : {}), driver, ...extra } });
}
