import type { Teeth } from './types.ts';

/**
 * A fault of the thirty-fourth batch of blind faults (reference/engine/fault-areas/blind-34.ts,
 * catalog/engine/blind-faults-34.json), missed by every check at first: the StopSignal checks now
 * stop the container by every operation that stops it (stop, then restart) and read which signal's
 * trap ran. blind34-hijack-early-stdin-dropped is a variation the spec allows (teeth-coverage.test.ts).
 */
export const blind34TeethB: Teeth[] = [
  // StopSignal is a 1.22 field.
  {
    fault: 'blind34-restart-stop-signal-sigterm',
    version: '1.22',
    catches: ['engine/containers/create/body-stop-signal', 'engine/containers/create/body-stop-signal/integer'],
  },
];
