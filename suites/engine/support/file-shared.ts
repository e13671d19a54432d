/**
 * What the checks of one engine suite file share (harness/check/file-shared.ts): an exited
 * container for the 404 checks' route probes that leave such a container as it is. Each probe
 * proves its route is served by asking it about a container that exists; on a real daemon every
 * container started for that alone costs a runtime start.
 */
import { SharedResource } from '../../../harness/check/file-shared.ts';
import type { CreatedContainer } from './context.ts';

export interface EngineFileSetUp {
  /** An exited container of the file, removed when the file ends. */
  exited: SharedResource<CreatedContainer>;
}

export function newEngineFileSetUp(): EngineFileSetUp {
  return { exited: new SharedResource() };
}
