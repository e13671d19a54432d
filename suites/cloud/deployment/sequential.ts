/**
 * Spec: Service (sequential_deployment: "deploy and scale in sequence, linking each to the
 * previous containers"). The links name each container's previous ones (a container links to
 * every sibling before it); the order itself is observed twice while the start and the scale run:
 *  - the states: the containers are read again and again; a container read Running while one of
 *    its previous containers is read Starting by a request sent after that answer came is out of
 *    sequence (a container waiting for its turn may show Starting: only that order is asked);
 *  - the dates: a container's deployed_datetime and started_datetime are not before its previous
 *    containers' (second resolution: equal dates are in sequence).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { createService, live, operateAndSettle, scaledTo, serviceBody, sharedNodes, waitForContainers, containersOf } from '../support/app.ts';
import { sameResource, type Json } from '../support/lists.ts';
import { dateMs } from '../support/run-dates.ts';
import type { Container, Service } from '../support/views.generated.ts';

const R = { sequential: 'cloud/deployment/sequential' };

/** One read of a container: its state, and when the request went out and its answer came (the suite's clock). */
interface Reading {
  uri: string;
  state: string;
  sent: number;
  came: number;
}

const linksOf = (c: Json): unknown[] => ((c.linked_to_container as Json[] | undefined) ?? []).map((l) => l.to_container);

/** The containers of `all` that `c` links to: its previous ones. */
const previousOf = (c: Container, all: readonly Container[]): Container[] =>
  all.filter((o) => o !== c && linksOf(c).some((l) => sameResource(l, o.resource_uri)));

/** In sequence, the k-th container links to the k-1 before it: ordered by that count, each links to every one before it. */
function expectLinkedInSequence(ctx: CloudContext, all: readonly Container[], after: string): void {
  const ordered = [...all].sort((a, b) => previousOf(a, all).length - previousOf(b, all).length);
  ordered.forEach((c, i) => {
    for (const previous of ordered.slice(0, i)) {
      ctx.expect(
        linksOf(c).some((l) => sameResource(l, previous.resource_uri)),
        `after the ${after}, container ${String(c.name)} is not linked to an earlier container ${String(previous.name)}`,
        { expected: ordered.slice(0, i).map((p) => p.resource_uri), actual: linksOf(c), requirement: R.sequential },
      );
    }
  });
}

/** Reads the service's containers over and over while `work` runs; returns the readings. */
async function readWhile(ctx: CloudContext, svc: Service, work: () => Promise<unknown>): Promise<Reading[]> {
  const readings: Reading[] = [];
  let over = false;
  // A read that fails (a timeout, a refused connection) ends the reading at once and is thrown once
  // the work is over: left unhandled while the work runs, it would end the whole run.
  let failed: { error: unknown } | undefined;
  const reading = (async () => {
    while (!over) {
      const fresh = await ctx.getJson('service', svc.resource_uri);
      for (const uri of fresh.containers ?? []) {
        const sent = Date.now();
        const res = await ctx.api.get(uri);
        if (res.status === 200) readings.push({ uri, state: String(res.json<Json>().state), sent, came: Date.now() });
      }
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
  return readings;
}

/** No container was read Running before one of its previous containers was read Starting. */
function expectStartedInSequence(ctx: CloudContext, all: readonly Container[], readings: readonly Reading[], during: string): void {
  const of = (c: Container, state: string): Reading[] => readings.filter((r) => r.state === state && sameResource(r.uri, c.resource_uri));
  for (const c of all) {
    const running = of(c, 'Running');
    if (!running.length) continue;
    const firstRunning = Math.min(...running.map((r) => r.came));
    for (const previous of previousOf(c, all)) {
      const late = of(previous, 'Starting').find((r) => r.sent > firstRunning);
      const at = (ms: number): string => `+${ms - readings[0]!.sent} ms`;
      ctx.expect(
        late === undefined,
        `during the ${during}, container ${String(c.name)} ran while ${String(previous.name)}, deployed before it, was still Starting`,
        {
          expected: `${String(previous.name)} Running before ${String(c.name)} is (in sequence)`,
          actual: `${String(c.name)} read Running at ${at(firstRunning)}, ${String(previous.name)} read Starting by a request sent at ${at(late?.sent ?? 0)}`,
          requirement: R.sequential,
        },
      );
    }
  }
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

/** Links, states read during the work, and dates of the service's `count` containers once it settled. */
async function expectInSequence(ctx: CloudContext, svc: Service, count: number, during: string, readings: readonly Reading[]): Promise<void> {
  await waitForContainers(ctx, svc, count);
  const all = live(await containersOf(ctx, svc));
  expectLinkedInSequence(ctx, all, during);
  expectStartedInSequence(ctx, all, readings, during);
  expectDatesInSequence(ctx, all, during);
}

export default [
  cloudCheck({
    id: R.sequential,
    title:
      'sequential_deployment deploys and scales containers in sequence (each Running only after the ones before it, dated after them), ' +
      'linking each to the previous containers of the service',
    endpoint: 'cloud/service/scale',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await createService(ctx, serviceBody(ctx, at, { sequential_deployment: true, target_num_containers: 3 }));
      const started = await readWhile(ctx, svc, async () => {
        await operateAndSettle(ctx, svc, 'start');
        await waitForContainers(ctx, svc, 3);
      });
      await expectInSequence(ctx, svc, 3, 'deploy', started);
      // Scale as well, by two: the first one added links to the three before it, the second to all four.
      let accepted = false;
      const scaled = await readWhile(ctx, svc, async () => {
        accepted = await scaledTo(ctx, svc, 5);
        if (accepted) await waitForContainers(ctx, svc, 5);
      });
      if (accepted) await expectInSequence(ctx, svc, 5, 'scale', scaled);
    },
  }),
];
