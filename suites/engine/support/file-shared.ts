/**
 * What the checks of one engine suite file share (harness/check/file-shared.ts): containers that
 * checks only read, by what they run. A check that reads an exited container's log, or execs in a
 * running one, asks for the file's container of that program instead of starting its own: on a
 * real daemon every container start costs a runtime start (~0.3 s of CPU). A check that changes a
 * container (stops, pauses, renames, removes it, or reads what only its own work shows) owns it.
 * Images likewise: the save checks read one pair of imported images.
 */
import { SharedResources } from '../../../harness/check/file-shared.ts';

export interface EngineFileSetUp {
  /** The file's shared containers (and sets of them), by what they are; removed when the file ends. */
  containers: SharedResources;
  /** The file's shared images, by what they are; removed (forced) when the file ends, after the containers. */
  images: SharedResources;
}

export function newEngineFileSetUp(): EngineFileSetUp {
  return { containers: new SharedResources(), images: new SharedResources() };
}
