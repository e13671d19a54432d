/**
 * The twelfth batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: start's detachKeys split at every comma, GroupAdd dropped for a container
 * with a User, the image list's Created read from the time the image was stored, an export that
 * keeps what the container deleted, changes without the parent directories, a build's RUN in the
 * FROM image's working directory, /version's kernel without its flavor, and a search of an
 * unreachable registry answered 404.
 */
import { faultArea } from '../../faults.ts';

/** Twelfth-batch blind faults: one per given sentence. */
export const BLIND_12_FAULTS = faultArea('blind', [
  {
    name: 'blind12-start-detach-keys-split-every-comma',
    description: '1.22 POST /containers/{id}/start splits detachKeys at every comma: `ctrl-,` (a key the spec lists) is refused 400',
  },
  {
    name: 'blind12-group-add-dropped-with-user',
    description: "a container created with a User runs with that user's groups alone: the HostConfig GroupAdd groups are not added",
  },
  {
    name: 'blind12-images-list-created-stored-time',
    description: "GET /images/json Created is the time the image was stored in the daemon (pull, load, build), not the image's created time",
  },
  {
    name: 'blind12-export-deleted-files-kept',
    description: 'GET /containers/{id}/export flattens the image layers without the whiteouts: files the container deleted are exported',
  },
  {
    name: 'blind12-changes-parent-dirs-omitted',
    description: 'GET /containers/{id}/changes lists only the paths the container wrote: the image directories above them are not listed modified',
  },
  {
    name: 'blind12-build-run-workdir-from-base',
    description: "POST /build runs each RUN in the FROM image's working directory: a WORKDIR earlier in the build file is not seen",
  },
  {
    name: 'blind12-version-kernel-without-flavor',
    description: 'GET /version KernelVersion is the release parsed as major.minor.patch: the suffix GET /info shows is lost',
  },
  {
    name: 'blind12-search-unreachable-404',
    description: 'GET /images/search for a term naming a registry that cannot be reached answers 404 (not found), a code search does not list',
  },
]);
