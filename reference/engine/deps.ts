/**
 * What the route modules of the engine reference daemon share: the stores, the event bus and the
 * services the image side needs from the container side (build RUN steps, commit).
 * CONTRACT: the images engineer reads these members; the daemon engineer owns this file.
 */
import type { ImageStore, Image } from './images/store.ts';
import type { ContainerFs } from './fs/filesystem.ts';
import type { EventBus } from './state/events.ts';
import type { ContainerStore } from './state/containers.ts';
import type { VolumeStore } from './state/volumes.ts';
import type { NetworkStore } from './state/networks.ts';
import type { FaultSet } from './faults.ts';
import type { VendorProfileName } from '../../harness/profile.ts';

/** A throwaway container for one build step: its filesystem and one run of a command in it. */
export interface BuildContainer {
  readonly id: string;
  readonly fs: ContainerFs;
  /** Runs the command to its end; output is stdout and stderr interleaved as produced. */
  run(): Promise<{ exitCode: number; output: Buffer }>;
  /** Forgets the container (build intermediates are not listed afterwards). */
  remove(): void;
}

export interface BuildContainerOptions {
  image: Image;
  cmd: string[];
  env?: string[];
  workingDir?: string;
  user?: string;
}

/** What a commit needs from a container. */
export interface CommitSource {
  id: string;
  fs: ContainerFs;
  imageId: string;
  /** The container's Config (create fields, as stored), for the image's ContainerConfig. */
  config: Record<string, unknown>;
  pause(): void;
  resume(): void;
}

/** The resource limits a build's query gives the containers of its steps, as HostConfig fields. */
export type BuildLimits = Partial<Record<'Memory' | 'MemorySwap' | 'CpuShares' | 'CpuPeriod' | 'CpuQuota' | 'ShmSize', number> & { CpusetCpus: string }>;

export interface EngineDeps {
  images: ImageStore;
  events: EventBus;
  containers: ContainerStore;
  volumes: VolumeStore;
  networks: NetworkStore;
  /** Server-wide fault set (the per-request one is also on RouteContext). */
  faults: FaultSet;
  profile: VendorProfileName;
  createBuildContainer(opts: BuildContainerOptions): BuildContainer;
  /**
   * Leaves a build step's container behind (a created container with that id), as a build without
   * rm does, with the build's resource limits in its HostConfig.
   */
  leaveBuildContainer(id: string, image: Image, cmd: string[], limits: BuildLimits): void;
  /** Resolves a container by id, short id or name for commit; undefined when there is none. */
  commitSource(idOrName: string): CommitSource | undefined;
}
