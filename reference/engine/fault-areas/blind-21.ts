/**
 * The twenty-first batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: a resize that sizes the running terminal only (a restart loses it), a kill
 * without signal that forwards the null signal 0, a rename the container list does not see, history
 * Created in milliseconds, a wait woken by the exit of an exec process, an archive GET that reads a
 * trailing `/` as "the contents", and log timestamps taken when the log is read.
 */
import { faultArea } from '../../faults.ts';

/** Twenty-first-batch blind faults: one per given sentence. */
export const BLIND_21_FAULTS = faultArea('blind', [
  {
    name: 'blind21-resize-not-kept-for-restart',
    description: "POST resize sets the window of the running program's tty only and keeps nothing: after a restart the terminal has the default size again",
  },
  {
    name: 'blind21-kill-default-null-signal',
    description: 'POST kill without signal sends signal 0 (the null signal, an unset value passed through): 204 at once and the container keeps running',
  },
  {
    name: 'blind21-rename-list-names-stale',
    description: 'POST rename answers 204 and inspect and lookups see the new name, but GET /containers/json Names (and its name filter) keep the old one',
  },
  {
    name: 'blind21-history-created-milliseconds',
    description: 'GET /images/(name)/history gives each item Created in milliseconds since the epoch instead of Unix seconds',
  },
  {
    name: 'blind21-wait-woken-by-exec-exit',
    description: "the exit of an exec process wakes the container's waiters: POST wait answers with the exec's exit code while the container keeps running",
  },
  {
    name: 'blind21-archive-slash-copies-contents',
    description: '1.22 GET archive of a directory path ending in `/` sends the contents only (as `/.` does, rsync-style) instead of the directory itself',
  },
  {
    name: 'blind21-logs-timestamps-read-time',
    description: 'GET logs with timestamps=1 stamps each line with the time the log is read, not the time the line was written',
  },
]);
