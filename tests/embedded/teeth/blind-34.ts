import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The thirty-fourth batch of blind faults (reference/engine/fault-areas/blind-34.ts,
 * catalog/engine/blind-faults-34.json): each row names the checks that fail under it, each run
 * alone. Three were missed at first, each by a weak check of its requirement: the logs of a
 * journald container are now read back (log-drivers/journald, unverified where the host cannot run
 * journald), a paused container whose State.Running is true must be in the default list
 * (query-all-default/paused), and Info Images is read around eight more tags of an image (no
 * change) and eight untagged imports (eight more), give or take the images the list shows changing
 * around the counts (200-counts/images). The restart StopSignal and early hijack stdin rows are in
 * blind-34b.ts.
 */
export const blind34Teeth: Teeth[] = [
  ...both('blind34-logs-journald-refused', 'engine/containers/logs/log-drivers/journald'),
  // Networks are a 1.22 endpoint.
  { fault: 'blind34-network-id-filter-short-id', version: '1.22', catches: ['engine/networks/list/filter-id'] },
  // Inspect's size query is 1.22's.
  { fault: 'blind34-inspect-size-false-computed', version: '1.22', catches: ['engine/containers/inspect/query-size-default-false/spellings'] },
  ...both('blind34-list-default-omits-paused', 'engine/containers/list/query-all-default/paused'),
  ...both('blind34-info-images-counts-tags', 'engine/system/info/200-counts/images'),
];
