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
/** The line TRACES_TERM prints when SIGTERM reaches it. */
export const TERM_TRACE = 'conformance-got-term';
/** Runs until a signal: on SIGTERM it prints TERM_TRACE and exits 0, so only SIGKILL ends it with 137 and no trace. */
export const TRACES_TERM = program(`trap "echo ${TERM_TRACE}; exit 0" TERM`);
/** The line MARKS_TERM writes to its directory's `started` file before it sets its traps. */
export const STARTED_MARK = 'conformance-started';
/**
 * TRACES_TERM writing to files of `dir` (a volume another container reads) rather than to its
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
