import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The twentieth batch of blind faults (reference/engine/fault-areas/blind-20.ts,
 * catalog/engine/blind-faults-20.json), written on the sentences judge 2111 sampled: each row
 * names the check that fails under it.
 */
export const blind20Teeth: Teeth[] = [
  // Caught only by the schema at first: the Container was compared on a dozen fields, not on all the container inspect shows.
  { fault: 'blind20-exec-1.18-container-shaped-1.22', version: '1.18', catches: ['engine/exec/inspect/container-1.18'] },
  ...both('blind20-kill-default-no-wait', 'engine/containers/kill/204-killed'),
  // Caught only elsewhere at first: no check read a success HEAD answered for a missing path.
  { fault: 'blind20-archive-head-stat-error-200', version: '1.22', catches: ['engine/containers/archive-head/200-path-stat-header'] },
  // Missed at first: no Env value held an `=`.
  ...both('blind20-env-value-cut-at-second-equals', 'engine/containers/create/body-env'),
  // Missed at first: wait was tried on a running container only, never on a paused one.
  ...both('blind20-wait-paused-returns-at-once', 'engine/states/wait-blocks/paused'),
  { fault: 'blind20-network-filters-any-key', version: '1.22', catches: ['engine/networks/list/filter-name/property'] },
];
