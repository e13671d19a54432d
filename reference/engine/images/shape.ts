/** Image answers shaped per API version: inspect, list item, history. */
import type { ApiVersion } from '../http/router.ts';
import type { FaultSet } from '../faults.ts';
import type { Image } from './image.ts';
import { fullConfig } from './image.ts';

export { fullConfig } from './image.ts';
import type { ImageStore } from './store.ts';

export const DAEMON_VERSION_STRING = '1.10.3';
export const ARCHITECTURE = 'amd64';

export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export function shortId(id: string): string {
  return id.replace(/^sha256:/, '').slice(0, 12);
}

export function inspectImage(image: Image, version: ApiVersion, spell: (t: string) => string, faults: FaultSet): Record<string, unknown> {
  const common = {
    Id: image.id,
    Parent: image.parent,
    Created: image.created.toISOString(),
    Container: image.container ?? '',
    ContainerConfig: fullConfig(image.containerConfig),
    Size: image.size,
  };
  // Under `blind32-image-inspect-1.18-empty-omitted` 1.18 writes the stored image record, whose Parent and Container are omitempty: an empty one is left out.
  if (version === '1.18' && faults.has('blind32-image-inspect-1.18-empty-omitted'))
    return Object.fromEntries(Object.entries(common).filter(([key, value]) => !(['Parent', 'Container'].includes(key) && value === '')));
  if (version === '1.18') return common;
  return {
    ...common,
    RepoTags: image.repoTags,
    RepoDigests: image.repoDigests,
    Comment: image.comment,
    [spell('VendorVersion')]: image.daemonVersion ?? DAEMON_VERSION_STRING,
    Author: image.author,
    Config: fullConfig(image.config),
    Architecture: image.architecture ?? ARCHITECTURE,
    Os: 'linux',
    VirtualSize: image.virtualSize,
    ...(faults.has('image-inspect-no-GraphDriver') ? {} : { GraphDriver: { Name: 'reference', Data: {} } }),
  };
}

export function listItem(image: Image, version: ApiVersion, digests: boolean, repoTags = image.repoTags): Record<string, unknown> {
  // The `<none>` placeholders stand only for an image with neither a tag nor a digest, as the real
  // daemon writes them: a built, tagged image lists no digest (Docker 20.10 writes null there).
  const unnamed = !repoTags.length && !image.repoDigests.length;
  const item: Record<string, unknown> = {
    Id: image.id,
    ParentId: image.parent,
    RepoTags: unnamed ? ['<none>:<none>'] : repoTags,
    Created: unixSeconds(image.created),
    Size: image.size,
    VirtualSize: image.virtualSize,
  };
  if (digests) item.RepoDigests = unnamed ? ['<none>@<none>'] : image.repoDigests;
  if (version === '1.22') item.Labels = image.config.Labels ?? {};
  return item;
}

/**
 * History newest first, like the real daemon: one item per history entry; ids and tags are
 * filled in walking the parent chain (an entry without a local image shows `<missing>`).
 */
export function historyItems(store: ImageStore, image: Image, version: ApiVersion, faults: FaultSet): Array<Record<string, unknown>> {
  const layerSizes = image.layers.map((l) => [...l.entries.values()].reduce((s, e) => s + (e !== 'whiteout' && e.type === 'file' ? e.data.length : 0), 0));
  let layerIndex = 0;
  const items = image.history.map((h) => ({
    Id: '<missing>',
    // Under `blind21-history-created-milliseconds` the time is given as Date.getTime() (milliseconds), not Unix seconds.
    Created: faults.has('blind21-history-created-milliseconds') ? h.created.getTime() : unixSeconds(h.created),
    CreatedBy: h.createdBy,
    Tags: null as string[] | null,
    Size: h.emptyLayer ? 0 : (layerSizes[layerIndex++] ?? 0),
    Comment: h.comment,
  }));
  items.reverse();
  let current: Image | undefined = image;
  for (const item of items) {
    if (!current) break;
    item.Id = current.id;
    item.Tags = current.repoTags.length ? [...current.repoTags] : null;
    // Under `blind24-history-size-image-total` an item with a local image takes that image's total size, not its step's layer size.
    if (faults.has('blind24-history-size-image-total')) item.Size = current.virtualSize;
    current = current.parent ? store.get(current.parent) : undefined;
  }
  if (faults.has('blind-history-omits-image')) items.shift();
  if (version === '1.18') return items.map(({ Id, Created, CreatedBy }) => ({ Id, Created, CreatedBy }));
  if (faults.has('history-1.22-no-Tags')) return items.map(({ Tags: _tags, ...rest }) => rest);
  return items;
}
