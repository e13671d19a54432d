/**
 * The skips of a cloud check that acted on a transitional state (or an action In progress or
 * Canceling) after the state had passed, or whose operations were accepted too late to prove
 * anything (see suites/cloud/support/state-rows.ts and suites/cloud/actions/cancel-retry.ts), and
 * of the engine's restart back-off check when its polling missed a start that no event timed.
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
  'starts; single delays not measured',
  // suites/cloud/support/boot-order.ts (TOO_SPARSE): two containers of a sequential deployment came up between two readings too far apart.
  'came up between two readings too far apart to order them',
];

/** Whether a skip says the window it needed passed unseen. */
export const missedWindow = (status: string, message: string): boolean => status === 'skipped' && MISSED_WINDOW_WORDS.some((words) => message.includes(words));

/**
 * An action date filter check passes on its on-bound value alone when no action of its own was
 * dated across a turn of the target's second (suites/cloud/actions/list.ts): on a busy machine the
 * aim at the turn can miss, and the value that tells the two dates apart was never asked.
 */
export const MISSED_CROSSING_WORDS = 'the target dated no action of this check across a second';

/**
 * The action list order check passes on quick actions alone when its long action did not outlast
 * the short one it began before (suites/cloud/support/overlapping-actions.ts): start_date and
 * end_date order were never told apart.
 */
export const MISSED_OVERLAP_WORDS = 'no action of this check started in a later second than another and ended in an earlier one';

/**
 * An asynchronous operation's check (and the asynchronous action check) judges its action as first read: when the action and its work
 * had both ended by then, whether the action was created In progress was not seen.
 */
export const MISSED_FIRST_READ_WORDS = 'had ended when first read';

/** Whether a teeth run of a check should be made again: a missed window, crossing, overlap or In progress read. */
export const missedAny = (o: { status: string; message: string; observations: readonly string[] }): boolean =>
  missedWindow(o.status, o.message) ||
  (o.status === 'passed' &&
    o.observations.some((n) => [MISSED_CROSSING_WORDS, MISSED_OVERLAP_WORDS, MISSED_FIRST_READ_WORDS].some((words) => n.includes(words))));
