/**
 * Which storage each mount point of a running container shows: a bind the host's directory (the
 * engine's host store, or a volume's content where the directory is that volume's), a volume that
 * volume's content. Mounts whose storage is gone (a volume
 * removed under a container), or detached by `storage-detached:<Field>`, are left to the
 * container's own filesystem.
 */
import { normalize } from '../fs/paths.ts';
import type { SharedMount } from '../fs/shared-dir.ts';
import { storageDetached } from '../mount-faults.ts';
import type { Container, MountPoint } from './container.ts';
import type { Engine } from './engine.ts';

/** The create field a mount point of the container comes from. */
export function mountField(c: Container, m: MountPoint): 'Binds' | 'Volumes' | 'VolumesFrom' {
  const target = normalize(m.Destination);
  const binds = (c.hostConfig.Binds as string[] | null) ?? [];
  if (binds.some((b) => normalize(b.split(':')[1] ?? '') === target)) return 'Binds';
  if (Object.keys(c.config.Volumes ?? {}).some((v) => normalize(v) === target)) return 'Volumes';
  return 'VolumesFrom';
}

export function sharedMounts(engine: Engine, c: Container, mounts: readonly MountPoint[]): SharedMount[] {
  return mounts.flatMap((m): SharedMount[] => {
    const target = normalize(m.Destination);
    const field = mountField(c, m);
    if (target === '/' || (field !== 'Volumes' && engine.faults.has(storageDetached(field)))) return [];
    if (m.Name) {
      const dir = engine.volumes.contentOf(m.Name);
      return dir ? [{ target, dir, source: '/' }] : [];
    }
    const source = normalize(m.Source);
    const volume = engine.volumes.holding(source);
    if (volume) return [{ target, ...volume }];
    if (engine.hostFs.lookup(source)?.type === 'file') return [];
    engine.hostFs.mkdirp(source);
    return [{ target, dir: engine.hostFs, source }];
  });
}
