/** Named faults of the engine reference daemon about images: tag, delete, pull, push, build, import, commit, search, save and load. */
import { faultArea } from '../../faults.ts';

/** Images: names and references, tag, delete, pull, push, build, import, commit, search, save and load. */
export const IMAGE_FAULTS = faultArea('images', [
  { name: 'image-get-missing-404', description: 'GET /images/(name)/get of a missing image answers 404, a code the endpoint does not list (200, 500)' },
  { name: 'tag-returns-200', description: 'POST /images/(name)/tag answers 200 instead of 201' },
  { name: 'tag-conflict-201', description: 'tagging over a tag held by another image without force succeeds (201) instead of 409' },
  { name: 'image-delete-in-use-200', description: 'DELETE of an image a container uses (last reference, no force) deletes it (200) instead of 409' },
  { name: 'pull-missing-200', description: 'a pull of an unknown repository answers 200 with an in-stream error instead of 404' },
  { name: 'save-no-repositories', description: 'the image tarball of a name:tag has no root `repositories` file' },
  {
    name: 'save-repositories-by-repository',
    description: 'the `repositories` file of an image tarball maps every tag of a repository to the top layer of the first of its images saved',
  },
  { name: 'missing-image-500', description: 'an unknown image (inspect, history, tag, delete, push) answers 500 instead of 404' },
  {
    name: 'inspect-races-removal',
    description: 'an image removal takes 100 ms, during which an inspect of any image answers 500 "image not known" (as Podman 4.3\'s image store does)',
  },
  { name: 'image-short-id-unresolved', description: 'a short (12 hex) image ID does not resolve (404)' },
  { name: 'image-tag-ignored', description: 'an image reference name:tag resolves to the first image holding any tag of that name' },
  { name: 'image-digest-ref-unresolved', description: 'a repo@sha256:… reference does not resolve (404)' },
  {
    name: 'image-history-registry-port-split',
    description:
      'GET /images/(name)/history splits the name at its first colon: a repository with a registry host and port ' +
      '(127.0.0.1:5000/mine:v1) reads as repository 127.0.0.1, and the image that holds the name is not found (404)',
  },
  { name: 'images-digests-ignored', description: 'GET /images/json?digests=1 adds no RepoDigests' },
  { name: 'images-all-narrows', description: 'GET /images/json?all=1 leaves out the tagged images' },
  { name: 'images-all-false-lists-all', description: 'GET /images/json reads all=0 (or false, False) as all=1: the untagged parents of builds are listed' },
  { name: 'build-t-ignored', description: 'POST /build ignores t: the image gets no name' },
  { name: 'build-vendorfile-param-ignored', description: 'POST /build ignores the vendorfile parameter and reads the default build file' },
  { name: 'build-nocache-ignored', description: 'POST /build?nocache=1 still uses the cache' },
  { name: 'build-quiet-ignored', description: 'POST /build?q=1 still writes the verbose output' },
  { name: 'build-buildargs-ignored', description: '1.22 POST /build ignores buildargs' },
  { name: 'build-compressed-context-rejected', description: 'POST /build answers 500 to a gzip, bzip2 or xz context' },
  { name: 'build-syntax-error-ignored', description: 'POST /build skips unknown instructions instead of reporting the syntax error' },
  { name: 'build-drops-last-instruction', description: 'POST /build does not run the last instruction of the build file' },
  { name: 'build-context-files-dropped', description: 'POST /build sees only the build file, not the other files of the context' },
  { name: 'build-pull-ignored', description: 'POST /build?pull=1 uses the local base image instead of pulling it' },
  { name: 'build-pull-progress-dropped', description: "POST /build pulls its base image without writing the pull's progress objects into the build stream" },
  { name: 'build-registry-config-rejected', description: 'POST /build answers 500 when X-Registry-Config is sent' },
  { name: 'import-repo-ignored', description: 'an import (fromSrc) leaves the image unnamed whatever repo says' },
  {
    name: 'import-body-ignored',
    description: 'an import from the request body (fromSrc=-) reads the body and drops it: the image named repo is an empty one (a layer with no file)',
  },
  { name: 'import-url-unsupported', description: 'an import from a URL (fromSrc=<URL>) answers 500' },
  { name: 'pull-stream-error', description: 'a pull of an existing repository ends with an in-stream {error} and stores nothing' },
  { name: 'pull-tag-ignored', description: 'a pull with tag fetches every tag of the repository' },
  { name: 'pull-empty-tag-latest-only', description: 'a pull with an empty tag fetches only latest instead of every tag' },
  { name: 'pull-from-image-ref-ignored', description: '1.22 a tag or digest in fromImage is ignored (latest is pulled)' },
  { name: 'push-stream-error', description: 'a push to a registry ends with an in-stream {error}' },
  { name: 'push-tag-ignored', description: 'a push with tag pushes every tag of the repository' },
  { name: 'tag-bad-name-500', description: 'tagging with an invalid repository name answers 500 instead of 400' },
  { name: 'tag-force-ignored', description: 'tag with force=1 over a tag another image holds answers 409' },
  { name: 'image-delete-no-Deleted', description: 'DELETE /images/(name) answers no {Deleted} object for a removed image' },
  { name: 'image-delete-force-ignored', description: 'DELETE /images/(name)?force=1 of an image in use answers 409' },
  {
    name: 'image-untag-reports-latest',
    description: 'DELETE /images/(name:tag) answers {Untagged: name:latest}, a reference with its tag lost, instead of the image identifier',
  },
  {
    name: 'untagged-value-is-reference',
    description: 'DELETE /images/(name) answers {Untagged: <the reference removed>}, as Docker and Podman do, instead of an image identifier',
  },
  {
    name: 'image-untag-reports-deleted',
    description: 'DELETE of one tag of an image that keeps another also answers {Deleted: <image ID>}, though the image stays',
  },
  { name: 'image-delete-noprune-ignored', description: 'DELETE /images/(name)?noprune=1 still deletes the untagged parents' },
  { name: 'search-term-ignored', description: 'GET /images/search answers every repository whatever the term' },
  {
    name: 'search-unreachable-empty',
    description:
      'GET /images/search of a registry host it cannot reach answers 200 with no results instead of the server error (500): ' +
      'a legal reading (the spec never says a host part selects the registry; the literal term matches nothing)',
  },
  {
    name: 'search-host-term-every-repository',
    description: 'GET /images/search of a registry host it cannot reach answers 200 with every repository of its index, matching the term or not',
  },
  { name: 'save-layer-version-2', description: 'the image tarball layer directories carry VERSION 2.0' },
  { name: 'save-layer-whiteouts-dropped', description: 'the layer.tar files of an image tarball leave out the whiteouts of deleted files' },
  {
    name: 'save-layer-modified-files-dropped',
    description:
      'the layer.tar files of an image tarball leave out the files whose content the layer changed (a diff by presence: only added files and whiteouts)',
  },
  {
    name: 'save-layer-attribute-changes-dropped',
    description: 'the layer.tar files of an image tarball leave out the files whose attributes alone the layer changed (a chmod: same content as the parent)',
  },
  { name: 'save-content-type-octet', description: 'the image tarball is sent as application/octet-stream' },
  { name: 'save-name-tag-whole-repo', description: 'the tarball of name:tag holds every tag of the repository' },
  { name: 'save-id-has-repositories', description: 'the tarball of an image ID carries a repositories file' },
  { name: 'get-many-first-name-only', description: 'GET /images/get saves only the first names value' },
  {
    name: 'get-many-bare-name-latest-only',
    description: 'GET /images/get reads a names value without tag as name:latest: only the latest tag of that repository is saved, not all its tags',
  },
  {
    name: 'get-many-id-in-repositories',
    description: 'GET /images/get writes a names value that is an image ID into the repositories file under every tag of that image',
  },
  {
    name: 'load-needs-manifest',
    description: "POST /images/load refuses (500) a tarball without manifest.json, a file the spec's tarball format does not have: only its own saves load",
  },
  {
    name: 'images-get-whole-repository',
    description: 'GET /images/get saves the whole repository of each names value name:tag (every tag of it), the tag ignored',
  },
  { name: 'load-ignores-tags', description: 'POST /images/load loads the images but not their tags' },
  { name: 'build-not-canceled', description: 'a build whose client dropped the connection runs on to its end and tags its image' },
  { name: 'commit-returns-200', description: 'POST /commit answers 200 instead of 201' },
  { name: 'commit-newest-container', description: 'POST /commit commits the most recently created container, not the one `container` names' },
  { name: 'commit-repo-ignored', description: 'POST /commit leaves the new image unnamed whatever repo/tag say' },
  { name: 'commit-author-comment-dropped', description: 'POST /commit does not record comment and author' },
  { name: 'commit-changes-ignored', description: 'POST /commit ignores changes' },
  { name: 'commit-body-config-ignored', description: 'POST /commit ignores the container configuration in the body' },
  { name: 'commit-pause-ignored', description: '1.22 POST /commit?pause=1 does not pause the container' },
  { name: 'commit-pause-before-only', description: '1.22 POST /commit?pause=1 pauses and unpauses the container before it commits, not while' },
  { name: 'push-registry-auth-refused', description: 'a push carrying X-Registry-Auth ends with an in-stream authentication {error}' },
  {
    name: 'registry-auth-ignored',
    description: 'pull and push do not pass the X-Registry-Auth credentials to the registry (it answers as to an anonymous client)',
  },
  {
    name: 'official-registry-key-unrecognized',
    description:
      'build looks up the official registry in X-Registry-Config under index.docker.io instead of the https://index.docker.io/v1/ key the spec requires',
  },
  { name: 'build-registry-config-ignored', description: 'build does not pass the X-Registry-Config credentials when it pulls its FROM image from a registry' },
  {
    name: 'registry-config-standard-base64',
    description: "build decodes X-Registry-Config with the standard base64 alphabet only: a header holding '-' or '_' (URL-safe) gives no credentials",
  },
  { name: 'build-x-tar-refused', description: 'POST /build answers 415 to a body sent as application/x-tar (other content types are accepted)' },
  { name: 'build-identity-context-refused', description: 'POST /build answers 500 to an uncompressed (identity) context; compressed contexts are accepted' },
  { name: 'build-rm-default-off', description: 'POST /build without rm keeps the intermediate containers of a successful build (rm defaults to false)' },
  { name: 'build-forcerm-ignored', description: 'a failed POST /build keeps its intermediate containers whatever forcerm says' },
  {
    name: 'build-output-unnamed-intermediates-kept',
    description:
      'POST /build words its output without " ---> Running in <id>" (no step container is named) ' +
      'and keeps every intermediate container, whatever rm and forcerm say',
  },
]);

/** Limits: the range checks of resource values outside container create and update. */
export const LIMIT_FAULTS = faultArea('limits', [
  { name: 'build-shmsize-unchecked', description: '1.22 POST /build accepts a negative shmsize' },
  { name: 'build-shmsize-ignored', description: '1.22 POST /build accepts shmsize but its containers get the 64 MB default' },
]);
