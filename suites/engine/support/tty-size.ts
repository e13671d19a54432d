/** Reading a terminal's size from inside a container: what `stty size` prints (rows, then columns). */
import type { EngineContext } from './context.ts';

/** The fixture image links no stty: busybox runs it as an applet. */
export const STTY_SIZE = 'busybox stty size';

/**
 * What `stty size` printed on a tty (carriage returns and the edges' blanks dropped). A fixture
 * whose busybox has no stty leaves the check unverified: the size cannot be read then.
 */
export function printedSize(ctx: EngineContext, data: Buffer): string {
  const printed = data.toString('utf8').replace(/\r/g, '').trim();
  if (/applet not found|stty: not found/.test(printed)) ctx.unverified(`the fixture's busybox has no stty: ${printed.slice(0, 200)}`);
  // An error of stty itself ("stty: standard input: ...") reads no size: the target's tty is not judged by it.
  if (/^stty: /m.test(printed)) ctx.unverified(`stty could not read the terminal's size: ${printed.slice(0, 200)}`);
  return printed;
}
