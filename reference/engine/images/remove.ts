/**
 * DELETE /images/(name), following the real daemon: removing a tag or digest reference only
 * untags while other references remain; the last reference of an image used by a container is a
 * conflict (409) unless forced; an image with dependent child images cannot be deleted; deleting
 * an image prunes its dangling parents unless `noprune`. Untagged and Deleted both answer the image
 * identifier, as the spec words the remove result (the real daemon answers the reference untagged).
 */
import { HttpError } from '../http/router.ts';
import type { EventBus } from '../state/events.ts';
import type { FaultSet } from '../faults.ts';
import type { Image } from './image.ts';
import type { ImageStore } from './store.ts';
import { parseRef, tagged } from './reference.ts';
import { shortId } from './shape.ts';

export type DeleteRecord = { Untagged: string } | { Deleted: string };

export interface DeleteOptions {
  force: boolean;
  noprune: boolean;
  faults: FaultSet;
}

/** The reference string `ref` names on `image` (`repo:tag` or `repo@digest`), or undefined when it is an id. */
function namedReference(image: Image, ref: string): string | undefined {
  const hex = ref.replace(/^sha256:/, '');
  if (/^[0-9a-f]+$/.test(hex) && image.id.slice(7).startsWith(hex)) return undefined;
  const parsed = parseRef(ref);
  if (!parsed) return undefined;
  return parsed.digest ? `${parsed.repo}@${parsed.digest}` : tagged(parsed.repo, parsed.tag);
}

/**
 * The value of the Untagged object for `ref` removed from `image`: the spec's "whose value is an image
 * identifier". Docker and Podman answer the reference removed (fault `untagged-value-is-reference`).
 */
function untaggedValue(image: Image, ref: string, faults: FaultSet): string {
  return faults.has('untagged-value-is-reference') ? ref : image.id;
}

export function deleteImage(store: ImageStore, events: EventBus, ref: string, opts: DeleteOptions): DeleteRecord[] {
  const image = store.resolve(ref);
  if (!image) throw new HttpError(opts.faults.has('missing-image-500') ? 500 : 404, `No such image: ${ref}`);
  if (opts.faults.has('image-delete-force-ignored')) opts = { ...opts, force: false };
  const records: DeleteRecord[] = [];
  const named = namedReference(image, ref);
  // Under `blind16-image-delete-by-id-in-use-allowed` the in-use test looks for containers created from the name asked for: an id names none.
  const inUse = (store.isInUse?.(image.id) ?? false) && !(named === undefined && opts.faults.has('blind16-image-delete-by-id-in-use-allowed'));
  const conflictIgnored = opts.faults.has('image-delete-in-use-200');
  const references = image.repoTags.length + image.repoDigests.length;
  // Under `blind5-image-delete-tag-by-id` a name is resolved to its image id first and deleted as that id.
  if (named && !opts.faults.has('blind5-image-delete-tag-by-id')) {
    if (!opts.force && references === 1 && inUse && !conflictIgnored) {
      throw new HttpError(
        409,
        `conflict: unable to remove repository reference "${ref}" (must force) - container is using its referenced image ${shortId(image.id)}`,
      );
    }
    store.untag(image.id, named);
    records.push({
      Untagged: opts.faults.has('image-untag-reports-latest') ? `${parseRef(named)?.repo ?? named}:latest` : untaggedValue(image, named, opts.faults),
    });
    events.emit({ Type: 'image', Action: 'untag', id: image.id, attributes: { name: named } });
    if (image.repoTags.length + image.repoDigests.length > 0) {
      if (opts.faults.has('image-untag-reports-deleted')) records.push({ Deleted: image.id });
      return records;
    }
  } else if (references > 1 && !opts.force) {
    throw new HttpError(409, `conflict: unable to delete ${shortId(image.id)} (must be forced) - image is referenced in multiple repositories`);
  }
  // Under `blind7-image-delete-untagged-kept` deletion is decided while untagging: an image without a reference is left alone.
  if (references === 0 && opts.faults.has('blind7-image-delete-untagged-kept')) return records;
  checkDeletable(store, image, opts.force || conflictIgnored, inUse);
  // Under `blind25-image-delete-by-name-no-delete-event` an image reached through its last name is dropped on the untag path: no delete event.
  removeWithReferences(store, events, image, records, opts.faults, Boolean(named) && opts.faults.has('blind25-image-delete-by-name-no-delete-event'));
  if (!opts.noprune || opts.faults.has('image-delete-noprune-ignored')) pruneParents(store, events, image, records, opts.faults);
  return records;
}

function checkDeletable(store: ImageStore, image: Image, force: boolean, inUse: boolean): void {
  if (store.children(image.id).length > 0) {
    throw new HttpError(409, `conflict: unable to delete ${shortId(image.id)} (cannot be forced) - image has dependent child images`);
  }
  if (inUse && !force) {
    throw new HttpError(409, `conflict: unable to delete ${shortId(image.id)} (must be forced) - image is being used by a container`);
  }
}

/** @param deleteEventLost `blind25-image-delete-by-name-no-delete-event`: the image goes without its delete event. */
function removeWithReferences(store: ImageStore, events: EventBus, image: Image, records: DeleteRecord[], faults: FaultSet, deleteEventLost = false): void {
  for (const ref of [...image.repoTags, ...image.repoDigests]) {
    store.untag(image.id, ref);
    records.push({ Untagged: untaggedValue(image, ref, faults) });
    events.emit({ Type: 'image', Action: 'untag', id: image.id, attributes: { name: ref } });
  }
  store.delete(image.id);
  records.push({ Deleted: image.id });
  if (!deleteEventLost) events.emit({ Type: 'image', Action: 'delete', id: image.id, attributes: { name: image.id } });
}

/** Deletes parents left dangling (no references, no other children, unused). */
function pruneParents(store: ImageStore, events: EventBus, image: Image, records: DeleteRecord[], faults: FaultSet): void {
  for (let parent = store.get(image.parent); parent; parent = store.get(parent.parent)) {
    const dangling = parent.repoTags.length + parent.repoDigests.length === 0;
    if (!dangling || store.children(parent.id).length > 0 || store.isInUse?.(parent.id)) return;
    removeWithReferences(store, events, parent, records, faults);
  }
}
