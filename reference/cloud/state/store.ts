/** Every resource of the service, each tagged with its namespace. */
import type { Action } from '../actions/action.ts';
import type { Container, Node, NodeCluster, Owned, Registry, Repository, Service, Stack } from './model.ts';

export class Store {
  readonly nodeClusters = new Map<string, NodeCluster>();
  readonly nodes = new Map<string, Node>();
  readonly stacks = new Map<string, Stack>();
  readonly services = new Map<string, Service>();
  readonly containers = new Map<string, Container>();
  /** keyed by `<namespace>\n<name>` */
  readonly repositories = new Map<string, Repository>();
  /** third-party registries added by repositories, per namespace (the seeded ones are shared) */
  readonly addedRegistries = new Map<string, Registry[]>();
  /** in creation order, which is chronological */
  readonly actions = new Map<string, Action>();
  /** The files written into each volume (by its URI), by their path below the mount point. */
  readonly volumeFiles = new Map<string, Map<string, string>>();
  /** The files written into the host directories bound into containers, keyed `<node uuid>\n<host path>`. */
  readonly hostFiles = new Map<string, Map<string, string>>();
}

/** The files kept under `key` in `files` (created empty on first use). */
function filesAt(files: Map<string, Map<string, string>>, key: string): Map<string, string> {
  let found = files.get(key);
  if (!found) {
    found = new Map();
    files.set(key, found);
  }
  return found;
}

/** The files of a volume (created empty on first use). */
export function volumeFilesOf(store: Store, volume: string): Map<string, string> {
  return filesAt(store.volumeFiles, volume);
}

/** The files of a directory of a node's host (created empty on first use): every container on the node binding it sees them. */
export function hostFilesOf(store: Store, node: string, path: string): Map<string, string> {
  return filesAt(store.hostFiles, `${node}\n${path.replace(/\/+$/, '') || '/'}`);
}

/** The resources of one namespace, in creation order. */
export function inNamespace<T extends Owned>(map: ReadonlyMap<string, T>, namespace: string): T[] {
  return [...map.values()].filter((r) => r.scope.namespace === namespace);
}

export function findIn<T extends Owned>(map: ReadonlyMap<string, T>, namespace: string, uuid: string): T | undefined {
  const found = map.get(uuid);
  return found && found.scope.namespace === namespace ? found : undefined;
}

/** Looks up several uuids, skipping unknown ones. */
export function pick<T>(map: ReadonlyMap<string, T>, uuids: readonly string[]): T[] {
  return uuids.map((u) => map.get(u)).filter((x): x is T => x !== undefined);
}
