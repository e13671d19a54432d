import type { Teeth } from './types.ts';

const I = 'engine/images';

/** Image faults and the image checks that must catch them (suites/engine/images/). */
export const imageTeeth: Teeth[] = [
  // list
  { fault: 'images-list-created-iso', version: '1.22', catches: [`${I}/list/200-response-schema`] },
  { fault: 'list-1.18-has-Labels', version: '1.18', catches: [`${I}/list/200-response-schema/1.18-no-labels`] },
  { fault: 'images-all-narrows', version: '1.22', catches: [`${I}/list/query-all`] },
  { fault: 'images-dangling-filter-ignored', version: '1.22', catches: [`${I}/list/filter-dangling`] },
  { fault: 'images-label-filter-ignored', version: '1.18', catches: [`${I}/list/filter-label`] },
  { fault: 'images-filter-param-ignored', version: '1.22', catches: [`${I}/list/query-filter`] },
  { fault: 'images-digests-ignored', version: '1.22', catches: [`${I}/list/query-digests`] },
  { fault: 'image-digest-ref-unresolved', version: '1.22', catches: [`${I}/list/reference-by-tag-or-digest/digest`] },
  // build
  { fault: 'build-t-ignored', version: '1.22', catches: [`${I}/build/200-json-stream`, `${I}/build/query-t`, `${I}/build/query-t-repeatable`] },
  { fault: 'build-vendorfile-param-ignored', version: '1.22', catches: [`${I}/build/query-vendorfile`] },
  { fault: 'build-context-files-dropped', version: '1.22', catches: [`${I}/build/default-vendorfile`] },
  { fault: 'build-drops-last-instruction', version: '1.18', catches: [`${I}/build/instructions-in-order`] },
  { fault: 'build-compressed-context-rejected', version: '1.22', catches: [`${I}/build/context-gzip`, `${I}/build/context-bzip2`, `${I}/build/context-xz`] },
  { fault: 'build-syntax-error-ignored', version: '1.22', catches: [`${I}/build/syntax-error`] },
  { fault: 'build-error-no-errorDetail', version: '1.22', catches: ['engine/errors/build-error-detail', `${I}/build/syntax-error`] },
  { fault: 'build-quiet-ignored', version: '1.22', catches: [`${I}/build/query-q`] },
  { fault: 'build-nocache-ignored', version: '1.18', catches: [`${I}/build/query-nocache`] },
  { fault: 'build-buildargs-ignored', version: '1.22', catches: [`${I}/build/query-buildargs`] },
  { fault: 'build-shmsize-unchecked', version: '1.22', catches: [`${I}/build/query-shmsize`] },
  { fault: 'build-pull-ignored', version: '1.22', catches: [`${I}/build/query-pull`] },
  { fault: 'build-registry-config-rejected', version: '1.22', catches: ['engine/auth/x-registry-config-official-registry-key'] },
  // create: import and pull; push
  { fault: 'import-repo-ignored', version: '1.22', catches: [`${I}/create/query-from-src-body`, `${I}/create/query-repo`, `${I}/create/query-repo-with-tag`] },
  { fault: 'import-url-unsupported', version: '1.22', catches: [`${I}/create/query-from-src-url`] },
  { fault: 'import-no-progress', version: '1.18', catches: [`${I}/create/query-from-src-body`, `${I}/create/query-repo`] },
  { fault: 'pull-stream-error', version: '1.22', catches: [`${I}/create/query-from-image`, 'engine/service/typical-run-flow'] },
  { fault: 'pull-tag-ignored', version: '1.22', catches: [`${I}/create/query-tag`] },
  { fault: 'pull-empty-tag-latest-only', version: '1.18', catches: [`${I}/create/query-tag-empty-pulls-all`] },
  { fault: 'pull-from-image-ref-ignored', version: '1.22', catches: [`${I}/create/query-from-image-tag-or-digest`] },
  { fault: 'pull-missing-200', version: '1.22', catches: [`${I}/create/404-no-such-repository`] },
  { fault: 'push-stream-error', version: '1.22', catches: [`${I}/push/200-progress-stream`] },
  { fault: 'push-tag-ignored', version: '1.22', catches: [`${I}/push/query-tag`] },
  { fault: 'inspect-races-removal', version: '1.22', catches: [`${I}/inspect/200-response-schema/beside-removal`] },
  {
    fault: 'missing-image-500',
    version: '1.22',
    catches: [
      `${I}/push/404-no-such-image`,
      `${I}/inspect/404-no-such-image`,
      `${I}/history/404-no-such-image`,
      `${I}/tag/404-no-such-image`,
      `${I}/delete/404-no-such-image`,
    ],
  },
  // inspect, history
  { fault: 'image-inspect-no-GraphDriver', version: '1.22', catches: [`${I}/inspect/200-response-schema`] },
  { fault: 'inspect-1.18-has-1.22-fields', version: '1.18', catches: [`${I}/inspect/200-response-schema/1.18-fields`] },
  { fault: 'image-short-id-unresolved', version: '1.22', catches: [`${I}/inspect/name-tag-or-id`] },
  { fault: 'image-tag-ignored', version: '1.18', catches: [`${I}/inspect/name-tag-or-id`] },
  { fault: 'history-1.22-no-Tags', version: '1.22', catches: [`${I}/history/200-response-schema`] },
  // tag, delete
  { fault: 'tag-returns-200', version: '1.22', catches: [`${I}/tag/201-tagged`] },
  { fault: 'tag-bad-name-500', version: '1.22', catches: [`${I}/tag/400-bad-parameter`] },
  { fault: 'tag-conflict-201', version: '1.22', catches: [`${I}/tag/409-conflict`] },
  { fault: 'tag-force-ignored', version: '1.22', catches: [`${I}/tag/query-force`] },
  { fault: 'image-delete-no-Deleted', version: '1.22', catches: [`${I}/delete/200-untagged-deleted`] },
  { fault: 'image-untag-reports-id', version: '1.18', catches: [`${I}/delete/200-untagged-deleted`, `${I}/delete/200-untagged-deleted/untag-only`] },
  { fault: 'image-untag-reports-deleted', version: '1.22', catches: [`${I}/delete/200-untagged-deleted/untag-only`] },
  { fault: 'image-delete-in-use-200', version: '1.22', catches: [`${I}/delete/409-image-in-use`] },
  { fault: 'image-delete-force-ignored', version: '1.22', catches: [`${I}/delete/query-force`] },
  { fault: 'image-delete-noprune-ignored', version: '1.18', catches: [`${I}/delete/query-noprune`] },
  // search
  { fault: 'search-wrong-keys', version: '1.22', catches: [`${I}/search/200-response-schema`, `${I}/search/registry-style-keys`] },
  { fault: 'search-term-ignored', version: '1.22', catches: [`${I}/search/query-term`] },
  // get, get-many, load
  { fault: 'save-layer-version-2', version: '1.22', catches: [`${I}/get/tarball-format`] },
  { fault: 'save-content-type-octet', version: '1.22', catches: [`${I}/get/tarball-format`] },
  { fault: 'save-no-repositories', version: '1.22', catches: [`${I}/get/200-tarball`, `${I}/get/tarball-format`] },
  { fault: 'save-name-tag-whole-repo', version: '1.22', catches: [`${I}/get/name-tag-only-that-image`] },
  { fault: 'save-id-has-repositories', version: '1.22', catches: [`${I}/get/image-id-no-repositories-file`] },
  { fault: 'get-many-first-name-only', version: '1.22', catches: [`${I}/get-many/query-names-repeatable`] },
  { fault: 'load-ignores-tags', version: '1.22', catches: [`${I}/load/200-loaded`] },
  // commit
  { fault: 'commit-returns-200', version: '1.22', catches: [`${I}/commit/201-response-schema`] },
  { fault: 'commit-repo-ignored', version: '1.18', catches: [`${I}/commit/201-response-schema`] },
  { fault: 'commit-author-comment-dropped', version: '1.22', catches: [`${I}/commit/query-comment-author`] },
  { fault: 'commit-changes-ignored', version: '1.18', catches: [`${I}/commit/query-changes`] },
  { fault: 'commit-body-config-ignored', version: '1.22', catches: [`${I}/commit/body-config`] },
  { fault: 'commit-pause-ignored', version: '1.22', catches: [`${I}/commit/query-pause`] },
  { fault: 'missing-container-500', version: '1.22', catches: [`${I}/commit/404-no-such-container`] },
];
