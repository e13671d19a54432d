/**
 * The containers the query checks list (filters, boolean spellings), made once per file under one
 * label: a running container labelled red, one that exited 0 labelled blue, one that exited 3
 * without a color. The checks only list them.
 */
import type { EngineContext } from '../support/context.ts';
import { createOwn, exitedOwn, ownLabel, type OwnLabel } from '../support/own-containers.ts';
import { LONG_SLEEP } from '../support/lifecycle.ts';

export const COLOR = 'conformance.color';

/** A container of the population, as inspect shows it. */
export interface Known {
  id: string;
  running: boolean;
  exitCode: number;
  labels: Record<string, string>;
}

export interface Population {
  label: OwnLabel;
  /** Running (red), exited 0 (blue), exited 3 (no color), in that order. */
  known: [Known, Known, Known];
}

export function population(ctx: EngineContext): Promise<Population> {
  return ctx.file.containers.get('query-population', async (shared): Promise<Population> => {
    const label = ownLabel('query');
    const running = await createOwn(ctx, label, { cmd: [...LONG_SLEEP], labels: { [COLOR]: 'red' }, owner: shared });
    await ctx.start(running.id);
    const blue = await exitedOwn(ctx, label, ['true'], { [COLOR]: 'blue' }, shared);
    const three = await exitedOwn(ctx, label, ['sh', '-c', 'exit 3'], {}, shared);
    const known = await Promise.all([running.id, blue.id, three.id].map((id) => inspected(ctx, id)));
    return { label, known: known as Population['known'] };
  });
}

async function inspected(ctx: EngineContext, id: string): Promise<Known> {
  const inspect = await ctx.inspect(id);
  const state = inspect.State as { Running: boolean; ExitCode: number };
  return { id, running: state.Running, exitCode: state.ExitCode, labels: (inspect.Config as { Labels?: Record<string, string> }).Labels ?? {} };
}
