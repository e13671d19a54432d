/**
 * Container programs with a known reaction to signals. Each sets its traps, then prints
 * TRAPS_SET: a signal sent before that would meet the shell's default action (a SIGHUP killing
 * it with 129 instead of the trap's exit 3). A check that signals one starts it with
 * ctx.signalProgram, which waits for the line (seen on Podman under load: a stop sent right after
 * the start met no trap).
 */

/** The line a signal program prints once its traps are set. */
export const TRAPS_SET = 'conformance-traps-set';

/**
 * The shell waits on a background sleep rather than looping over short ones: a trapped signal
 * interrupts `wait` and runs its trap at once (POSIX), and an idle program forks no process ten
 * times a second, which a daemon running a dozen of them at once pays for in CPU.
 */
const program = (traps: string): string[] => ['sh', '-c', `${traps}; echo ${TRAPS_SET}; while true; do sleep 3600 & wait; done`];

/** Runs until killed: ignores SIGTERM (so a stop waits its full `t`, then kills: exit 137). */
export const IGNORES_TERM = program('trap "" TERM');
/** Runs until SIGTERM, then exits 0 at once (a clean stop). */
export const EXITS_ON_TERM = program('trap "exit 0" TERM');
/** The line marksTerm writes when SIGTERM reaches it. */
export const TERM_TRACE = 'conformance-got-term';
/** What TRACES_SIGNALS prints when a signal reaches it, followed by the signal's name (or its number, for a real-time one). */
export const SIGNAL_TRACE = 'conformance-got-signal-';
/**
 * Every signal a shell can trap whose default would end (or stop) the program: SIGKILL and SIGSTOP
 * cannot be trapped, and CHLD, CONT, URG and WINCH do nothing by default (a CHLD trap would run at
 * each sleep's end). The real-time signals go by number (34 to 64: glibc keeps 32 and 33).
 */
const TRAPPABLE_SIGNALS = [
  ...['HUP', 'INT', 'QUIT', 'ILL', 'TRAP', 'ABRT', 'BUS', 'FPE', 'USR1', 'SEGV', 'USR2', 'PIPE', 'ALRM', 'TERM', 'STKFLT'],
  ...['TSTP', 'TTIN', 'TTOU', 'XCPU', 'XFSZ', 'VTALRM', 'PROF', 'IO', 'PWR', 'SYS'],
  ...Array.from({ length: 31 }, (_, i) => String(34 + i)),
];
/**
 * Runs until a signal: each trappable signal prints SIGNAL_TRACE and its own name, then exits 0.
 * Only SIGKILL ends it without a trace (and not with 0).
 */
export const TRACES_SIGNALS = program(`for s in ${TRAPPABLE_SIGNALS.join(' ')}; do trap "echo ${SIGNAL_TRACE}$s; exit 0" $s; done`);
/** The line MARKS_TERM writes to its directory's `started` file before it sets its traps. */
export const STARTED_MARK = 'conformance-started';
/**
 * A program writing to files of `dir` (a volume another container reads) rather than to its
 * output, which a removal takes away: `started` at once, `term` with TERM_TRACE when SIGTERM
 * reaches it (then it exits 0). Only SIGKILL ends it without a `term` file.
 */
export const marksTerm = (dir: string): string[] => program(`echo ${STARTED_MARK} > ${dir}/started; trap "echo ${TERM_TRACE} > ${dir}/term; exit 0" TERM`);
/** The exit code of EXITS_ON_HUP: the proof that SIGHUP (not SIGKILL) arrived. */
export const HUP_EXIT_CODE = 3;
/** Runs until SIGHUP, then exits with HUP_EXIT_CODE; ignores SIGTERM. */
export const EXITS_ON_HUP = program(`trap "exit ${HUP_EXIT_CODE}" HUP; trap "" TERM`);

/** The line TRACES_USR1 prints each time SIGUSR1 reaches it. */
export const USR1_TRACE = 'conformance-got-usr1';
/** Runs on through SIGUSR1, printing USR1_TRACE for each: only another signal (TERM, KILL) ends it. */
export const TRACES_USR1 = program(`trap "echo ${USR1_TRACE}" USR1`);

/** Whether a command is one of the signal programs (it announces its traps). */
export function announcesTraps(cmd: readonly string[]): boolean {
  return cmd.some((arg) => arg.includes(`echo ${TRAPS_SET};`));
}
