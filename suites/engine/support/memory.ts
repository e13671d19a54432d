/**
 * A program that holds more memory than its container's limit (HostConfig Memory): what shows the
 * limit, the OOM killer and the oom event. It doubles a shell variable, so any finite limit is passed.
 */
import { createBody, createRaw } from './container-data.ts';
import { withoutNetwork, type EngineContext } from './context.ts';

const MB = 1024 * 1024;
/** 8 MiB: above every daemon's minimum (Docker's is 6 MB), far below what GROWS holds. */
export const LIMIT = 8 * MB;
/** Doubles a shell variable up to 16 bytes times 2^22 (64 MiB), eight times the limit, then says so. */
export const GROWS = 'x=0123456789abcdef; i=0; while [ $i -lt 22 ]; do x=$x$x; i=$((i+1)); done; echo survived';
export const SURVIVED = 'survived';
/** GROWS on the container's first run only: a later start finds its mark, sleeps 2 s and ends, exit 0. */
export const GROWS_ONCE = `if [ -e /conformance-grown ]; then sleep 2; exit 0; fi; touch /conformance-grown; ${GROWS}`;

export interface Growing {
  id: string;
  warnings: string[];
}

/** Creates and starts a container running `script` (GROWS) with Memory LIMIT and `extra` HostConfig fields. */
export async function grows(ctx: EngineContext, extra: Record<string, unknown> = {}, script = GROWS): Promise<Growing> {
  return ctx.setUp(async () => {
    const fields = { HostConfig: { Memory: LIMIT, ...extra } };
    const { res, id, warnings } = await createRaw(ctx, withoutNetwork(createBody(ctx, { ...fields, Cmd: ['sh', '-c', script] }), false));
    ctx.expectStatus(res, 201, `create with ${JSON.stringify(fields)}`);
    for (const w of warnings) ctx.observe(`create warning: ${w}`);
    await ctx.start(id!, JSON.stringify(fields));
    return { id: id!, warnings };
  });
}
