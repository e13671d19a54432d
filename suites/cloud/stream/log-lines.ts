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
 * log S is the line the container wrote: each container's lines (its stderr line aside: the order
 * of two streams is not kept), in the order it wrote them, are its echoed lines and nothing else
 * (one line ending kept or not: whether the text keeps it is not shown). A text with more around
 * it (an engine stream header, a date) or lines out of order show.
 */
export function expectWrittenLines(ctx: CloudContext, lines: readonly Json[], requirement: string, source?: string): void {
  const texts = lines
    .filter((m) => (source === undefined || m.source === source) && !String(m.log).includes(ERROR_LINE))
    .map((m) => String(m.log).replace(/\r?\n$/, ''));
  const first = texts.findIndex((t, i) => t !== WRITTEN[i]);
  ctx.expect(first === -1 && texts.length === WRITTEN.length, `the log lines${source ? ` of ${source}` : ''} are not the ${MANY} lines written, in order`, {
    expected: `${WRITTEN.length} lines ${WRITTEN[0]} … ${WRITTEN.at(-1)}`,
    actual: first === -1 ? `${texts.length} lines` : { line: first, text: JSON.stringify(texts[first]), wanted: WRITTEN[first] },
    requirement,
  });
}

/** source S (container name): each line names a container of the service, not the service or anything else. */
export function expectContainerSources(ctx: CloudContext, lines: readonly Json[], containers: readonly string[], requirement: string): void {
  const wrong = lines.filter((m) => !containers.includes(String(m.source)));
  ctx.expect(wrong.length === 0, `${wrong.length} of ${lines.length} lines carry a source that is no container of the service`, {
    expected: containers,
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
