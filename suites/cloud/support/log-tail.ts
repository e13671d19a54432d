/**
 * The tail of a log stream (`tail=n`, default 300) judged against the whole log, read by another
 * request. The log of one writer (a container, an action) has one order: its tail is its last n
 * lines, in that order. A service's log is "aggregated logs of all containers", and how the lines
 * of its containers interleave is not stated: two requests may merge them otherwise (in arrival
 * order, say), and timestamps are whole seconds, so lines of one second have no order between
 * containers. Its tail is judged as a multiset of (source, text): n lines of the log, none left out
 * that is newer (by timestamp) than one sent (lines of the boundary second may be either), and of
 * each container the last lines it wrote (its own order is kept: message-shape holds it), where its
 * source names it alone.
 */
import type { CloudContext } from './context.ts';
import type { Json } from './lists.ts';

export const lineText = (m: Json): string => `${String(m.source ?? '')}|${String(m.log)}`;

export interface TailOf {
  /** The lines the stream sent first. */
  got: readonly Json[];
  /** The whole log. */
  all: readonly Json[];
  n: number;
  /** A service's log: the lines of several containers, their interleaving not stated. */
  aggregated: boolean;
  /** The lines whose order within their container is known (a line written to stderr is not: the order of two streams is not kept). */
  ordered: (m: Json) => boolean;
  /**
   * Sources that name several containers (containers may share their service's name): their lines are
   * not told apart by container, so no container's own last lines are judged there.
   */
  shared?: ReadonlySet<string>;
  what: string;
  requirement: string;
}

/** `lines` less one of each of `less` (a multiset difference, by lineText); `unmatched`: those of `less` not in `lines`. */
function without(lines: readonly Json[], less: readonly Json[]): { left: Json[]; unmatched: Json[] } {
  const left = [...lines];
  const unmatched: Json[] = [];
  for (const m of less) {
    const i = left.findIndex((l) => lineText(l) === lineText(m));
    if (i < 0) unmatched.push(m);
    else left.splice(i, 1);
  }
  return { left, unmatched };
}

const sortedTexts = (lines: readonly Json[]): string[] => lines.map(lineText).sort();

export function expectTail(ctx: CloudContext, t: TailOf): void {
  const last = t.all.slice(-t.n);
  if (!t.aggregated) {
    ctx.expectEqual(t.got.map(lineText), last.map(lineText), t.what, t.requirement);
    return;
  }
  ctx.expectEqual(t.got.length, last.length, `${t.what}: the count of lines`, t.requirement);
  const { left: omitted, unmatched } = without(t.all, t.got);
  ctx.expect(unmatched.length === 0, `${t.what}: ${unmatched.length} line(s) sent are not in the log`, {
    actual: unmatched.slice(0, 3).map(lineText),
    requirement: t.requirement,
  });
  const oldest = Math.min(...t.got.map((m) => Number(m.timestamp)));
  const newer = omitted.filter((m) => Number(m.timestamp) > oldest);
  ctx.expect(newer.length === 0, `${t.what}: ${newer.length} line(s) newer than a line sent were left out`, {
    expected: `the last ${t.n} lines by timestamp (lines of the boundary second ${oldest} may be either)`,
    actual: newer.slice(0, 3).map((m) => `${lineText(m)} at ${String(m.timestamp)}`),
    requirement: t.requirement,
  });
  const sources = [...new Set(t.all.map((m) => String(m.source ?? '')))].filter((source) => !t.shared?.has(source));
  const notLast = sources.filter((source) => {
    const own = (lines: readonly Json[]): Json[] => lines.filter((m) => String(m.source ?? '') === source && t.ordered(m));
    const sent = own(t.got);
    const written = own(t.all);
    return JSON.stringify(sortedTexts(sent)) !== JSON.stringify(sortedTexts(written.slice(written.length - sent.length)));
  });
  ctx.expect(notLast.length === 0, `${t.what}: the lines sent of ${notLast.join(', ')} are not the last lines each container wrote`, {
    expected: 'of each container, the last of its lines in the order it wrote them (the interleaving of containers aside)',
    actual: notLast.map((source) =>
      t.got
        .filter((m) => String(m.source ?? '') === source && t.ordered(m))
        .slice(0, 3)
        .map(lineText),
    ),
    requirement: t.requirement,
  });
}
