/**
 * What the checks of one cloud suite file share (harness/check/file-shared.ts). Most application
 * checks need somewhere to run their services and nothing more: they place them on one node
 * cluster of the file (their services carry its tag, so they run nowhere else) instead of
 * deploying a cluster each; against the reference that was about half of a cloud run's requests,
 * against a hosted service each cluster is machines. The catalog's placements are read once per
 * file too.
 */
import { FileShared, SharedResource } from '../../../harness/check/file-shared.ts';
import type { AppNodes } from './app.ts';
import type { Placement } from './infra.ts';

export interface CloudFileSetUp {
  /** The file's node cluster; terminated when the file ends. */
  nodes: SharedResource<AppNodes>;
  placements: FileShared<Placement[]>;
}

export function newCloudFileSetUp(): CloudFileSetUp {
  return { nodes: new SharedResource(), placements: new FileShared() };
}
