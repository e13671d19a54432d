/** GET /images/json: `all`, `filters` (dangling, label), `filter` (name pattern), `digests`. */
import { checkFilterKeys, labelsMatch } from '../http/query.ts';
import type { RouteContext } from '../http/router.ts';
import type { Image } from './image.ts';
import type { ImageStore } from './store.ts';
import { listItem } from './shape.ts';
import { unixSeconds } from '../shape/common.ts';

/** `path.Match`-like globbing: `*` and `?` within one path segment. */
function globToRegExp(pattern: string): RegExp {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]');
  return new RegExp(`^${source}$`);
}

function isUntagged(image: Image): boolean {
  return image.repoTags.length === 0 && image.repoDigests.length === 0;
}

/** Untagged parents of other images (build steps) show only with `all`. */
function isIntermediate(store: ImageStore, image: Image): boolean {
  return isUntagged(image) && store.children(image.id).length > 0;
}

export function listImages(ctx: RouteContext, store: ImageStore): Array<Record<string, unknown>> {
  const filters = ctx.filters();
  checkFilterKeys(filters, ['dangling', 'label']);
  const all = ctx.bool('all') || (ctx.faults.has('images-all-false-lists-all') && ctx.query.has('all'));
  const digests = ctx.bool('digests');
  const dangling = filters.get('dangling');
  const labels = ctx.faults.has('images-label-filter-ignored') ? [] : (filters.get('label') ?? []);
  const ignoreFilters = ctx.faults.has('images-dangling-filter-ignored');
  const given = ctx.query.get('filter') ?? '';
  // Under `blind4-images-filter-tag-ignored` the tag of a name:tag filter is cut off, as if it were a repository name only.
  const name = ctx.faults.has('blind4-images-filter-tag-ignored') ? given.replace(/:[^/:]*$/, '') : given;
  const nameMatch =
    name && !ctx.faults.has('images-filter-param-ignored') ? globToRegExp(ctx.faults.has('blind2-images-filter-prefix') ? `${name}*` : name) : undefined;
  const out: Array<Record<string, unknown>> = [];
  const images = store.all().sort((a, b) => b.created.getTime() - a.created.getTime());
  for (const image of images) {
    if (!all && isIntermediate(store, image)) continue;
    if (all && ctx.faults.has('images-all-narrows') && image.repoTags.length) continue;
    if (dangling?.length && !ignoreFilters) {
      const wantDangling = dangling.some((v) => /^(1|true)$/i.test(v));
      if (wantDangling !== isUntagged(image)) continue;
    }
    if (!labelsMatch(image.config.Labels, labels)) continue;
    let tags = image.repoTags;
    if (nameMatch) {
      tags = tags.filter((t) => nameMatch.test(t) || nameMatch.test(t.slice(0, t.lastIndexOf(':'))));
      if (!tags.length) continue;
    }
    // Under `blind3-images-list-per-tag` an image is listed as one item per tag (a join of images and tags).
    const tagSets = ctx.faults.has('blind3-images-list-per-tag') && tags.length > 1 ? tags.map((t) => [t]) : [tags];
    for (const itemTags of tagSets) out.push(imageItem(ctx, store, image, digests, itemTags));
  }
  return out;
}

function imageItem(ctx: RouteContext, store: ImageStore, image: Image, digests: boolean, tags: string[]): Record<string, unknown> {
  const item = listItem(image, ctx.version, digests && !ctx.faults.has('images-digests-ignored'), tags);
  if (ctx.faults.has('list-1.18-has-Labels')) item.Labels = image.config.Labels ?? {};
  if (ctx.faults.has('images-list-created-iso')) item.Created = image.created.toISOString();
  if (ctx.faults.has('blind-images-list-created-milliseconds')) item.Created = image.created.getTime();
  // Under `blind12-images-list-created-stored-time` the list reads the time the image was stored here, not its config's created.
  const stored = ctx.faults.has('blind12-images-list-created-stored-time') ? store.storedAt(image.id) : undefined;
  if (stored) item.Created = unixSeconds(stored);
  if (ctx.faults.has('blind3-images-untagged-repotags-null') && tags.length === 0) item.RepoTags = null;
  const noLabels = item.Labels !== undefined && Object.keys(item.Labels as object).length === 0;
  if (ctx.faults.has('blind3-images-labels-null') && noLabels) item.Labels = null;
  return item;
}
