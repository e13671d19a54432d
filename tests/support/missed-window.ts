/**
 * The skips of a cloud check that acted on a transitional state (or an action In progress or
 * Canceling) after the state had passed, or whose operations were accepted too late to prove
 * anything (see suites/cloud/support/state-rows.ts and suites/cloud/actions/cancel-retry.ts).
 * Such a check verified nothing, caught or not: on a busy machine the ~60-250 ms a state or its
 * work lasts can pass unseen, and the tests make its run again.
 */

/** Words of those skips' messages, each as the suites write it (tests/suites/missed-window.test.ts). */
export const MISSED_WINDOW_WORDS = [
  'is transitional and had already passed',
  'came while the work that led into the state still ran, fewer than',
  'when read, not In progress',
  'before the cancel reached it',
  'around the retry: whether the retry reached it In progress cannot be told',
  'while the check acted: an accepted operation cannot be told apart',
];

/** Whether a skip says the window it needed passed unseen. */
export const missedWindow = (status: string, message: string): boolean => status === 'skipped' && MISSED_WINDOW_WORDS.some((words) => message.includes(words));
