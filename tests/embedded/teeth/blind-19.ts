import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The nineteenth batch of blind faults (reference/engine/fault-areas/blind-19.ts,
 * catalog/engine/blind-faults-19.json), written on the sentences review 2109 sampled: each row
 * names the check that fails under it.
 */
export const blind19Teeth: Teeth[] = [
  ...both('blind19-exec-start-multiplexed-media-type', 'engine/exec/start/200-raw-stream', 'engine/exec/start/101-upgraded'),
  // Caught only elsewhere at first: the 300-byte line was ASCII, so a size counted in characters matched it.
  ...both('blind19-frame-size-text-length', 'engine/stream/frame-size-big-endian'),
  ...both('blind19-commit-author-comment-swapped', 'engine/images/commit/query-comment-author'),
  // blind19-network-name-filter-prefix matches a leading part, which "all or part" allows: listed in teeth-coverage.test.ts.
  { fault: 'blind19-events-1.18-time-fractional', version: '1.18', catches: ['engine/events/1.18-shape'] },
  ...both('blind19-port-bindings-host-port-integer', 'engine/containers/create/host-config-port-bindings/published'),
];
