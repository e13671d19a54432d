/**
 * The second batch of engine faults written without sight of the conformance checks: images,
 * archive and copy, attach, exec, networks, container create, restart policies, rename, changes,
 * export and ping, the areas the first batch touched least.
 */
import { faultArea } from '../../faults.ts';

/** Second-batch blind faults: one per rule. */
export const BLIND_2_FAULTS = faultArea('blind', [
  { name: 'blind2-images-filter-prefix', description: 'GET /images/json?filter=<name> also lists images whose repository name only starts with the name' },
  { name: 'blind2-tag-force-copies', description: 'POST tag with force=1 adds the tag to this image but leaves it on the image that held it' },
  { name: 'blind2-search-no-match-all', description: 'GET /images/search answers every repository when no repository matches the term, instead of none' },
  { name: 'blind2-load-invalid-200', description: 'POST /images/load of a body that is no image tarball answers 200 with an empty stream and no error' },
  {
    name: 'blind2-archive-slash-file-200',
    description: 'GET archive with path ending in / on a file strips the slash and sends the file instead of answering 400',
  },
  {
    name: 'blind2-archive-put-overwrite-dir-only',
    description: 'PUT archive with noOverwriteDirNonDir=1 refuses to replace a directory with a file but lets a file be replaced by a directory',
  },
  { name: 'blind2-archive-stat-size-zero', description: 'the X-Vendor-Container-Path-Stat header gives size 0 for every resource, files included' },
  {
    name: 'blind2-get-many-missing-skipped',
    description: 'GET /images/get leaves out the names that name no image and answers 200 with the tarball of the others',
  },
  { name: 'blind2-attach-stderr-needs-stdout', description: 'attach with stderr=1 but without stdout=1 sends no stderr at all' },
  { name: 'blind2-attach-ws-logs-ignored', description: 'attach/ws ignores logs=1 (attach honours it): the WebSocket session carries no past output' },
  { name: 'blind2-exec-resize-missing-201', description: 'POST /exec/(id)/resize of an exec id that does not exist answers 201 instead of 404' },
  { name: 'blind2-exec-start-missing-409', description: 'POST /exec/(id)/start of an exec id that does not exist answers 409 instead of 404' },
  { name: 'blind2-network-connect-stopped-ignored', description: 'network connect of a container that is not running answers 200 but does not connect it' },
  { name: 'blind2-create-name-case-conflict', description: 'create compares names case-insensitively: name=Web is refused 409 when /web exists' },
  {
    name: 'blind2-restart-on-failure-one-extra',
    description: 'the on-failure restart policy restarts MaximumRetryCount + 1 times instead of MaximumRetryCount',
  },
  { name: 'blind2-rename-no-leading-slash', description: 'rename stores the new name without its leading slash: inspect Name reads "new" instead of "/new"' },
  { name: 'blind2-changes-deletions-omitted', description: 'GET changes leaves out deleted paths (Kind 2): only modified and added paths are listed' },
  {
    name: 'blind2-export-added-files-omitted',
    description: 'GET export sends the image files and the modified ones but leaves out the files the container added',
  },
  { name: 'blind2-ping-trailing-newline', description: 'GET /_ping answers "OK\\n" (with a newline) instead of the text OK' },
  { name: 'blind2-stop-t-zero-default', description: 'POST stop?t=0 waits the default 10 seconds before the kill (0 is read as not given)' },
]);
