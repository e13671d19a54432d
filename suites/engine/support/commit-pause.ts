/**
 * (1.22) POST /commit?pause=1, "pause the container while committing", seen by its effect rather
 * than by events (which operation emits which event is not shown; Podman pauses a commit without
 * announcing it). A frozen program cannot write: the image of a commit made while it is frozen
 * holds its files as they stood at one instant.
 *
 * The program counts, writing each count over two files in turn, COUNTER_DIR/a then COUNTER_DIR/z,
 * in place (`1<>`: opened without truncation, always nine bytes, so a file is never seen empty nor
 * changes size while a tar walk reads it). At any one instant z is a's count or one less. A commit
 * reads the files one after another (a tar walk, in path order), and COUNTER_DIR/m, BIG_FILE_BYTES
 * of zeros, lies between a and z: while the program runs, it counts on during that read, and the
 * image holds a and z further apart. Paused, it cannot.
 *
 * Only a commit with pause=0 whose image shows the counts apart proves that this target's commit
 * lets a running program's writes show; a target reading the layer in one instant (a snapshot)
 * shows them together whatever pause says, and then the pause cannot be seen.
 */
import type { EngineContext } from './context.ts';
import { stdoutOf } from './container-data.ts';
import { waitForLog } from './streams.ts';

export const COUNTER_DIR = '/conformance-commit-pause';
/** Read between a and z: on a real daemon tens of milliseconds, thousands of counts of the program. */
const BIG_FILE_BYTES = 16 * 2 ** 20;
const READY = 'counting';

/** The counting program (busybox sh: `printf` and `$((…))` are built in), once it has written both files. */
export const COUNTING_PROGRAM = [
  'sh',
  '-c',
  `mkdir -p ${COUNTER_DIR} && head -c ${BIG_FILE_BYTES} /dev/zero > ${COUNTER_DIR}/m && i=100000000 && ` +
    `printf %d $i 1<>${COUNTER_DIR}/a && printf %d $i 1<>${COUNTER_DIR}/z && echo ${READY} && ` +
    `while :; do i=$((i+1)); printf %d $i 1<>${COUNTER_DIR}/a; printf %d $i 1<>${COUNTER_DIR}/z; done`,
];

/** The counts an image holds: a (written first) and z. */
export interface Counts {
  a: number;
  z: number;
}

/** A running container of the counting program, once it counts. */
export async function countingContainer(ctx: EngineContext): Promise<string> {
  const { id } = await ctx.runningContainer(COUNTING_PROGRAM);
  await waitForLog(ctx, id, READY);
  return id;
}

/**
 * The counts in an image, read by a container of it; undefined where it holds no pair of counts
 * (the image misses the container's files, which query-container judges).
 */
export async function countsIn(ctx: EngineContext, image: string): Promise<Counts | undefined> {
  const out = await stdoutOf(ctx, ['sh', '-c', `cat ${COUNTER_DIR}/a; echo; cat ${COUNTER_DIR}/z; echo`], { extra: { Image: image } });
  const [a, z] = out.split('\n').map((line) => (/^\d{9}$/.test(line) ? Number(line) : Number.NaN));
  return Number.isNaN(a) || Number.isNaN(z) ? undefined : { a: a!, z: z! };
}

/** Whether counts are those of one instant: z is a's count or one less (the program stood between its two writes). */
export function atOneInstant(counts: Counts): boolean {
  return counts.a === counts.z || counts.a === counts.z + 1;
}

export const describeCounts = (c: Counts): string => `a=${c.a}, z=${c.z} (${c.z - c.a >= 0 ? '+' : ''}${c.z - c.a})`;

/**
 * Reads the container's State.Paused, one read after another, until `work` settles: whether any
 * read saw it paused. A commit with pause=0 must leave the program running; a target that pauses it
 * anyway shows counts of one instant as a snapshot does, but a read may catch it Paused.
 */
export async function pausedWhile<T>(ctx: EngineContext, id: string, work: Promise<T>): Promise<{ result: T; paused: boolean }> {
  let settled = false;
  const watched = work.finally(() => {
    settled = true;
  });
  // Handled now: a commit that fails while the reads go on is this check's failure, met at `await watched`.
  watched.catch(() => undefined);
  let paused = false;
  while (!settled) if ((await ctx.state(id)).Paused === true) paused = true;
  return { result: await watched, paused };
}
