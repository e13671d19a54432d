/**
 * Spec: States and transitions > Action states: "Failed: problem during execution; logs have
 * details". The logs of an action that ended Failed, read on the Stream API, hold a line with
 * a word besides the generic ones (an empty line, or "Error: {}", details nothing); where the same operation on the same object succeeded
 * before, one of its lines is not among the successful action's (a line every run of the
 * operation logs, such as its start, is no detail of the problem).
 */
import type { CloudContext } from './context.ts';
import type { Json } from './lists.ts';
import { actionLogLines } from './streams.ts';

export const FAILED_LOGS = 'cloud/actions/failed-has-logs';

/** Words that say a problem happened without saying which one. */
const GENERIC = new Set(['error', 'errors', 'failed', 'failure', 'fail', 'exception', 'problem', 'null', 'undefined', 'object']);

/** Whether a line says something of the problem: a word besides the generic ones ("Error: {}" says nothing). */
const detailed = (text: string): boolean => (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).some((w) => !GENERIC.has(w));

/** The text of each log line, blank ones left out. */
const textsOf = (messages: readonly Json[]): string[] => messages.map((m) => (typeof m.log === 'string' ? m.log.trim() : '')).filter((text) => text !== '');

/**
 * The action at `actionUri` ended Failed: its logs (without follow) send a line with text. With
 * `succeededUri`, the action of the same operation on the same object that ended Success: a line
 * of the Failed action's logs is not among that one's.
 */
export async function expectFailedActionLogs(ctx: CloudContext, actionUri: string, what: string, succeededUri?: string): Promise<void> {
  const messages = await actionLogLines(ctx, actionUri, what, FAILED_LOGS);
  messages.forEach((m, i) => ctx.expectView('action-log-line', m, `${what}: log line #${i}`, FAILED_LOGS));
  const texts = textsOf(messages);
  ctx.expect(texts.some(detailed), `the logs of the Failed ${what} action hold no line that says more than that an error happened`, {
    expected: 'a log line with the details of the problem',
    actual: messages,
    requirement: FAILED_LOGS,
  });
  if (succeededUri === undefined) return;
  const succeeded = new Set(textsOf(await actionLogLines(ctx, succeededUri, `${what}: the successful run`, FAILED_LOGS)));
  ctx.observe(`the Failed ${what} logs ${JSON.stringify(texts.slice(0, 5))}; the successful run logged ${JSON.stringify([...succeeded].slice(0, 5))}`);
  ctx.expect(
    texts.some((text) => !succeeded.has(text) && detailed(text)),
    `the logs of the Failed ${what} action hold only lines the same operation logged when it succeeded: no detail of the problem`,
    { expected: 'a line the successful run did not log', actual: { failed: texts, succeeded: [...succeeded] }, requirement: FAILED_LOGS },
  );
}
