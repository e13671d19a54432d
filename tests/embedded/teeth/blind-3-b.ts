import type { Teeth } from './types.ts';

/**
 * Third batch of blind faults (reference/engine/fault-areas/blind-3.ts, catalog/engine/blind-faults-3.json)
 * that only a whole-suite run caught: each row names the check that now reaches the state the
 * fault needs (an empty list, a frame above 65,535 bytes) by itself.
 */
export const blind3TeethB: Teeth[] = [
  { fault: 'blind3-changes-empty-null', version: '1.22', catches: ['engine/containers/changes/200-response-schema/no-changes'] },
  { fault: 'blind3-volumes-empty-null', version: '1.22', catches: ['engine/volumes/list/200-response-schema/none-listed'] },
  { fault: 'blind3-frame-size-16bit', version: '1.22', catches: ['engine/stream/frame-size-big-endian'] },
];
