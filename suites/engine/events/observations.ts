import { engineCheck } from '../support/check.ts';
import { actionOf, nowSeconds, typeOf, type EngineEvent } from '../support/events.ts';
import { containerScenario, type ScenarioResult } from '../support/event-scenarios.ts';
import { EXITS_ON_TERM } from '../support/lifecycle.ts';

function label(e: EngineEvent): string {
  const type = typeOf(e);
  return type && type !== 'container' ? `${type} ${actionOf(e)}` : actionOf(e);
}

/** Attributes each event to the operation running when it happened (1.22 timeNano), or lists the order (1.18). */
function mapping({ events, marks }: ScenarioResult): string {
  if (!events.every((e) => typeof e.timeNano === 'number')) return events.map(label).join(', ');
  const byOp = new Map<string, string[]>(marks.map((m) => [m.op, []]));
  for (const e of events) {
    const ms = Number(e.timeNano) / 1e6;
    const op = [...marks].reverse().find((m) => m.atMs <= ms + 5)?.op ?? 'before the first operation';
    byOp.set(op, [...(byOp.get(op) ?? []), label(e)]);
  }
  return [...byOp].map(([op, kinds]) => `${op} → ${kinds.join(', ') || '(none)'}`).join('; ');
}

/** Spec: Events: "Mapping of each operation to the event it emits: not shown", and the sample run stream. */
export default [
  engineCheck({
    id: 'engine/events/operation-mapping',
    title: 'Records which events each container operation produces, a stop, a kill and a forced removal among them (not shown in the spec)',
    async run(ctx) {
      const since = nowSeconds();
      const { id } = await ctx.createContainer({ cmd: EXITS_ON_TERM });
      const post = (path: string, query?: Record<string, number>) => async () => void (await ctx.api.post(`/containers/${id}${path}`, query ? { query } : {}));
      const result = await containerScenario(ctx, id, since, [
        { op: 'start', run: post('/start') },
        { op: 'pause', run: post('/pause') },
        { op: 'unpause', run: post('/unpause') },
        { op: 'stop', run: post('/stop', { t: 1 }) },
        // A second run ended by SIGKILL: whether a signal death emits die as a normal exit does is recorded too.
        { op: 'start again', run: post('/start') },
        { op: 'kill', run: post('/kill') },
        // Running again, so that the scenario's last step, a removal with force=1, kills it first: the events of a forced removal are recorded too.
        { op: 'start for a forced removal', run: post('/start') },
      ]);
      ctx.observe(`operations and the events they produced: ${mapping(result)}`);
    },
  }),
  engineCheck({
    id: 'engine/events/run-sample-order',
    title: 'Records the order of the events of one container run (create, attach, start, wait, remove)',
    async run(ctx) {
      const since = nowSeconds();
      const { id } = await ctx.createContainer({ cmd: ['echo', 'hello'] });
      const result = await containerScenario(ctx, id, since, [
        {
          op: 'attach',
          run: async () => {
            const attach = await ctx.api.hijack('POST', `/containers/${id}/attach`, { query: { logs: 1, stream: 1, stdout: 1, stderr: 1 }, upgrade: true });
            await ctx.start(id);
            await attach.readAll({ timeoutMs: 5000 });
            attach.close();
          },
        },
        { op: 'wait', run: async () => void (await ctx.waitExit(id)) },
      ]);
      ctx.observe(
        `the events of one run, in order: ${result.events.map(label).join(', ')} ` +
          "(the spec's sample: image pull, create, attach, network connect, start, resize, die, network disconnect, destroy)",
      );
    },
  }),
];
