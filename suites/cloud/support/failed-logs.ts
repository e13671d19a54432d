/**
 * Spec: States and transitions > Action states: "Failed: problem during execution; logs have
 * details". The logs of an action that ended Failed, read on the Stream API, hold a line.
 */
import type { CloudContext } from './context.ts';
import { actionLogLines } from './streams.ts';

export const FAILED_LOGS = 'cloud/actions/failed-has-logs';

/** The action at `actionUri` ended Failed: its logs (without follow) send at least one log line. */
export async function expectFailedActionLogs(ctx: CloudContext, actionUri: string, what: string): Promise<void> {
  const messages = await actionLogLines(ctx, actionUri, what, FAILED_LOGS);
  messages.forEach((m, i) => ctx.expectView('action-log-line', m, `${what}: log line #${i}`, FAILED_LOGS));
  ctx.expect(messages.length > 0, `the logs of the Failed ${what} action are empty`, {
    expected: 'at least one log line',
    actual: messages,
    requirement: FAILED_LOGS,
  });
}
