/**
 * The sixteenth batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: a link's alias missing from /etc/hosts, a removal by name that leaves the
 * container listed, a volume's removal event named `delete`, a pull of `repo@digest` cut at its
 * last colon, and an image deleted by id though a container uses it.
 */
import { faultArea } from '../../faults.ts';

/** Sixteenth-batch blind faults: one per given sentence. */
export const BLIND_16_FAULTS = faultArea('blind', [
  {
    name: 'blind16-link-alias-not-in-hosts',
    description: "HostConfig Links `name:alias` writes the linked container's hosts line under its name only: the alias does not resolve",
  },
  {
    name: 'blind16-delete-by-name-keeps-listed',
    description: 'DELETE /containers/(name) answers 204 and destroys the container but drops the store entry by the path key: it stays listed and found',
  },
  {
    name: 'blind16-events-volume-destroy-named-delete',
    description: "a volume's removal is announced with status/Action `delete` (the image word, the route's method) instead of `destroy`",
  },
  {
    name: 'blind16-pull-digest-split-last-colon',
    description: 'POST /images/create?fromImage=repo@sha256:<hex> cuts the reference at its last colon: repository `repo@sha256`, tag `<hex>`, refused',
  },
  {
    name: 'blind16-image-delete-by-id-in-use-allowed',
    description: 'DELETE /images/(id) of an image a container uses is not refused 409: the in-use test looks for containers by the name asked for',
  },
]);
