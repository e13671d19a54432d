import type { Query } from '../../../harness/protocol/query.ts';
import { engineCheck } from '../support/check.ts';
import type { CreatedContainer, EngineContext } from '../support/context.ts';
import { exitedContainer, pausedContainer } from '../support/lifecycle.ts';

const LISTED_CODES = 'engine/errors/listed-codes-only';

/** The container states the spec names that a client can build (dead and restarting cannot be built on purpose). */
type BuiltState = 'created' | 'running' | 'paused' | 'exited';
const STATES: readonly BuiltState[] = ['created', 'running', 'paused', 'exited'];

interface Operation {
  method: string;
  suffix: string;
  query?: Query;
  json?: unknown;
  versions?: ReadonlyArray<'1.18' | '1.22'>;
  /** Changes the container: each state gets a container of its own for it. */
  changes?: boolean;
  /** Blocks until the container stops: only asked of one that does not run. */
  blocks?: boolean;
}

/** Every container operation a client can call on an existing container (catalog: Endpoints > Containers). */
const OPERATIONS: readonly Operation[] = [
  { method: 'GET', suffix: 'json' },
  { method: 'GET', suffix: 'top' },
  { method: 'GET', suffix: 'changes' },
  { method: 'GET', suffix: 'logs', query: { stdout: 1, stderr: 1 } },
  { method: 'GET', suffix: 'stats', query: { stream: 0 }, versions: ['1.22'] },
  { method: 'HEAD', suffix: 'archive', query: { path: '/' }, versions: ['1.22'] },
  { method: 'POST', suffix: 'wait', blocks: true },
  { method: 'POST', suffix: 'resize', query: { h: 24, w: 80 }, changes: true },
  { method: 'POST', suffix: 'start', changes: true },
  { method: 'POST', suffix: 'stop', query: { t: 0 }, changes: true },
  { method: 'POST', suffix: 'restart', query: { t: 0 }, changes: true },
  { method: 'POST', suffix: 'kill', changes: true },
  { method: 'POST', suffix: 'pause', changes: true },
  { method: 'POST', suffix: 'unpause', changes: true },
  { method: 'POST', suffix: 'update', json: { CpuShares: 512 }, versions: ['1.22'], changes: true },
  { method: 'POST', suffix: 'rename', query: {}, changes: true },
  { method: 'DELETE', suffix: '', changes: true },
];

/** A container of the run in the given state. */
async function inState(ctx: EngineContext, state: BuiltState): Promise<CreatedContainer> {
  if (state === 'created') return ctx.createContainer({ cmd: ['sleep', '300'] });
  if (state === 'running') return ctx.runningContainer(['sleep', '300']);
  if (state === 'paused') return pausedContainer(ctx, ['sleep', '300']);
  return exitedContainer(ctx);
}

async function call(ctx: EngineContext, id: string, op: Operation): Promise<void> {
  const query = op.suffix === 'rename' ? { name: ctx.uniqueName('renamed') } : op.query;
  await ctx.api.request(op.method, op.suffix ? `/containers/${id}/${op.suffix}` : `/containers/${id}`, { ...(query ? { query } : {}), ...(op.json ? { json: op.json } : {}) });
}

/** Spec: Endpoints ("Status codes listed are the success and error codes of each operation"); States and transitions. */
export default [
  engineCheck({
    id: 'engine/errors/listed-codes-only/every-state',
    title: 'Every container operation, asked of a container in each state a client can build and of a missing one, answers a status its endpoint lists',
    requirements: [LISTED_CODES],
    async run(ctx) {
      const ops = OPERATIONS.filter((op) => !op.versions || op.versions.includes(ctx.version));
      const missing = ctx.uniqueName('missing');
      for (const op of ops) await call(ctx, missing, op);
      for (const state of STATES) {
        const shared = await ctx.setUp(() => inState(ctx, state));
        for (const op of ops.filter((o) => !o.changes && !(o.blocks && (state === 'running' || state === 'paused' || state === 'created')))) await call(ctx, shared.id, op);
        await Promise.all(
          ops.filter((o) => o.changes).map(async (op) => {
            const own = await ctx.setUp(() => inState(ctx, state));
            await call(ctx, own.id, op);
          }),
        );
      }
      const judged = Object.values(ctx.exchanges.judged).reduce((a, b) => a + b, 0);
      ctx.expect(judged > 0, 'no answer of a documented container endpoint was judged', { expected: 'answers', actual: judged });
      for (const f of ctx.exchanges.findings.filter((x) => x.rule === 'status-documented')) {
        ctx.verify(false, f.message, { requirement: LISTED_CODES, expected: 'a status the endpoint lists', actual: f.exchange });
      }
    },
  }),
];
