import type { StreamingResponse } from '../../../harness/target/http-transport.ts';

/**
 * Reads a streamed answer to its end, for at most `ms`, then closes it: an answer that should end
 * may still never end. True when the target ended it in time; false when it was cut at the
 * deadline or the connection failed.
 */
export async function drainWithin(res: StreamingResponse, ms: number): Promise<boolean> {
  let cut = false;
  const timer = setTimeout(
    () => {
      cut = true;
      res.close();
    },
    Math.max(0, ms),
  );
  try {
    for await (const _ of res.chunks) void _;
    return !cut;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
