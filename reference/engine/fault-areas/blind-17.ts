/**
 * The seventeenth batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: an exec resize that sizes the container's terminal, an export sent
 * gzip-compressed, transfer progress counted in percent, a `sha256:` image id read as a tag, a build
 * file parsed step by step, and a push that drops the private registry's host.
 */
import { faultArea } from '../../faults.ts';

/** Seventeenth-batch blind faults: one per given sentence. */
export const BLIND_17_FAULTS = faultArea('blind', [
  {
    name: 'blind17-exec-resize-sizes-container',
    description: "POST /exec/(id)/resize sets the window of the exec's container's terminal, not the exec session's: the exec's tty keeps its size",
  },
  {
    name: 'blind17-export-gzip-compressed',
    description: 'GET /containers/(id)/export sends the filesystem tar gzip-compressed (still application/octet-stream): the body is not a tar stream',
  },
  {
    name: 'blind17-progress-current-percent',
    description: 'pull and push progress objects give progressDetail.current as the percent moved (50, 100), total in bytes: current is not the bytes moved',
  },
  {
    name: 'blind17-image-sha256-id-read-as-tag',
    description: 'an image (name) `sha256:<hex>` (the 1.22 Id) parses as repository `sha256` with tag `<hex>` and is looked up as that tag only: 404',
  },
  {
    name: 'blind17-build-file-parsed-per-step',
    description:
      'POST /build parses the build file line by line as it runs: the instructions before a syntax error run (and print their steps) before the error',
  },
  {
    name: 'blind17-push-registry-host-dropped',
    description: "POST /images/(host:port/repo)/push strips the registry host from the repository name: the image goes to the default registry's `repo`",
  },
]);
