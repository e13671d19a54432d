import type { Teeth } from './types.ts';

/**
 * The blind faults (reference/engine/fault-areas/blind.ts, catalog/engine/blind-faults.json): bugs
 * written from the spec's sentences and the reference by someone who had not read the checks. Each
 * row lists the checks a run of both engine suites under the fault found failing, those naming
 * the fault's requirement first.
 */
export const blindTeeth: Teeth[] = [
  {
    fault: 'blind-delete-name-kept',
    version: '1.18',
    catches: ['engine/containers/create/409-name-conflict/name-freed', 'engine/containers/rename/409-name-already-assigned/name-freed'],
  },
  { fault: 'blind-volume-list-repeats-mounted', version: '1.22', catches: ['engine/volumes/list/each-volume-once'] },
  { fault: 'blind-list-since-inclusive', version: '1.18', catches: ['engine/containers/list/query-since'] },
  { fault: 'blind-list-limit-oldest', version: '1.18', catches: ['engine/containers/list/query-limit'] },
  { fault: 'blind-filter-exited-any-status', version: '1.18', catches: ['engine/containers/list/filter-exited'] },
  { fault: 'blind-filter-label-value-ignored', version: '1.18', catches: ['engine/containers/list/filter-label'] },
  { fault: 'blind-kill-signal-number-sigkill', version: '1.18', catches: ['engine/containers/kill/query-signal-integer'] },
  {
    fault: 'blind-restart-stopped-not-started',
    version: '1.18',
    catches: ['engine/containers/restart/204-restarted/exited', 'engine/errors/404-not-found/restart-without-program'],
  },
  { fault: 'blind-update-memory-not-applied', version: '1.22', catches: ['engine/containers/update/body-resource-fields'] },
  { fault: 'blind-top-last-process-dropped', version: '1.18', catches: ['engine/containers/top/every-process'] },
  { fault: 'blind-state-pid-negative-after-exit', version: '1.18', catches: ['engine/containers/inspect/state-pid'] },
  { fault: 'blind-exec-running-after-exit', version: '1.18', catches: ['engine/exec/inspect/running-and-exit-code'] },
  { fault: 'blind-exec-args-include-entrypoint', version: '1.18', catches: ['engine/exec/inspect/process-config-command'] },
  { fault: 'blind-exec-container-id-is-exec-id', version: '1.22', catches: ['engine/exec/inspect/container-id'] },
  {
    fault: 'blind-exec-stderr-typed-stdout',
    version: '1.22',
    catches: ['engine/stream/stdout-stderr-separated', 'engine/stream/same-for-logs-and-exec', 'engine/exec/create/body-attach-tty'],
  },
  { fault: 'blind-logs-since-milliseconds', version: '1.22', catches: ['engine/containers/logs/query-since'] },
  {
    fault: 'blind-logs-partial-line-dropped',
    version: '1.22',
    catches: [
      'engine/containers/logs/query-stdout',
      'engine/containers/logs/query-stderr',
      'engine/containers/logs/200-raw-stream/property',
      'engine/containers/create/host-config-pid-mode/container-inside',
    ],
  },
  { fault: 'blind-stats-stream-false-two-readings', version: '1.22', catches: ['engine/containers/stats/query-stream-false'] },
  { fault: 'blind-events-1.18-time-milliseconds', version: '1.18', catches: ['engine/events/1.18-shape', 'engine/system/events/query-until'] },
  { fault: 'blind-volume-dangling-running-only', version: '1.22', catches: ['engine/volumes/list/filter-dangling'] },
  { fault: 'blind-network-name-filter-exact', version: '1.22', catches: ['engine/networks/list/filter-name/property', 'engine/networks/list/filter-name'] },
  { fault: 'blind-network-disconnect-unknown-container-200', version: '1.22', catches: ['engine/networks/disconnect/404-no-such-container'] },
  { fault: 'blind-network-list-containers-null', version: '1.22', catches: ['engine/networks/inspect/containers-empty-present'] },
  {
    fault: 'blind-images-list-created-milliseconds',
    version: '1.18',
    catches: ['engine/images/list/created-zero-given', 'engine/resources/timestamps/instants'],
  },
  { fault: 'blind-history-omits-image', version: '1.18', catches: ['engine/images/history/item-ids'] },
  { fault: 'blind-info-1.18-counts-zero', version: '1.18', catches: ['engine/system/info/200-counts'] },
  { fault: 'blind-logs-tail-zero-all', version: '1.18', catches: ['engine/containers/logs/query-tail'] },
  { fault: 'blind-logs-timestamps-no-fraction', version: '1.18', catches: ['engine/containers/logs/query-timestamps'] },
  { fault: 'blind-events-since-ends-stream', version: '1.18', catches: ['engine/system/events/query-since'] },
  { fault: 'blind-events-event-filter-first-value', version: '1.22', catches: ['engine/system/events/filter-event/several-values'] },
  // The second batch (reference/engine/fault-areas/blind-2.ts), measured the same way.
  // Its whole-suite catches (unpause 404, wait) did not recur in the teeth run of this fault alone.
  { fault: 'blind2-images-filter-prefix', version: '1.18', catches: ['engine/images/list/query-filter'] },
  { fault: 'blind2-tag-force-copies', version: '1.18', catches: ['engine/images/tag/query-force'] },
  { fault: 'blind2-search-no-match-all', version: '1.18', catches: ['engine/images/search/query-term'] },
  { fault: 'blind2-load-invalid-200', version: '1.18', catches: ['engine/images/load/invalid-tarball-refused'] },
  { fault: 'blind2-archive-slash-file-200', version: '1.22', catches: ['engine/containers/archive-get/400-path-is-file-asserted-dir'] },
  { fault: 'blind2-archive-stat-size-zero', version: '1.22', catches: ['engine/containers/archive-path-stat-header'] },
  { fault: 'blind2-attach-stderr-needs-stdout', version: '1.18', catches: ['engine/containers/attach/query-stderr'] },
  {
    fault: 'blind2-attach-ws-logs-ignored',
    version: '1.18',
    catches: ['engine/containers/attach-ws/query-params-as-attach', 'engine/containers/attach-ws/query-params-as-attach/stdin-stream'],
  },
  { fault: 'blind2-exec-resize-missing-201', version: '1.18', catches: ['engine/exec/resize/404-no-such-exec'] },
  { fault: 'blind2-exec-start-missing-409', version: '1.18', catches: ['engine/exec/start/404-no-such-exec'] },
  { fault: 'blind2-restart-on-failure-one-extra', version: '1.18', catches: ['engine/containers/create/host-config-restart-policy-on-failure'] },
  { fault: 'blind2-rename-no-leading-slash', version: '1.18', catches: ['engine/containers/rename/204-renamed'] },
  { fault: 'blind2-changes-deletions-omitted', version: '1.18', catches: ['engine/containers/changes/kind-values'] },
  { fault: 'blind2-export-added-files-omitted', version: '1.18', catches: ['engine/containers/export/200-tar-stream'] },
  { fault: 'blind2-ping-trailing-newline', version: '1.18', catches: ['engine/system/ping/200-ok'] },
  // Second-batch faults the first measurement missed, caught once their checks took the missing case.
  { fault: 'blind2-get-many-missing-skipped', version: '1.18', catches: ['engine/images/get-many/missing-name-refused'] },
  { fault: 'blind2-archive-put-overwrite-dir-only', version: '1.22', catches: ['engine/containers/archive-put/400-forbidden-overwrite'] },
  { fault: 'blind2-network-connect-stopped-ignored', version: '1.22', catches: ['engine/networks/connect/200-connected'] },
  { fault: 'blind2-create-name-case-conflict', version: '1.18', catches: ['engine/containers/create/409-name-conflict'] },
  { fault: 'blind2-stop-t-zero-default', version: '1.18', catches: ['engine/containers/stop/query-t'] },
  // The third batch (reference/engine/fault-areas/blind-3.ts), the faults a run of both suites caught. Those it missed, or caught
  // only through other checks' exchanges, are in blind-3.ts and blind-3-b.ts.
  {
    fault: 'blind3-list-empty-null',
    version: '1.18',
    catches: ['engine/states/status-values-1.18', 'engine/query/filters-json-map/property', 'engine/errors/refused-leaves-nothing/create-bad-name'],
  },
  { fault: 'blind3-list-ports-null', version: '1.18', catches: ['engine/containers/list/labels-empty-present'] },
  { fault: 'blind3-list-limit-running-only', version: '1.18', catches: ['engine/containers/list/query-limit'] },
  { fault: 'blind3-images-untagged-repotags-null', version: '1.18', catches: ['engine/images/list/untagged-repotags-list'] },
  { fault: 'blind3-images-labels-null', version: '1.22', catches: ['engine/images/list/untagged-repotags-list'] },
  { fault: 'blind3-images-list-per-tag', version: '1.22', catches: ['engine/images/list/each-image-once'] },
  { fault: 'blind3-config-labels-null', version: '1.18', catches: ['engine/containers/list/labels-empty-present'] },
  { fault: 'blind3-state-started-no-fraction', version: '1.18', catches: ['engine/resources/timestamps/instants', 'engine/resources/timestamps'] },
  { fault: 'blind3-events-until-empty-open', version: '1.18', catches: ['engine/system/events/query-until/empty-window'] },
  { fault: 'blind3-logs-tty-framed', version: '1.22', catches: ['engine/containers/logs/200-raw-stream/property'] },
];
