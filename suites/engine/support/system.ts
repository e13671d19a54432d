/** Helpers of the service-wide checks: build contexts, a run-flow attach, stream decoding. */
import tar from 'tar-stream';
import { JsonStreamDecoder } from '../../../harness/protocol/json-stream.ts';
import type { StreamingResponse } from '../../../harness/target/http-transport.ts';
import type { EngineContext } from './context.ts';

/** A build context holding only the build file (named `Vendorfile` in the run's spelling). */
export async function buildContext(ctx: EngineContext, instructions: string): Promise<Buffer> {
  const pack = tar.pack();
  pack.entry({ name: ctx.spell('Vendorfile') }, instructions);
  pack.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of pack) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** POST /build of the instructions; the image it makes (tag `t`) is removed after the check. */
export async function build(ctx: EngineContext, instructions: string, headers: Record<string, string> = {}) {
  const t = `${ctx.uniqueName('build')}:latest`;
  ctx.defer(async () => void (await ctx.api.delete(`/images/${t}`, { force: true })));
  return ctx.api.post('/build', { query: { t, rm: 1, forcerm: 1 }, body: await buildContext(ctx, instructions), headers: { 'content-type': 'application/x-tar', ...headers }, timeoutMs: 60_000 });
}

/** The JSON objects of a buffered stream body, and whether anything in it was not an object. */
export function jsonObjects(body: Buffer): { values: Array<Record<string, unknown>>; problems: string[] } {
  const decoder = new JsonStreamDecoder();
  const values: Array<Record<string, unknown>> = [];
  const problems: string[] = [];
  for (const item of [...decoder.push(body), ...decoder.end()]) {
    if (item.kind === 'value') values.push(item.value as Record<string, unknown>);
    else if (item.diagnostic.severity === 'violation') problems.push(item.diagnostic.message);
  }
  return { values, problems };
}

/** Reads the first `count` JSON objects of a streamed response, then closes it. */
export async function firstObjects(res: StreamingResponse, count: number, deadlineMs = 5000): Promise<{ values: unknown[]; problems: string[] }> {
  const decoder = new JsonStreamDecoder();
  const values: unknown[] = [];
  const problems: string[] = [];
  const timer = setTimeout(() => res.close(), deadlineMs);
  try {
    for await (const chunk of res.chunks) {
      for (const item of decoder.push(chunk)) {
        if (item.kind === 'value') values.push(item.value);
        else if (item.diagnostic.severity === 'violation') problems.push(item.diagnostic.message);
      }
      if (values.length >= count) break;
    }
  } finally {
    clearTimeout(timer);
    res.close();
  }
  return { values, problems };
}
