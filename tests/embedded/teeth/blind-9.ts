import type { Teeth } from './types.ts';

/**
 * The ninth batch of blind faults (reference/engine/fault-areas/blind-9.ts,
 * catalog/engine/blind-faults-9.json): each row names the check that fails under it. A network
 * listing a member without an endpoint (blind9-network-containers-any-member) has no row: whether
 * such a member has a Containers entry is not shown, and containers-entry-name only records it. Nor has
 * a bare image name answered with the repository's one image (blind9-image-inspect-bare-name-any-tag):
 * the spec states no default tag for (name), and name-tag-or-id only records what the bare name answers. Nor has
 * a start Tty false that cannot undo a create Tty true (blind9-exec-start-tty-or-create): which of the two
 * decides where they differ is not stated, and body-tty only records it.
 */
export const blind9Teeth: Teeth[] = [
  { fault: 'blind9-exec-start-detach-waits', version: '1.22', catches: ['engine/exec/start/detach-returns'] },
  { fault: 'blind9-attach-stderr-of-stdout', version: '1.22', catches: ['engine/containers/create/body-attach-flags/apart'] },
  { fault: 'blind9-extra-hosts-split-every-colon', version: '1.22', catches: ['engine/containers/create/host-config-extra-hosts'] },
  { fault: 'blind9-tmpfs-options-dropped', version: '1.22', catches: ['engine/containers/create/host-config-tmpfs'] },
  { fault: 'blind9-search-zero-values-omitted', version: '1.22', catches: ['engine/images/search/200-response-schema'] },
  { fault: 'blind9-history-by-id-404', version: '1.22', catches: ['engine/images/history/200-response-schema/untagged-by-id'] },
  { fault: 'blind9-registry-config-url-key-unmatched', version: '1.22', catches: ['engine/auth/x-registry-config-host-key/url-form'] },
  { fault: 'blind9-attach-created-stream-ends', version: '1.22', catches: ['engine/containers/attach/query-stdout'] },
  { fault: 'blind9-volume-found-by-prefix', version: '1.22', catches: ['engine/volumes/inspect/404-no-such-volume/prefix-of-another'] },
];
