/**
 * The family `storage-detached:<Field>`: the target mounts what the field names, at the right
 * destination and with the right mode (inspect and /proc/mounts show it), but each container gets
 * storage of its own there (an empty directory of its filesystem) instead of the host directory or
 * the volume named. Only a check that compares what two containers see through the same storage
 * catches it.
 */
import type { Fault } from '../faults.ts';

/** Create fields that mount storage a container shares with the host or other containers. */
export const STORAGE_FIELDS = ['Binds', 'VolumesFrom'] as const;

export type StorageField = (typeof STORAGE_FIELDS)[number];

export type StorageDetachedName = `storage-detached:${StorageField}`;

export function storageDetached(field: StorageField): StorageDetachedName {
  return `storage-detached:${field}`;
}

export const STORAGE_DETACHED_FAULTS: ReadonlyArray<Fault<StorageDetachedName, 'containers'>> = STORAGE_FIELDS.map((field) => ({
  name: storageDetached(field),
  area: 'containers',
  description: `the mounts of ${field} are made as stated but each container gets an empty directory of its own there, not the storage named`,
}));
