/**
 * A container's cgroup parent as its own /proc/self/cgroup shows it, for the engine's CgroupParent
 * and the cloud's cgroup_parent alike: each line is `N:controllers:/path` (cgroup v1) or `0::/path`
 * (v2), and the container's cgroup lies below its parent when the parent's name is a segment of
 * the path other than the last (cgroupfs `/<parent>/<id>`, systemd `/<parent>/docker-<id>.scope`).
 * A private cgroup namespace shows the container its own cgroup as the root `/`: the parent is out
 * of sight from inside.
 */

/** The cgroup path of each hierarchy listed in a /proc/self/cgroup text (its lines). */
export function cgroupPaths(lines: readonly string[]): string[] {
  return lines.map((l) => l.split(':').slice(2).join(':')).filter((p) => p.startsWith('/'));
}

/** The cgroup `path` lies below a parent named `parent`: a segment of the path, and not its last one. */
export function belowParent(path: string, parent: string): boolean {
  const segments = path.split('/').filter(Boolean);
  const at = segments.indexOf(parent);
  return at >= 0 && at < segments.length - 1;
}

/** Every path is the root: a private cgroup namespace, from which no parent can be read. */
export const parentOutOfSight = (paths: readonly string[]): boolean => paths.length > 0 && paths.every((p) => p === '/');

/** Each hierarchy's cgroup path in a /proc/<pid>/cgroup text, by its `N:controllers` key. */
export function cgroupsByHierarchy(lines: readonly string[]): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const line of lines) {
    const [id, controllers, ...rest] = line.split(':');
    const path = rest.join(':');
    if (path.startsWith('/')) byKey.set(`${id}:${controllers}`, path);
  }
  return byKey;
}

/** The cgroup `path` lies below `parentPath` (absolute): the parent is a leading part of it, and not all of it. */
export function belowPath(path: string, parentPath: string): boolean {
  const prefix = parentPath.replace(/\/+$/, '');
  return path.startsWith(`${prefix}/`) && path.length > prefix.length + 1;
}

/** A relative parent taken relative to `base` (the init process's cgroup path in that hierarchy). */
export const joinedParent = (base: string, parent: string): string => `${base.replace(/\/+$/, '')}/${parent.replace(/^\/+|\/+$/g, '')}`;
