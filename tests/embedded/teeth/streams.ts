import type { Teeth } from './types.ts';

const ATTACH = 'engine/containers/attach';
const WS = 'engine/containers/attach-ws';
const LOGS = 'engine/containers/logs';

/** Faults of the stream protocol, attach, attach/ws, logs and exec, and the checks that catch them. */
export const streamTeeth: Teeth[] = [
  {
    fault: 'frame-size-little-endian',
    version: '1.22',
    catches: [
      'engine/stream/frame-header',
      'engine/stream/frame-size-big-endian',
      'engine/stream/same-for-logs-and-exec',
      'engine/stream/stdin-forwarded',
      `${ATTACH}/101-upgraded`,
      `${ATTACH}/200-no-upgrade`,
      `${LOGS}/101-upgraded`,
      `${LOGS}/200-raw-stream`,
      `${LOGS}/200-raw-stream/property`,
      'engine/exec/start/101-upgraded',
      'engine/exec/start/200-raw-stream',
      'engine/exec/start/200-raw-stream/property',
    ],
  },
  { fault: 'frame-reserved-nonzero', version: '1.18', catches: ['engine/stream/frame-reserved-zero', 'engine/stream/frame-header', `${ATTACH}/query-logs`] },
  {
    fault: 'frame-stdout-typed-stderr',
    version: '1.22',
    catches: ['engine/stream/frame-stream-type', 'engine/stream/stdout-stderr-separated', `${ATTACH}/query-stdout`, `${LOGS}/query-stdout`],
  },
  { fault: 'frame-trailing-byte', version: '1.18', catches: ['engine/stream/frames-contiguous', 'engine/stream/frame-header'] },
  { fault: 'attach-tty-framed', version: '1.22', catches: ['engine/stream/tty-raw'] },
  { fault: 'hijack-no-101', version: '1.22', catches: [`${ATTACH}/101-upgraded`, `${LOGS}/101-upgraded`, 'engine/exec/start/101-upgraded'] },
  { fault: 'hijack-always-101', version: '1.18', catches: [`${ATTACH}/200-no-upgrade`, `${LOGS}/200-raw-stream`, 'engine/exec/start/200-raw-stream'] },
  {
    fault: 'missing-container-500',
    version: '1.22',
    catches: [`${ATTACH}/404-no-such-container`, `${WS}/404-no-such-container`, `${LOGS}/404-no-such-container`, 'engine/exec/create/404-no-such-container'],
  },
  {
    fault: 'attach-stdin-dropped',
    version: '1.22',
    catches: [`${ATTACH}/query-stdin`, `${ATTACH}/query-stream`, 'engine/stream/stdin-forwarded', 'engine/stream/stdin-once', `${LOGS}/query-follow`],
  },
  { fault: 'attach-tty-stdin-dropped', version: '1.18', catches: ['engine/stream/tty-raw/stdin'] },
  { fault: 'stdin-once-ignored', version: '1.18', catches: ['engine/stream/stdin-once'] },
  { fault: 'hijack-closes-on-stdin-eof', version: '1.22', catches: ['engine/stream/stdin-once', 'engine/exec/start/200-raw-stream/property'] },
  { fault: 'attach-logs-ignored', version: '1.22', catches: [`${ATTACH}/query-logs`, `${WS}/query-params-as-attach`] },
  { fault: 'attach-logs-by-default', version: '1.18', catches: [`${ATTACH}/query-stream`] },
  { fault: 'attach-logs-dropped-with-stream', version: '1.22', catches: ['engine/service/typical-run-flow/attach-after-start'] },
  {
    fault: 'attach-streams-unfiltered',
    version: '1.22',
    catches: [`${ATTACH}/query-stdout`, `${ATTACH}/query-stderr`, `${ATTACH}/query-defaults-false`, `${WS}/query-params-as-attach`],
  },
  { fault: 'attach-stderr-by-default', version: '1.18', catches: [`${ATTACH}/query-defaults-false`] },
  {
    fault: 'attach-detach-keys-ignored',
    version: '1.22',
    catches: [`${ATTACH}/400-bad-parameter`, `${WS}/400-bad-parameter`, `${ATTACH}/query-detach-keys`, 'engine/exec/create/body-detach-keys'],
  },
  { fault: 'attach-ws-refused', version: '1.18', catches: [`${WS}/200-websocket-session`] },
  { fault: 'logs-tail-ignored', version: '1.18', catches: [`${LOGS}/query-tail`, 'engine/limits/logs-tail'] },
  { fault: 'logs-follow-ignored', version: '1.22', catches: [`${LOGS}/query-follow`] },
  { fault: 'logs-timestamps-ignored', version: '1.18', catches: [`${LOGS}/query-timestamps`] },
  { fault: 'logs-since-ignored', version: '1.22', catches: [`${LOGS}/query-since`] },
  { fault: 'logs-since-default-now', version: '1.22', catches: ['engine/limits/logs-since-default'] },
  { fault: 'logs-streams-unfiltered', version: '1.18', catches: [`${LOGS}/query-stdout`, `${LOGS}/query-stderr`, `${LOGS}/query-defaults-false`] },
  { fault: 'logs-any-driver-served', version: '1.22', catches: [`${LOGS}/log-drivers`] },
  { fault: 'exec-create-200', version: '1.18', catches: ['engine/exec/create/201-response-schema'] },
  { fault: 'exec-create-by-id-only', version: '1.22', catches: ['engine/exec/create/201-response-schema/by-name'] },
  { fault: 'exec-cmd-args-dropped', version: '1.22', catches: ['engine/exec/create/body-cmd'] },
  { fault: 'exec-attach-flags-ignored', version: '1.18', catches: ['engine/exec/create/body-attach-tty'] },
  { fault: 'exec-user-ignored', version: '1.22', catches: ['engine/exec/create/body-user'] },
  { fault: 'exec-privileged-ignored', version: '1.22', catches: ['engine/exec/create/body-privileged'] },
  { fault: 'exec-detach-ignored', version: '1.18', catches: ['engine/exec/start/detach-returns'] },
  { fault: 'exec-tty-from-create', version: '1.22', catches: ['engine/exec/start/body-tty'] },
  { fault: 'exec-resize-200', version: '1.18', catches: ['engine/exec/resize/201-resized'] },
  {
    fault: 'exec-missing-500',
    version: '1.22',
    catches: ['engine/exec/start/404-no-such-exec', 'engine/exec/resize/404-no-such-exec', 'engine/exec/inspect/404-no-such-exec'],
  },
  { fault: 'exec-inspect-no-ExitCode', version: '1.22', catches: ['engine/exec/inspect/200-response-schema', 'engine/exec/inspect/running-and-exit-code'] },
  { fault: 'exec-1.18-no-Container', version: '1.18', catches: ['engine/exec/inspect/200-response-schema'] },
  { fault: 'exec-exit-code-zero', version: '1.18', catches: ['engine/exec/inspect/running-and-exit-code'] },
];
