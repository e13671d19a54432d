import type { Teeth } from './types.ts';

/**
 * The seventh batch of blind faults (reference/engine/fault-areas/blind-7.ts,
 * catalog/engine/blind-faults-7.json): each row names the check that fails under it. The unstarted
 * exec missing from ExecIDs is a warning of the ExecIDs check (what ExecIDs lists is recommended:
 * the spec gives the field without saying). Three of the batch break no stated rule and are listed
 * in teeth-coverage.test.ts instead: a followed log of an exited container left open, no rename
 * event, and a never-started container in no Info state count.
 */
export const blind7Teeth: Teeth[] = [
  { fault: 'blind7-inspect-size-omitted-never-ran', version: '1.22', catches: ['engine/containers/list/size-zero-present/empty-image'] },
  { fault: 'blind7-wait-removed-answers-last-code', version: '1.22', catches: ['engine/errors/404-after-delete/container'] },
  { fault: 'blind7-logs-since-same-second-dropped', version: '1.22', catches: ['engine/containers/logs/query-since'] },
  { fault: 'blind7-filter-status-1.18-takes-created', version: '1.18', catches: ['engine/containers/list/400-bad-parameter/status-of-1.22'] },
  { fault: 'blind7-exec-ids-unstarted-missing', version: '1.22', catches: ['engine/containers/inspect/exec-ids'] },
  { fault: 'blind7-image-delete-untagged-kept', version: '1.22', catches: ['engine/images/delete/200-untagged-deleted/no-tag'] },
  { fault: 'blind7-volume-create-empty-name-kept', version: '1.22', catches: ['engine/volumes/create/body-name-generated/empty-name'] },
  { fault: 'blind7-network-connect-removed-container-200', version: '1.22', catches: ['engine/networks/connect/404-no-such-container'] },
  { fault: 'blind7-events-type-filter-reads-attribute-type', version: '1.22', catches: ['engine/system/events/filter-type'] },
];
