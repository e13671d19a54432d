/** Named faults of the engine reference daemon about streams (hijacked attach, frames, logs, progress) and exec. */
import { faultArea } from '../../faults.ts';

/** Streams: hijacking, multiplexed frames, attach, logs and the JSON progress and event streams. */
export const STREAM_FAULTS = faultArea('streams', [
  {
    name: 'hijack-closes-on-stdin-eof',
    description: 'a hijacked stream is closed when the client half-closes (stdin EOF), dropping the output the program still writes',
  },
  { name: 'frame-size-little-endian', description: 'multiplexed frame headers carry the payload size little-endian' },
  { name: 'frame-reserved-nonzero', description: 'multiplexed frame header bytes 1-3 are not zero' },
  { name: 'attach-tty-framed', description: 'a Tty container still has its attach stream multiplexed into frames' },
  { name: 'hijack-no-101', description: 'attach/exec start with the upgrade headers answers 200 instead of 101 UPGRADED' },
  { name: 'logs-tail-ignored', description: 'logs ignores the tail parameter and returns every line' },
  { name: 'logs-default-tail-300', description: 'logs without tail returns the last 300 lines instead of every line (default all)' },
  { name: 'import-no-progress', description: 'import (fromSrc=-) answers 200 with an empty body: no progress object at all' },
  { name: 'build-error-no-errorDetail', description: 'build error objects carry `error` but no `errorDetail`' },
  { name: 'frame-stdout-typed-stderr', description: 'stdout frames carry stream type 2 (stderr) instead of 1' },
  { name: 'frame-trailing-byte', description: 'a newline byte follows every multiplexed frame (frames are not contiguous)' },
  { name: 'hijack-always-101', description: 'attach/logs/exec start answer 101 UPGRADED even without the upgrade headers instead of 200' },
  { name: 'attach-stdin-dropped', description: 'attach with stdin=1&stream=1 never delivers the client bytes to the container stdin' },
  {
    name: 'attach-tty-stdin-dropped',
    description: 'attach to a Tty container never delivers the client bytes to its stdin (a container without a tty gets them)',
  },
  { name: 'stdin-once-ignored', description: 'StdinOnce: the container stdin stays open after the attached client closes its side' },
  { name: 'attach-logs-ignored', description: 'attach (and attach/ws) ignore logs=1 and replay no logs' },
  { name: 'attach-logs-dropped-with-stream', description: 'attach with logs=1 and stream=1 sends only the live stream: the logs come only without stream=1' },
  { name: 'attach-logs-by-default', description: 'attach replays the logs when logs is not given (logs defaults to true)' },
  { name: 'attach-streams-unfiltered', description: 'attach (and attach/ws) send stdout and stderr whatever stdout/stderr ask for' },
  {
    name: 'attach-logs-streams-unfiltered',
    description: 'POST attach with logs=1 replays the stdout and the stderr log whatever stdout/stderr ask for (the live stream follows them)',
  },
  { name: 'attach-stderr-by-default', description: 'attach sends stderr when stderr is not given (stderr defaults to true)' },
  { name: 'attach-detach-keys-ignored', description: '1.22 attach and exec neither validate detachKeys (no 400) nor detach on the sequence' },
  { name: 'attach-ws-refused', description: 'GET /attach/ws refuses the WebSocket handshake with 400' },
  {
    name: 'attach-ws-detach-keys-ignored',
    description: '1.22 attach/ws validates detachKeys (400 outside the grammar) but never detaches on the sequence; POST attach does',
  },
  { name: 'logs-follow-ignored', description: 'logs ignores follow=1 and ends after the existing log' },
  { name: 'logs-timestamps-ignored', description: 'logs ignores timestamps=1 and prints the lines without timestamps' },
  { name: 'logs-since-ignored', description: '1.22 logs ignores since and returns every line' },
  { name: 'logs-since-default-now', description: '1.22 logs reads since=0 (and no since) as now instead of unfiltered' },
  { name: 'logs-streams-unfiltered', description: 'logs returns stdout and stderr whatever stdout/stderr ask for' },
  { name: 'logs-any-driver-served', description: 'logs are served for a container whose log driver is none' },
  { name: 'json-stream-sse', description: 'streamed JSON objects (events, stats, progress) are written as `data: {...}` lines, not JSON objects' },
  {
    name: 'transfer-error-as-status',
    description: 'a pull or push that fails inside its 200 stream reports it as a progress object {status: "Error: ..."} instead of {error}',
  },
  { name: 'progress-detail-text', description: 'pull, push and import progress objects give progressDetail current and total as strings instead of integers' },
]);

/** Exec: create, start, resize and inspect of exec instances. */
export const EXEC_FAULTS = faultArea('exec', [
  { name: 'pause-allows-exec', description: '1.22 exec create on a paused container answers 201 instead of 409' },
  { name: 'exec-1.18-no-Container', description: '1.18 exec inspect has no Container object' },
  { name: 'exec-create-200', description: 'exec create answers 200 instead of 201' },
  { name: 'exec-create-by-id-only', description: 'POST /containers/(name)/exec answers 404 for a container name: exec create resolves identifiers only' },
  { name: 'exec-cmd-args-dropped', description: 'exec runs only the first word of Cmd, without its arguments' },
  { name: 'exec-attach-flags-ignored', description: 'an exec session carries stdout and stderr whatever AttachStdout/AttachStderr say' },
  { name: 'exec-user-ignored', description: '1.22 exec runs the command as root whatever User says' },
  { name: 'exec-privileged-ignored', description: '1.22 exec ignores Privileged (inspect ProcessConfig.privileged false)' },
  { name: 'exec-detach-ignored', description: 'exec start with Detach true still streams and answers only when the command ends' },
  {
    name: 'exec-tty-from-create',
    description:
      'exec start frames the stream by the create Tty, not the start body Tty (as Podman 4.3 does; which one decides where they differ is not stated)',
  },
  { name: 'exec-resize-200', description: 'exec resize answers 200 instead of 201' },
  { name: 'exec-resize-swapped', description: "exec resize sets the tty's rows from w and its columns from h" },
  { name: 'exec-missing-500', description: 'an unknown exec id answers 500 instead of 404' },
  { name: 'exec-inspect-no-ExitCode', description: 'exec inspect has no ExitCode' },
  { name: 'exec-exit-code-zero', description: 'exec inspect reports ExitCode 0 whatever the command exited with' },
  { name: 'exec-create-returns-other-id', description: 'exec create returns an Id that does not address the exec instance it created' },
  { name: 'exec-running-before-start', description: 'exec inspect shows Running true for an instance created and not started yet' },
  {
    name: 'exec-stdin-always-attached',
    description: "an attached exec session passes the client's input to the command's stdin even when AttachStdin is false",
  },
]);
