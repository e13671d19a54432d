import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The twenty-ninth batch of blind faults (reference/engine/fault-areas/blind-29.ts,
 * catalog/engine/blind-faults-29.json): each row names the checks that fail under it (6 of 7 caught
 * at first; then the image's Env entry kept over the create's by body-env/over-image, whose image
 * sets the variable).
 */
export const blind29Teeth: Teeth[] = [
  ...both('blind29-env-image-entry-wins', 'engine/containers/create/body-env/over-image'),
  // LxcConf as a map is the 1.18 form the create echo sends; the host-config-lxc-conf check sends the list form.
  {
    fault: 'blind29-lxc-conf-map-undecodable',
    version: '1.18',
    catches: ['engine/containers/inspect/host-config-echoes-create/1.18', 'engine/exec/inspect/container-1.18'],
  },
  ...both('blind29-restart-t-not-passed', 'engine/containers/restart/query-t', 'engine/containers/restart/204-restarted/paused'),
  { fault: 'blind29-stats-networks-dropped-missing', version: '1.22', catches: ['engine/containers/stats/200-stats-stream'] },
  ...both('blind29-list-since-running-only', 'engine/containers/list/query-since'),
  { fault: 'blind29-events-1.22-new-kinds-status-empty', version: '1.22', catches: ['engine/events/action-is-kind/image'] },
  ...both('blind29-image-digest-ref-as-image-id', 'engine/images/create/query-tag/digest', 'engine/images/list/reference-by-tag-or-digest/digest'),
];
