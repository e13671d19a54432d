import path from 'node:path';
import { BaseSequencer, type TestSpecification, type Vitest } from 'vitest/node';
import { RUN_CONFIG_ENV, loadRunConfig } from './config.ts';
import { entryOf } from './entry-files.ts';
import { IMAGE_STORE_SECTIONS } from './image-lane.ts';
import type { ProductInfo } from './probe.ts';
import { PROJECT_ROOT } from './project-root.ts';

/**
 * Where vitest keeps the durations of a run's suite files (its results cache), one directory per
 * implementation: a file's duration against Docker says nothing of it against the embedded target
 * or Podman. With one cache for all, a run was ordered by whatever target ran last. The embedded
 * reference with faults (teeth) is another implementation: a check its fault holds up until the
 * deadline would otherwise start first in the next plain run.
 */
export function fileOrderCacheDir(product: ProductInfo, embedded: boolean, faulted = false): string {
  const kind = embedded ? (faulted ? 'embedded-faulted-' : 'embedded-') : '';
  const slug = `${kind}${product.product}-${product.version}`.toLowerCase().replace(/[^a-z0-9.]+/g, '-');
  return path.join(PROJECT_ROOT, 'node_modules/.cache/conformance-file-order', slug.slice(0, 80));
}

/**
 * The suite files in the order the run starts them: the longest first, by their duration in the
 * last run against the same implementation (vitest's results cache, in fileOrderCacheDir); files it
 * has no record of (a first run) before them, larger first. A file started last that runs long
 * leaves the other workers idle: Docker's plugin lookup keeps one check of the 1.22 networks file
 * 15 s, and that small file used to start near the end.
 *
 * Unlike vitest's own order, a file that failed last time does not go first: against a real
 * daemon most files hold a recorded departure, and a long file without one would start after them.
 *
 * In a run with an image lane (image-lane.ts) the lane's files start before all others: each runs
 * alone, and one queued behind files already running kept the other workers idle until those
 * ended (a queued file holds back every file after it). Against Podman at 71a77c1c, in an order the
 * cache did not set (a fresh clone, as in CI), the run took 752 s with 971 s of checks: 267 s in
 * the lane's six files, and 704 s in the others over four workers.
 */
export class FileOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const last = new Map(files.map((spec) => [spec, lastDurationMs(this.ctx, spec)]));
    const unknown = files.filter((spec) => last.get(spec) === undefined);
    const ordered = files.filter((spec) => last.get(spec) !== undefined).sort((a, b) => last.get(b)! - last.get(a)!);
    const all = [...(await super.sort(unknown)), ...ordered];
    if (!runHasImageLane()) return all;
    return [...all.filter(inImageLane), ...all.filter((spec) => !inImageLane(spec))];
  }

  /**
   * This shard's files among `files`: the shard of all the run's suite files, narrowed to `files`.
   * vitest splits whatever list a run starts: a list narrowed by --grep, split anew, would move
   * files from one shard to another.
   */
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const mine = new Set((await super.shard(await this.ctx.globTestSpecifications())).map((spec) => spec.moduleId));
    return files.filter((spec) => mine.has(spec.moduleId));
  }
}

/** Whether the run that sorts its files holds an image lane (a run of the engine suites against a daemon). */
function runHasImageLane(): boolean {
  return Boolean(process.env[RUN_CONFIG_ENV] && loadRunConfig().imageLane);
}

/** A section file whose checks change the image store: it runs alone in the lane. */
function inImageLane(spec: TestSpecification): boolean {
  const section = entryOf(spec.moduleId)?.section;
  return section !== undefined && IMAGE_STORE_SECTIONS.has(section);
}

/** A file's duration in the last run, as vitest's results cache recorded it (undefined: no record). */
export function lastDurationMs(vitest: Vitest, spec: TestSpecification): number | undefined {
  const file = path.relative(vitest.config.root, spec.moduleId);
  return vitest.cache.getFileTestResults(`${spec.project.name}:${file}`)?.duration;
}
