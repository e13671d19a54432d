/**
 * The lines a printing service's containers write (MANY echoed lines to stdout, one to stderr), and
 * the judges of a log stream's lines against them: shared by the log stream checks of containers,
 * services and actions and by the service aggregation checks.
 */
import type { CloudContext } from '../support/context.ts';
import { createService, operate, serviceBody, settled, waitForContainers, type AppNodes } from '../support/app.ts';
import { TERMINAL_ACTION_STATES } from '../support/context.ts';
import type { Json } from '../support/lists.ts';
import type { Action, Container, Service } from '../support/views.generated.ts';

export const MANY = 320;
export const LINE_TAG = 'conformance-line';
/** The line a printing container writes to stderr, after its stdout lines. */
export const ERROR_LINE = 'conformance-error-line';
/** The lines a printing container writes, in order. */
export const WRITTEN = Array.from({ length: MANY }, (_, i) => `${LINE_TAG}-${i + 1}`);
export const manyLines = (tag: string): string => Array.from({ length: MANY }, (_, i) => `echo ${tag}-${i + 1}`).join('; ');

/** A service whose containers print MANY lines and exit; started and settled. */
export async function printingService(
  ctx: CloudContext,
  at: AppNodes,
  extra: Json = {},
): Promise<{ svc: Service; containers: Container[]; start: Partial<Action> }> {
  const svc = await createService(ctx, serviceBody(ctx, at, { run_command: `${manyLines(LINE_TAG)}; echo ${ERROR_LINE} >&2`, ...extra }));
  const res = await operate(ctx, svc.resource_uri, 'start');
  if (res.status >= 300) ctx.blockedBy('cloud/service/start/effect', `service start answered ${res.status}`);
  const actionUri = res.headers[ctx.actionHeader];
  const start = actionUri ? await ctx.waitForState('action', actionUri, TERMINAL_ACTION_STATES) : {};
  const containers = await waitForContainers(ctx, svc, Number(extra.target_num_containers ?? 1), ['Stopped']);
  await settled(ctx, 'service', svc.resource_uri);
  return { svc, containers, start };
}

/**
 * streamType names the stream a line was written to (the spec's example: stdout): echoed lines
 * carry stdout, and a line written to stderr, where it is shown, does not claim stdout.
 */
export function expectStreamTypes(ctx: CloudContext, lines: readonly Json[], requirement: string): void {
  const written = lines.filter((m) => String(m.log).includes(`${LINE_TAG}-`));
  const wrong = written.filter((m) => m.streamType !== 'stdout');
  ctx.expect(written.length > 0 && wrong.length === 0, `${wrong.length} of ${written.length} lines written to stdout do not carry streamType stdout`, {
    expected: 'stdout',
    actual: wrong.slice(0, 3),
    requirement,
  });
  const errors = lines.filter((m) => String(m.log).includes(ERROR_LINE));
  ctx.expect(!errors.some((m) => m.streamType === 'stdout'), 'a line written to stderr carries streamType stdout', {
    expected: 'the stream it was written to (the facts: stderr)',
    actual: errors.slice(0, 3),
    requirement,
  });
}

/** The facts: container log lines carry streamType stdout or stderr, a line written to stderr the latter. */
export function expectStderrLine(ctx: CloudContext, lines: readonly Json[], requirement: string): void {
  const errors = lines.filter((m) => String(m.log).includes(ERROR_LINE));
  ctx.expect(errors.length === 1 && errors[0]!.streamType === 'stderr', `the line written to stderr is not in the log once, with streamType stderr`, {
    expected: { log: ERROR_LINE, streamType: 'stderr' },
    actual: errors,
    requirement,
  });
}

/**
 * The first position at which `texts` stops being `writers` copies of `written` interleaved, each copy in
 * its order (-1: none; `texts.length`: some lines missing at the end). A line may come only when fewer
 * than `writers` copies hold it and more copies hold the line before it than hold it: the lines of
 * several writers of the same lines keep each writer's order exactly when this holds at every line.
 */
export function firstOutOfOrder(texts: readonly string[], written: readonly string[], writers = 1): number {
  const at = new Map(written.map((t, i) => [t, i]));
  const counts = written.map(() => 0);
  for (const [p, text] of texts.entries()) {
    const i = at.get(text);
    if (i === undefined || counts[i]! >= writers || (i > 0 && counts[i - 1]! <= counts[i]!)) return p;
    counts[i]! += 1;
  }
  return counts.every((c) => c === writers) ? -1 : texts.length;
}

/**
 * log S is the line the container wrote: each container's lines (its stderr line aside: the order
 * of two streams is not kept), in the order it wrote them, are its echoed lines and nothing else
 * (one line ending kept or not: whether the text keeps it is not shown). A text with more around
 * it (an engine stream header, a date) or lines out of order show. Where `writers` containers share
 * the name `source` (a container's name is "inherited from the service", never said to differ from
 * its siblings'), the lines of that source are theirs together: each one's lines in its order, how
 * they interleave open.
 */
export function expectWrittenLines(ctx: CloudContext, lines: readonly Json[], requirement: string, source?: string, writers = 1): void {
  const texts = lines
    .filter((m) => (source === undefined || m.source === source) && !String(m.log).includes(ERROR_LINE))
    .map((m) => String(m.log).replace(/\r?\n$/, ''));
  const first = firstOutOfOrder(texts, WRITTEN, writers);
  const whose = source === undefined ? '' : writers > 1 ? ` of the ${writers} containers named ${source}` : ` of ${source}`;
  const what = writers > 1 ? `${writers} times the ${MANY} lines written, each time in order` : `the ${MANY} lines written, in order`;
  ctx.expect(first === -1, `the log lines${whose} are not ${what}`, {
    expected: `${writers > 1 ? `${writers} × ` : ''}${WRITTEN.length} lines ${WRITTEN[0]} … ${WRITTEN.at(-1)}`,
    actual:
      first === -1 || first === texts.length
        ? `${texts.length} lines`
        : { line: first, text: JSON.stringify(texts[first]), ...(writers === 1 ? { wanted: WRITTEN[first] } : {}) },
    requirement,
  });
}

/** The containers by name: several under one where containers share their service's name. */
export function containersByName(containers: readonly Container[]): Map<string, Container[]> {
  const named = new Map<string, Container[]>();
  for (const c of containers) named.set(String(c.name), [...(named.get(String(c.name)) ?? []), c]);
  return named;
}

/**
 * The lines of a service of printing containers, told apart by source: those of each container name
 * are its container's written lines in order, or, of a name several containers share, theirs together.
 */
export function expectLinesBySource(ctx: CloudContext, lines: readonly Json[], containers: readonly Container[], requirement: string): void {
  for (const [name, group] of containersByName(containers)) {
    if (group.length > 1) ctx.observe(`${group.length} containers of the service share the name ${name}: their lines are judged together`);
    expectWrittenLines(ctx, lines, requirement, name, group.length);
  }
}

/** source S (container name): each line names a container of the service, not the service or anything else. */
export function expectContainerSources(ctx: CloudContext, lines: readonly Json[], containers: readonly Container[], requirement: string): void {
  const names = containers.map((c) => String(c.name));
  const wrong = lines.filter((m) => !names.includes(String(m.source)));
  ctx.expect(wrong.length === 0, `${wrong.length} of ${lines.length} lines carry a source that is no container of the service`, {
    expected: [...new Set(names)],
    actual: [...new Set(wrong.map((m) => m.source))].slice(0, 3),
    requirement,
  });
}

/** The texts of log lines, in a fixed order: lines of one container interleave with others' in its service's log. */
export const textsOf = (lines: readonly Json[]): string[] =>
  lines
    .filter((m) => typeof m.log === 'string')
    .map((m) => String(m.log))
    .sort();
