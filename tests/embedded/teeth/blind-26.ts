import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The twenty-sixth batch of blind faults (reference/engine/fault-areas/blind-26.ts,
 * catalog/engine/blind-faults-26.json): each row names the checks that fail under it (7 of 7
 * caught at first).
 */
export const blind26Teeth: Teeth[] = [
  ...both('blind26-memory-swap-unlimited-refused', 'engine/limits/memory-swap', 'engine/limits/memory-swap/cgroup'),
  // A missing 1.18 kind is warned: which kinds a version lists is a recommended rule.
  { fault: 'blind26-events-1.18-restart-missing', version: '1.18', catches: ['engine/events/kinds-in-both-versions'] },
  ...both('blind26-top-missing-container-500', 'engine/containers/top/404-no-such-container', 'engine/containers/inspect/404-no-such-container/property'),
  { fault: 'blind26-events-1.18-image-kinds-unfiltered', version: '1.18', catches: ['engine/events/image-kinds-1.18'] },
  ...both(
    'blind26-hijack-101-upgrade-header-dropped',
    'engine/auth/upgrade-hint',
    'engine/containers/attach/101-upgraded',
    'engine/containers/logs/101-upgraded',
    'engine/exec/start/101-upgraded',
  ),
  ...both('blind26-wait-status-code-signed-byte', 'engine/containers/wait/200-status-code/killed', 'engine/states/wait-blocks/exec-ended'),
  // The back-off is measured in delays of a few hundred milliseconds: the rows run alone.
  ...both('blind26-restart-delay-capped-1s', 'engine/states/restart-policy-backoff').map((t): Teeth => ({ ...t, alone: true })),
];
