import type { CloudTeeth } from './types.ts';

/**
 * Blind faults of the third batch (reference/cloud/fault-areas/blind-3.ts, catalog/cloud/blind-faults-3.json)
 * that a whole-suite run missed: log tails and followed service logs, node counts and upgrades.
 */
export const blind3TeethA: CloudTeeth[] = [
  {
    fault: 'blind3-logs-tail-zero-sends-all',
    catches: ['cloud/container/logs/tail', 'cloud/service/logs/tail', 'cloud/action/logs/tail'],
  },
  {
    fault: 'blind3-service-logs-tail-per-container',
    catches: ['cloud/service/logs/tail', 'cloud/service/logs/tail-default-300', 'cloud/service/logs/follow-false-closes'],
  },
  { fault: 'blind3-service-logs-new-containers-missing', catches: ['cloud/service/logs/aggregated/scaled'] },
  { fault: 'blind3-node-count-includes-terminated', catches: ['cloud/node/get/returns-node'] },
  // Breaks no rule the spec states (vendor-upgrade "upgrades the engine daemon", to no version it names: a node already on the
  // newest engine may keep its vendor_version), only what an upgrade shows where a newer engine exists: observed by the
  // informational version-changes requirement of the upgrade check, which the teeth grade strictly.
  { fault: 'blind3-node-upgrade-version-kept', catches: ['cloud/node/vendor-upgrade/upgrades'] },
];
