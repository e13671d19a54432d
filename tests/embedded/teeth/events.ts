import type { Teeth } from './types.ts';

/** GET /events: the stream, since/until, filters, shapes per version. */
export const eventTeeth: Teeth[] = [
  {
    fault: 'events-1.22-no-timeNano',
    version: '1.22',
    catches: ['engine/events/1.22-shape', 'engine/system/events/200-event-stream', 'engine/versioning/shapes-per-version'],
  },
  { fault: 'events-1.22-time-milliseconds', version: '1.22', catches: ['engine/events/1.22-shape'] },
  { fault: 'events-1.22-timeNano-milliseconds', version: '1.22', catches: ['engine/events/1.22-shape'] },
  { fault: 'events-since-ignored', version: '1.22', catches: ['engine/system/events/query-since'] },
  { fault: 'events-until-ignored', version: '1.18', catches: ['engine/system/events/query-until', 'engine/system/events/query-until/empty-window'] },
  { fault: 'network-event-has-status', version: '1.22', catches: ['engine/events/network-no-status-id-from'] },
  { fault: 'events-1.22-shape-container-only', version: '1.22', catches: ['engine/events/1.22-shape/image-volume-network'] },
  { fault: 'events-attributes-create-only', version: '1.22', catches: ['engine/events/attributes-name-image-labels'] },
  {
    fault: 'events-type-filter-new-sources-only',
    version: '1.22',
    catches: ['engine/system/events/filter-type/container', 'engine/system/events/filter-type/image'],
  },
  { fault: 'events-label-filter-containers-only', version: '1.22', catches: ['engine/system/events/filter-label/image'] },
  {
    fault: 'events-filters-ignored',
    version: '1.22',
    catches: [
      'engine/system/events/filter-container',
      'engine/system/events/filter-event',
      'engine/system/events/filter-image',
      'engine/system/events/filter-label',
      'engine/system/events/filter-label/image',
      'engine/system/events/filter-type',
      'engine/system/events/filter-type/container',
      'engine/system/events/filter-type/image',
      'engine/system/events/filter-type/volume',
      'engine/system/events/filter-volume',
      'engine/system/events/filter-network',
      'engine/system/events/filter-event/several-values',
      'engine/system/events/filter-container/several-values',
    ],
  },
  {
    fault: 'events-removal-named-remove',
    version: '1.22',
    catches: ['engine/events/container-kinds-1.22', 'engine/events/image-kinds-1.22', 'engine/events/volume-kinds-1.22', 'engine/events/network-kinds-1.22'],
  },
  {
    fault: 'events-removal-named-remove',
    version: '1.18',
    catches: ['engine/events/container-kinds-1.18', 'engine/events/image-kinds-1.18', 'engine/events/status-is-kind-1.18/image'],
  },
  { fault: 'events-1.18-volume-network', version: '1.18', catches: ['engine/events/no-volume-network-events-1.18'] },
  { fault: 'events-1.18-no-exec', version: '1.18', catches: ['engine/events/kinds-in-both-versions'] },
  { fault: 'events-1.18-no-from', version: '1.18', catches: ['engine/events/1.18-shape', 'engine/system/events/200-event-stream'] },
  // The image events' shape: judged where the suite provokes them (the lifecycle of 1.18-shape has no image event).
  { fault: 'events-1.18-image-no-from', version: '1.18', catches: ['engine/events/image-kinds-1.18'] },
  { fault: 'events-1.18-image-time-milliseconds', version: '1.18', catches: ['engine/events/image-kinds-1.18'] },
  { fault: 'events-action-not-kind', version: '1.22', catches: ['engine/events/action-is-kind'] },
  // The kinds checks read the part before the colon: only the whole-value checks see `exec_create: true `.
  { fault: 'event-status-carries-command', version: '1.18', catches: ['engine/events/status-is-kind-1.18'] },
  { fault: 'event-status-carries-command', version: '1.22', catches: ['engine/events/action-is-kind'] },
  { fault: 'events-actor-id-name', version: '1.22', catches: ['engine/events/1.22-shape'] },
  { fault: 'events-type-capitalised', version: '1.22', catches: ['engine/events/type-values'] },
  { fault: 'events-image-typed-container', version: '1.22', catches: ['engine/events/type-values'] },
  {
    fault: 'events-attributes-empty',
    version: '1.22',
    catches: [
      'engine/events/attributes-name-image-labels',
      'engine/events/attributes-die-exit-code',
      'engine/events/attributes-resize-height-width',
      'engine/events/network-attributes',
    ],
  },
];
