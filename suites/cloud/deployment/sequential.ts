/**
 * Spec: Service (sequential_deployment: "deploy and scale in sequence, linking each to the
 * previous containers"). The links name each container's previous ones (a container links to
 * every sibling before it); the sequence itself is observed while the start and the scale run
 * (support/boot-order.ts): the service's containers are listed again and again, and each container
 * must be seen coming up after the one before it — that one Running while it is not yet (a
 * container waiting for its turn may show Starting: only the order of coming up is asked), or
 * started in a later second. Seen Running before the one before it is out of sequence; both coming
 * up between two lists taken close together (less than a quarter of the time the operation's first
 * container was seen Starting) is a deploy of them together, not in sequence. Lists too far apart
 * to tell leave the order unverified. The dates: a container's deployed_datetime and
 * started_datetime are not before its previous containers' (second resolution: equal dates are in
 * sequence).
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { createService, live, operateAndSettle, scaledTo, serviceBody, sharedNodes, waitForContainers, containersOf } from '../support/app.ts';
import { orderOf, seenStartingMs, snapshotsWhile, type Snapshot } from '../support/boot-order.ts';
import { sameResource, type Json } from '../support/lists.ts';
import { dateMs } from '../support/run-dates.ts';
import type { Container, Service } from '../support/views.generated.ts';

const R = { sequential: 'cloud/deployment/sequential' };

const linksOf = (c: Json): unknown[] => ((c.linked_to_container as Json[] | undefined) ?? []).map((l) => l.to_container);

/** The containers of `all` that `c` links to: its previous ones. */
const previousOf = (c: Container, all: readonly Container[]): Container[] =>
  all.filter((o) => o !== c && linksOf(c).some((l) => sameResource(l, o.resource_uri)));

/** The containers in the sequence their links give: by the number of previous containers each links to. */
const ordered = (all: readonly Container[]): Container[] => [...all].sort((a, b) => previousOf(a, all).length - previousOf(b, all).length);

/** In sequence, the k-th container links to the k-1 before it: ordered by that count, each links to every one before it. */
function expectLinkedInSequence(ctx: CloudContext, all: readonly Container[], after: string): void {
  const sequence = ordered(all);
  sequence.forEach((c, i) => {
    for (const previous of sequence.slice(0, i)) {
      ctx.expect(
        linksOf(c).some((l) => sameResource(l, previous.resource_uri)),
        `after the ${after}, container ${String(c.name)} is not linked to an earlier container ${String(previous.name)}`,
        { expected: sequence.slice(0, i).map((p) => p.resource_uri), actual: linksOf(c), requirement: R.sequential },
      );
    }
  });
}

/** A container's deploy and start dates are not before those of its previous containers. */
function expectDatesInSequence(ctx: CloudContext, all: readonly Container[], during: string): void {
  for (const c of all)
    for (const previous of previousOf(c, all))
      for (const field of ['deployed_datetime', 'started_datetime'] as const) {
        const [mine, theirs] = [dateMs(c[field]), dateMs(previous[field])];
        if (Number.isNaN(mine) || Number.isNaN(theirs)) continue;
        ctx.expect(mine >= theirs, `after the ${during}, ${field} of ${String(c.name)} is before that of ${String(previous.name)}, deployed before it`, {
          expected: `not before ${String(previous[field])}`,
          actual: c[field],
          requirement: R.sequential,
        });
      }
}

/** In the sequence the links give, each of the operation's containers came up after the one before it. */
function expectCameUpInSequence(
  ctx: CloudContext,
  sequence: readonly Container[],
  added: readonly Container[],
  snaps: readonly Snapshot[],
  during: string,
): string[] {
  const first = sequence.find((c) => added.includes(c));
  const firstStartingMs = first ? seenStartingMs(snaps, first) : 0;
  const unclear: string[] = [];
  const at = (ms: number): string => `+${ms - (snaps[0]?.sent ?? ms)} ms`;
  sequence.forEach((later, i) => {
    const earlier = sequence[i - 1];
    if (!earlier || !added.includes(later)) return;
    const order = orderOf(snaps, earlier, later, firstStartingMs);
    const [a, b] = [String(earlier.name), String(later.name)];
    if (order.seen === 'unclear') unclear.push(`during the ${during}, ${order.why}`);
    ctx.expect(order.seen !== 'out-of-sequence', `during the ${during}, container ${b} ran while ${a}, deployed before it, was not yet up`, {
      expected: `${a} Running before ${b} is (in sequence)`,
      actual:
        order.seen === 'out-of-sequence'
          ? `${b} listed Running at ${at(order.running.came)}, ${a} listed not yet Running by a request sent at ${at(order.notYet.sent)}`
          : undefined,
      requirement: R.sequential,
    });
    ctx.expect(order.seen !== 'together', `during the ${during}, containers ${a} and ${b} came up together, not one after the other`, {
      expected: `${b} deployed once ${a} is Running: a reading showing ${a} Running and ${b} not yet`,
      actual:
        order.seen === 'together'
          ? `both came up between two listings ${order.windowMs} ms apart; the ${during}'s first container was seen Starting for ${order.firstStartingMs} ms`
          : undefined,
      requirement: R.sequential,
    });
  });
  return unclear;
}

/** Links, the order of coming up and the dates of the service's `count` containers once it settled; what the listings could not order. */
async function expectInSequence(
  ctx: CloudContext,
  svc: Service,
  count: number,
  during: string,
  snaps: readonly Snapshot[],
  before: readonly Container[],
): Promise<string[]> {
  await waitForContainers(ctx, svc, count);
  const all = live(await containersOf(ctx, svc));
  expectLinkedInSequence(ctx, all, during);
  expectDatesInSequence(ctx, all, during);
  const added = all.filter((c) => !before.some((b) => b.uuid === c.uuid));
  return expectCameUpInSequence(ctx, ordered(all), added, snaps, during);
}

export default [
  cloudCheck({
    id: R.sequential,
    title:
      'sequential_deployment deploys and scales containers in sequence (each coming up only once the one before it is Running, dated after it), ' +
      'linking each to the previous containers of the service',
    endpoint: 'cloud/service/scale',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await createService(ctx, serviceBody(ctx, at, { sequential_deployment: true, target_num_containers: 3 }));
      const started = await snapshotsWhile(ctx, svc, async () => {
        await operateAndSettle(ctx, svc, 'start');
        await waitForContainers(ctx, svc, 3);
      });
      const unclear = await expectInSequence(ctx, svc, 3, 'deploy', started, []);
      // Scale as well, by two: the first one added links to the three before it, the second to all four.
      const three = live(await containersOf(ctx, svc));
      let accepted = false;
      const scaled = await snapshotsWhile(ctx, svc, async () => {
        accepted = await scaledTo(ctx, svc, 5);
        if (accepted) await waitForContainers(ctx, svc, 5);
      });
      if (accepted) unclear.push(...(await expectInSequence(ctx, svc, 5, 'scale', scaled, three)));
      if (unclear.length) ctx.unverified(`the order of coming up: ${unclear.join('; ')}`);
    },
  }),
];
