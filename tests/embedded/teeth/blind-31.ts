import { inBothVersions as both, type Teeth } from './types.ts';

/**
 * The thirty-first batch of blind faults (reference/engine/fault-areas/blind-31.ts,
 * catalog/engine/blind-faults-31.json): each row names the checks that fail under it (5 of 7
 * caught by a check of their requirement at first, 1 only by another check, 1 missed; then the
 * pause and unpause 404 checks ask of a created and an exited container too, which must not be
 * answered 404, the create name check creates a name made of the first hex digits of a live
 * container's id, and, so that each catches its fault when it runs alone as here, the list limit
 * check lists after a later container outside its filter and the own-registry search check searches
 * between its pushes as well). blind31-list-limit-before-filters has no row: which of limit and filters
 * applies first is not stated, so the list limit check accepts either order (teeth-coverage.test.ts says why).
 */
export const blind31Teeth: Teeth[] = [
  ...both(
    'blind31-pause-not-running-404',
    'engine/containers/pause/404-no-such-container',
    'engine/containers/unpause/404-no-such-container',
    'engine/errors/listed-codes-only/every-state',
  ),
  ...both('blind31-export-by-name-404', 'engine/service/container-id-or-name/every-operation'),
  ...both('blind31-search-index-first-search', 'engine/images/search/query-term/own-registry'),
  // 1.22 reads CapDrop as the sample spells it.
  {
    fault: 'blind31-cap-drop-1.18-prose-key',
    version: '1.18',
    catches: ['engine/containers/create/host-config-cap-add-drop', 'engine/containers/inspect/host-config-echoes-create/1.18'],
  },
  // Networks are 1.22 items.
  {
    fault: 'blind31-bridge-mtu-bridge-namespace',
    version: '1.22',
    catches: ['engine/networks/create/body-options', 'engine/networks/inspect/bridge-options-namespaced'],
  },
  ...both('blind31-create-name-conflict-id-prefix', 'engine/containers/create/409-name-conflict'),
];
