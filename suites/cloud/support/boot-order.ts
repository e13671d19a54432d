/**
 * The order in which a service's containers came up, read from lists of its containers taken one
 * after another while an operation (a start, a scale) runs. Support of deployment/sequential.ts:
 * "deploy and scale in sequence" — a container comes up only once the one before it is Running.
 *
 * A snapshot is one answer of GET container/?service=<uri>: the states the target showed at a
 * moment between the request going out and its answer coming (the suite's clock). A container a
 * snapshot leaves out is not deployed yet where the list is whole (no next page, every item of the
 * service: the filter honoured); elsewhere its absence tells nothing.
 *
 * For two containers, `earlier` before `later` in the sequence (the links tell it):
 *  - in sequence, seen: a snapshot shows `earlier` Running and that one or a later one `later` not
 *    yet Running (Starting, or not deployed yet); or `later` was started in a later second;
 *  - out of sequence, seen: a snapshot shows `later` Running and a later one (sent after it came)
 *    `earlier` not yet Running;
 *  - neither: both came up between the same two snapshots. In sequence, the later container's deploy
 *    begins only once the earlier one runs and takes a time of its own, so the two are judged to have
 *    come up together where those snapshots were less than a quarter of the time the operation's first
 *    container was seen Starting apart; further apart (a slow reader), the order is unverified.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { readPage } from '../../../harness/protocol/cloud-lists.ts';
import { CONTAINERS, type ServiceRef } from './app.ts';
import type { CloudContext } from './context.ts';
import { sameResource, type Json } from './lists.ts';
import { secondOfDate } from './target-clock.ts';
import type { Container } from './views.generated.ts';

/** One list of the service's containers: each one's state by uuid, and when it was asked and answered (suite clock, ms). */
export interface Snapshot {
  sent: number;
  came: number;
  states: ReadonlyMap<string, string>;
  /** Every container of the service is in it: one left out is not deployed yet. */
  whole: boolean;
}

/** How two containers of a sequence came up, as the snapshots show it. */
export type Order =
  | { seen: 'in-sequence' }
  | { seen: 'out-of-sequence'; running: Snapshot; notYet: Snapshot }
  | { seen: 'together'; windowMs: number; firstStartingMs: number }
  | { seen: 'unclear'; why: string };

/** Words of the unverified outcome: a teeth run that missed the window is made again (tests/support/missed-window.ts). */
export const TOO_SPARSE = 'came up between two readings too far apart to order them';

async function snapshot(ctx: CloudContext, svc: ServiceRef): Promise<Snapshot | undefined> {
  const sent = Date.now();
  const res = await ctx.api.get(CONTAINERS, { service: svc.resource_uri });
  const came = Date.now();
  const page = res.status === 200 ? readPage(res.text()) : undefined;
  if (!page) return undefined;
  const objects = page.objects as Json[];
  const mine = objects.filter((o) => sameResource(o?.service, svc.resource_uri));
  return { sent, came, states: new Map(mine.map((o) => [String(o.uuid), String(o.state)])), whole: !page.next && mine.length === objects.length };
}

/**
 * Lists the service's containers over and over while `work` runs, and once more after it; returns
 * the snapshots in the order taken. A read that fails (a timeout, a refused connection) ends the
 * reading at once and is thrown once the work is over: left unhandled while the work runs, it
 * would end the whole run.
 */
export async function snapshotsWhile(ctx: CloudContext, svc: ServiceRef, work: () => Promise<unknown>): Promise<Snapshot[]> {
  const snapshots: Snapshot[] = [];
  let over = false;
  let failed: { error: unknown } | undefined;
  const take = async (): Promise<void> => {
    const s = await snapshot(ctx, svc);
    if (s) snapshots.push(s);
  };
  const reading = (async () => {
    while (!over) {
      await take();
      await sleep(5);
    }
  })().catch((error: unknown) => {
    failed = { error };
  });
  try {
    await work();
  } finally {
    over = true;
    await reading;
  }
  if (failed) throw failed.error;
  await take();
  return snapshots;
}

const running = (s: Snapshot, c: Container): boolean => s.states.get(c.uuid) === 'Running';
const starting = (s: Snapshot, c: Container): boolean => s.states.get(c.uuid) === 'Starting';
/** Not up yet in this snapshot: Starting, or left out of a whole list. */
const notYet = (s: Snapshot, c: Container): boolean => starting(s, c) || (s.whole && !s.states.has(c.uuid));

/** The first snapshot where `first` holds, and one from then on (the same one where `sameToo`) where `then` holds. */
function seenThen(
  snaps: readonly Snapshot[],
  first: (s: Snapshot) => boolean,
  then: (s: Snapshot) => boolean,
  sameToo: boolean,
): [Snapshot, Snapshot] | undefined {
  const i = snaps.findIndex(first);
  if (i < 0) return undefined;
  const j = snaps.findIndex((s, k) => (sameToo ? k >= i : k > i) && then(s));
  return j < 0 ? undefined : [snaps[i]!, snaps[j]!];
}

/**
 * How long `first` was seen Starting, at least: from the moment of the first snapshot that shows it
 * Starting (at the latest when that one came) to that of the last (at the earliest when it was sent).
 */
export function seenStartingMs(snaps: readonly Snapshot[], first: Container): number {
  const shown = snaps.filter((s) => starting(s, first));
  return shown.length ? shown.at(-1)!.sent - shown[0]!.came : 0;
}

/** How `earlier` and `later` (in that order in the sequence) came up; `firstStartingMs`: seenStartingMs of the operation's first container. */
export function orderOf(snaps: readonly Snapshot[], earlier: Container, later: Container, firstStartingMs: number): Order {
  if (
    seenThen(
      snaps,
      (s) => running(s, earlier),
      (s) => notYet(s, later),
      true,
    )
  )
    return { seen: 'in-sequence' };
  if (secondOfDate(later.started_datetime) > secondOfDate(earlier.started_datetime)) return { seen: 'in-sequence' };
  const out = seenThen(
    snaps,
    (s) => running(s, later),
    (s) => notYet(s, earlier),
    false,
  );
  if (out) return { seen: 'out-of-sequence', running: out[0], notYet: out[1] };
  const k = snaps.findIndex((s) => running(s, later));
  const m = snaps.slice(0, Math.max(k, 0)).findLastIndex((s) => notYet(s, earlier));
  if (k < 0 || m < 0) return { seen: 'unclear', why: `no reading showed ${String(earlier.name)} not yet up before ${String(later.name)} was` };
  const windowMs = snaps[k]!.came - snaps[m]!.sent;
  if (firstStartingMs > 0 && windowMs < firstStartingMs / 4) return { seen: 'together', windowMs, firstStartingMs };
  return {
    seen: 'unclear',
    why:
      `${String(earlier.name)} and ${String(later.name)} ${TOO_SPARSE} (${windowMs} ms; ` +
      `the operation's first container was seen Starting for ${Math.max(firstStartingMs, 0)} ms)`,
  };
}
